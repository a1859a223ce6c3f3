import { fromCallback } from 'xstate';
import type { SocketCommand, SocketInput, SocketReport } from '@machines/ws-subscription';
import { currentApiBase } from '@/api/rpc-calls';
import { websocketUrl } from '@/domain/endpoint-urls';
import { CLOSE_CODES } from '@/domain/socket-close';

/** Opens a WebSocket: the browser's, unless a test brings another. */
export type OpenSocket = (url: string) => WebSocket;

const browserSocket: OpenSocket = (url) => new WebSocket(url);

/**
 * The subscription machine's `socket` actor over a real WebSocket to the gateway: the URL /endpoints
 * shows for the key and network (ws:// or wss://, as the API base is http or https). It reports the
 * socket's open, text messages and close to the machine, and sends or closes when told. Stopping
 * the actor (the machine left its connection) closes the socket and stops reporting.
 */
export function subscriptionSocketActor(openSocket: OpenSocket = browserSocket, apiBase: () => string = currentApiBase) {
  return fromCallback<SocketCommand, SocketInput>(({ input, sendBack, receive }) => {
    const report = (event: SocketReport) => sendBack(event);
    const listening = new AbortController();
    const { signal } = listening;
    let socket: WebSocket;
    try {
      socket = openSocket(websocketUrl(apiBase(), input.network, input.apiKey));
    } catch (error) {
      // A URL the browser refuses outright fails like a refused handshake, once the machine is listening.
      const reason = error instanceof Error ? error.message : '';
      queueMicrotask(() => {
        if (!signal.aborted) report({ type: 'socket.closed', code: CLOSE_CODES.abnormal, reason });
      });
      return () => listening.abort();
    }
    socket.addEventListener('open', () => report({ type: 'socket.opened' }), { signal });
    socket.addEventListener(
      'message',
      (event: MessageEvent<unknown>) => {
        if (typeof event.data === 'string') report({ type: 'socket.message', text: event.data });
      },
      { signal },
    );
    socket.addEventListener('close', (event) => report({ type: 'socket.closed', code: event.code, reason: event.reason }), { signal });
    receive((command) => {
      if (command.type === 'socket.close') socket.close(CLOSE_CODES.normal);
      else if (socket.readyState === socket.OPEN) socket.send(command.text);
    });
    return () => {
      listening.abort();
      if (socket.readyState === socket.CONNECTING || socket.readyState === socket.OPEN) socket.close(CLOSE_CODES.normal);
    };
  });
}

/** For `wsSubscriptionMachine.provide({ actors: ... })`. */
export const subscriptionSocketActors = { socket: subscriptionSocketActor() };
