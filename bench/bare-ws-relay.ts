/**
 * A reference for the WebSocket row of `npm run bench:gateway` (BENCH_WS_BARE=1): a Node WebSocket
 * relay on `ws`, one socket to the node per client socket as the gateway opens, every message passed
 * on both ways as it came: no key, no allow-lists, no subscription bookkeeping, no credits, no
 * metering. Its distance to anvil is what relaying in one Node process costs on this machine.
 *
 * Run as a script: `node --import tsx bench/bare-ws-relay.ts <port> <node ws URL>`; it prints
 * `listening` once it listens.
 */
import { fileURLToPath } from 'node:url';
import WebSocket, { type RawData, WebSocketServer } from 'ws';
import { startListeningChild } from './listening-child';

export interface RunningBareRelay {
  readonly url: string;
  readonly pid: number;
  stop(): Promise<void>;
}

function relay(port: number, nodeUrl: string): void {
  const server = new WebSocketServer({ host: '127.0.0.1', port, perMessageDeflate: false });
  server.on('connection', (client) => {
    const node = new WebSocket(nodeUrl, { perMessageDeflate: false });
    const early: Array<readonly [RawData, boolean]> = [];
    client.on('message', (data, isBinary) => {
      if (node.readyState === WebSocket.OPEN) node.send(data, { binary: isBinary });
      else early.push([data, isBinary]);
    });
    node.once('open', () => {
      for (const [data, isBinary] of early.splice(0)) node.send(data, { binary: isBinary });
    });
    node.on('message', (data, isBinary) => client.send(data, { binary: isBinary }));
    const end = () => {
      client.terminate();
      node.terminate();
    };
    for (const socket of [client, node]) {
      socket.on('close', end);
      socket.on('error', end);
    }
  });
  server.once('listening', () => console.log('listening'));
  process.on('SIGTERM', () => process.exit(0));
}

/** Starts the script in its own process and waits until it listens. */
export async function startBareRelay(port: number, nodeSocketUrl: string): Promise<RunningBareRelay> {
  const child = await startListeningChild('the bare WebSocket relay', fileURLToPath(import.meta.url), [String(port), nodeSocketUrl]);
  return { url: `ws://127.0.0.1:${port}/`, pid: child.pid, stop: child.stop };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [port = '', nodeUrl = ''] = process.argv.slice(2);
  relay(Number(port), nodeUrl);
}
