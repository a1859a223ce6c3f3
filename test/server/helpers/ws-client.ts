import WebSocket from 'ws';

/** A pause, for the node to mine or the gateway to report. */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds, polling every 20 ms; fails with `what` after `ms`. */
export async function until(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what} within ${ms} ms`);
    await pause(20);
  }
}

export interface RawClient {
  readonly socket: WebSocket;
  /** Every message received, parsed, in order. */
  readonly messages: unknown[];
  /** The close code once the socket closed; null before. */
  readonly closed: Promise<{ code: number; reason: string }>;
}

/** A raw client of the gateway's WebSocket endpoint, open. */
export async function rawClient(url: string, headers: Record<string, string> = {}): Promise<RawClient> {
  const socket = new WebSocket(url, { headers });
  const messages: unknown[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })),
  );
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.on('error', () => undefined);
  return { socket, messages, closed };
}

/** The handshake's HTTP refusal: its status and JSON-RPC body. */
export function refusal(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => reject(new Error('the handshake was accepted')));
    socket.once('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    socket.once('error', () => undefined);
  });
}

/** Notifications among a client's messages: eth_subscription params' results, in order. */
export function notificationsOf(messages: readonly unknown[]): unknown[] {
  const results: unknown[] = [];
  for (const message of messages) {
    if (typeof message !== 'object' || message === null || !('method' in message) || message.method !== 'eth_subscription') continue;
    const params = 'params' in message ? message.params : undefined;
    if (typeof params === 'object' && params !== null && 'result' in params) results.push(params.result);
  }
  return results;
}
