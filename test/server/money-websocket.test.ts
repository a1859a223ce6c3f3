import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CREDITS_PER_NOTIFICATION, creditsFor } from '@/domain/credits';
import { callNode, setUpTestAnvil } from '../support/anvil';
import { copyDatabaseTemplate } from '../support/database-template';
import { uniqueEmail } from './helpers/accounts';
import { field, getMe, json, signIn, signUp, startOnFreePort, stop, stopAllStarted } from './helpers/started-server';
import { pause, until } from './helpers/ws-client';

/**
 * Money over WebSockets: notifications are charged one by one as the socket takes them.
 * Clients subscribe on `npm start` (WORKERS=1 and 2) while a real anvil mines every 40 ms; some close
 * their sockets as they go, one is cut without a close, and the rest are still subscribed when the
 * server gets SIGTERM. Whatever reached a client that closed cleanly, or that the server closed, is
 * exactly what was charged and metered, read again after a restart.
 */
// Registered before the servers: started first, stopped after them.
const anvil = setUpTestAnvil();
let dataDir = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'money-websocket-'));
});
afterAll(async () => {
  await stopAllStarted();
  await rm(dataDir, { recursive: true, force: true });
});

interface Subscriber {
  readonly socket: WebSocket;
  /** Notifications received (every subscription of the socket). */
  received: number;
  readonly closed: Promise<number>;
}

async function subscriber(url: string, subscriptions: number): Promise<Subscriber> {
  const socket = new WebSocket(url);
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  socket.on('error', () => undefined);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const own: Subscriber = { socket, received: 0, closed };
  let answered = 0;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (field(message, 'method') === 'eth_subscription') own.received += 1;
    else if (typeof field(message, 'result') === 'string') answered += 1;
    else throw new Error(`unexpected ${String(data)}`);
  });
  for (let id = 1; id <= subscriptions; id += 1)
    socket.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_subscribe', params: ['newHeads'] }));
  await until(() => answered === subscriptions, 'the subscriptions');
  return own;
}

async function figures(url: string, token: string): Promise<{ charged: number; metered: number; requests: number }> {
  const totals = field(await json(await fetch(`${url}/api/usage`, { headers: { authorization: `Bearer ${token}` } })), 'totals');
  return {
    charged: Number(field(await getMe(url, token), 'currentCredit')),
    metered: Number(field(totals, 'credits')),
    requests: Number(field(totals, 'requests')),
  };
}

describe.each([1, 2])('notifications charged exactly with WORKERS=%i', (workers) => {
  it('through clean closes, a cut connection and SIGTERM, read again after a restart', async () => {
    const data = join(dataDir, `w${workers}`);
    await copyDatabaseTemplate(join(data, 'data'));
    const settings = { WORKERS: String(workers), ...anvil.upstream() };
    let server = await startOnFreePort(data, settings);
    const cleanEmail = uniqueEmail(`wsmoney${workers}`);
    const clean = await signUp(server.url, cleanEmail);
    const cutEmail = uniqueEmail(`wscut${workers}`);
    const cut = await signUp(server.url, cutEmail);
    const wsUrl = (apiKey: string) => `${server.url.replace(/^http/, 'ws')}/api/v1/mainnet/${apiKey}`;

    // Five sockets (Free's limit) of two subscriptions each for one user, one more user's socket to be cut.
    const sockets = await Promise.all(Array.from({ length: 5 }, () => subscriber(wsUrl(clean.apiKey), 2)));
    const doomed = await subscriber(wsUrl(cut.apiKey), 1);
    let mining = true;
    const miner = (async () => {
      while (mining) {
        await callNode(anvil.node, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }));
        await pause(40);
      }
    })();
    // Closed by the client at different moments, each after some notifications.
    for (const [index, own] of sockets.slice(0, 2).entries()) {
      await until(() => own.received >= 6 + 5 * index, 'notifications', 10_000);
      own.socket.close();
      // The server's answer to the close is awaited: SIGTERM below must not race an unread close frame.
      expect(await own.closed).toBe(1005);
    }
    await until(() => doomed.received >= 5, 'notifications', 10_000);
    doomed.socket.terminate();
    const cutReceived = doomed.received;
    try {
      await until(() => sockets.slice(2).every((own) => own.received >= 20), 'notifications', 10_000);
      // SIGTERM while blocks keep coming: the sockets still open are closed by the server (1001).
      expect(await stop(server)).toBe(0);
    } finally {
      mining = false;
      await miner;
    }
    expect(await Promise.all(sockets.map((own) => own.closed))).toEqual([1005, 1005, 1001, 1001, 1001]);

    server = await startOnFreePort(data, settings);
    try {
      const received = sockets.reduce((sum, own) => sum + own.received, 0);
      const subscribed = 10 * creditsFor('eth_subscribe');
      expect(await figures(server.url, await signIn(server.url, cleanEmail))).toEqual({
        charged: subscribed + received * CREDITS_PER_NOTIFICATION,
        metered: subscribed + received * CREDITS_PER_NOTIFICATION,
        requests: 10 + received,
      });
      // Cut without a close: what the server wrote before it saw the cut is charged, and metered alike.
      const cutFigures = await figures(server.url, await signIn(server.url, cutEmail));
      expect(cutFigures.charged).toBe(cutFigures.metered);
      expect(cutFigures.charged).toBeGreaterThanOrEqual(creditsFor('eth_subscribe') + cutReceived * CREDITS_PER_NOTIFICATION);
      expect(cutFigures.requests).toBe(1 + (cutFigures.charged - creditsFor('eth_subscribe')) / CREDITS_PER_NOTIFICATION);
    } finally {
      expect(await stop(server)).toBe(0);
    }
  }, 120_000);
});
