import { describe, expect, it } from 'vitest';
import { CLOSE_CODES, HANDSHAKE_FAILED, connectionEnd } from '@/domain/socket-close';
import { WEBSOCKET_CLOSES } from '@/domain/websocket-protocol';

describe('why a WebSocket to the gateway ended, in words', () => {
  it.each([
    [1000, '', 'The gateway closed the connection.', false],
    [1001, 'the server is shutting down', 'The server is shutting down or restarting.', true],
    [1006, '', 'The connection dropped without a word from the gateway (network lost, or the server went away).', true],
    [
      1008,
      'the monthly credit quota is used up',
      'Your monthly credit quota is used up, so notifications stopped. Upgrade your plan, or wait for the next billing cycle.',
      false,
    ],
    [
      1008,
      'the API key was deleted or no longer allows this client',
      'The API key was deleted, or your RPC Access Control no longer allows this page. Check API Keys and RPC Access Control.',
      false,
    ],
    [1008, 'too many pings: at most 100 a second', 'This client sent the gateway too many pings (over 100 a second).', false],
    // A 1008 for a reason the gateway does not give (a proxy's): quoted, and not retried.
    [1008, '', 'The connection closed with code 1008.', false],
    [1009, 'Max payload size exceeded', 'A message was larger than the gateway accepts (1 MiB).', false],
    [1009, '', 'A message was larger than the gateway accepts (1 MiB).', false],
    [
      1011,
      'the node closed its connection; subscriptions were lost',
      'The node closed its connection, and the subscription with it.',
      true,
    ],
    [1011, 'the gateway failed; connect again', 'The gateway failed.', true],
    [1012, '', 'The gateway asked to connect again later.', true],
    [1013, 'try again later', 'The gateway asked to connect again later.', true],
    [
      4000,
      'the client reads too slowly: send buffer full',
      'This page read notifications too slowly and the gateway’s send buffer filled up.',
      true,
    ],
    [4001, 'no answer to ping', 'The connection went silent: no answer to the gateway’s ping.', true],
    [
      4002,
      "beyond the plan's WebSocket connections: the newest are closed",
      'Your plan allows fewer WebSocket connections than were open, so the newest were closed. Close another connection, or upgrade your plan.',
      false,
    ],
    [
      4002,
      "beyond the plan's subscriptions per connection",
      'Your plan allows fewer subscriptions per connection than this one held, so it was closed. Connect again and subscribe to what your plan allows.',
      true,
    ],
    [4999, 'custom', 'The connection closed with code 4999: custom.', false],
    [1002, '', 'The connection closed with code 1002.', false],
    [3000, `  ${'x'.repeat(200)}  `, `The connection closed with code 3000: ${'x'.repeat(120)}.`, false],
  ] as const)('%i %j → %j (reconnect: %s)', (code, reason, message, reconnect) => {
    expect(connectionEnd(code, reason)).toEqual({ message, reconnect });
  });

  it('tells apart every close the gateway sends (websocket-protocol.ts)', () => {
    const told = Object.entries(WEBSOCKET_CLOSES).map(([name, { code, reason }]) => [name, connectionEnd(code, reason).message] as const);
    expect(new Set(told.map(([, message]) => message)).size).toBe(told.length);
    for (const [, message] of told) expect(message).not.toMatch(/^The connection closed with code/);
    // What the gateway means by each close decides whether to connect again.
    expect(
      Object.fromEntries(Object.entries(WEBSOCKET_CLOSES).map(([name, { code, reason }]) => [name, connectionEnd(code, reason).reconnect])),
    ).toEqual({
      goingAway: true,
      keyRevoked: false,
      quotaUsedUp: false,
      keyCapReached: false,
      upstreamClosed: true,
      internal: true,
      tooSlow: true,
      pingFlood: false,
      tooBig: false,
      idle: true,
      overConnectionLimit: false,
      overSubscriptionLimit: true,
    });
  });

  it('names the codes as RFC 6455 and the gateway number them', () => {
    expect(CLOSE_CODES).toMatchObject({
      normal: 1000,
      goingAway: 1001,
      abnormal: 1006,
      policy: 1008,
      internal: 1011,
      tooSlow: 4000,
      idle: 4001,
      overLimit: 4002,
    });
    expect(WEBSOCKET_CLOSES.tooSlow.code).toBe(CLOSE_CODES.tooSlow);
    expect(WEBSOCKET_CLOSES.idle.code).toBe(CLOSE_CODES.idle);
  });

  it('says what a refused handshake may mean, since the browser cannot tell', () => {
    for (const status of ['401', '403', '429']) expect(HANDSHAKE_FAILED).toContain(`(${status})`);
  });
});
