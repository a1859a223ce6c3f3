import { fromCallback } from 'xstate';
import type { SocketCommand, SocketInput, SocketReport } from '@machines/ws-subscription';

/**
 * A stand-in for the browser's WebSocket, as the subscription machine's `socket` actor: it records
 * where it was asked to connect and what it was told (send, close), and reports what the test says
 * the gateway did, through the actor's own `sendBack`, as the real socket actor does.
 */
export function fakeSocket() {
  const inputs: SocketInput[] = [];
  const commands: SocketCommand[] = [];
  let sendBack: ((event: SocketReport) => void) | null = null;
  let stops = 0;

  const logic = fromCallback<SocketCommand, SocketInput>(({ input, sendBack: report, receive }) => {
    inputs.push(input);
    sendBack = report;
    receive((command) => void commands.push(command));
    return () => {
      sendBack = null;
      stops += 1;
    };
  });

  return {
    logic,
    /** Every connection asked for, oldest first. */
    inputs,
    /** Everything the machine told the socket, oldest first. */
    commands,
    /** Whether a socket actor is running (the machine holds a connection). */
    get running() {
      return sendBack !== null;
    },
    /** How many socket actors were stopped (each closes its WebSocket). */
    get stops() {
      return stops;
    },
    report(event: SocketReport) {
      if (sendBack === null) throw new Error(`no socket is running to report ${event.type}`);
      sendBack(event);
    },
  };
}
