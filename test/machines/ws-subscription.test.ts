import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type WsSubscriptionInput, wsSubscriptionMachine } from '@machines/ws-subscription';
import {
  selectCanStop,
  selectCanSubscribe,
  selectCredits,
  selectError,
  selectFilterProblem,
  selectPhase,
  selectStopLabel,
} from '@machines/ws-subscription.selectors';
import { CREDITS_PER_NOTIFICATION, creditsFor } from '@/domain/credits';
import { RECONNECT_ATTEMPTS, gaveUpMessage } from '@/domain/reconnect';
import { HANDSHAKE_FAILED, connectionEnd } from '@/domain/socket-close';
import { filterProblem, subscribeParams } from '@/domain/subscription-form';
import { subscribeRequest, unsubscribeRequest } from '@/domain/subscription-messages';
import { subscriptionCredits } from '@/domain/subscription-tally';
import { describeModel } from './describe-model';
import { fakeSocket } from './fake-socket';
import type { Executors } from './flow-model';
import {
  SUBSCRIPTION_ID,
  WS_TEST_KEY,
  type WsSubscriptionModelEvent,
  closes,
  newHead,
  notificationMessage,
  subscribedMessage,
  unsubscribedMessage,
  wsSubscriptionFlows,
} from './models/ws-subscription.model';
import { nextSnapshot } from './next-snapshot';

/** The delays, shortened: a path waits for them for real. */
const quick = { retryDelay: 5, closeTimeout: 5 };

function startWsSubscription(input: WsSubscriptionInput, delays: Partial<typeof quick> = quick) {
  const socket = fakeSocket();
  const actor = createActor(wsSubscriptionMachine.provide({ actors: { socket: socket.logic }, delays }), { input }).start();
  return { actor, socket };
}

describeModel(
  'ws subscription machine',
  wsSubscriptionMachine,
  wsSubscriptionFlows.map((variant) => ({ ...variant, name: `key ${variant.apiKey}` })),
  async (path, { apiKey, flow }) => {
    const { actor, socket } = startWsSubscription({ apiKey, reconnectAttempts: 2 });
    const send = (event: WsSubscriptionModelEvent & { type: `ws.${string}` }) => actor.send(event);
    const elapse = () => nextSnapshot(actor);

    await flow.run(
      path,
      {
        'ws.network.select': send,
        'ws.subscription.select': send,
        'ws.filter.edit': send,
        'ws.subscribe': send,
        'ws.unsubscribe': send,
        'socket.opened': (event) => socket.report(event),
        'socket.message': (event) => socket.report(event),
        'socket.closed': (event) => socket.report(event),
        'xstate.after.retryDelay.wsSubscription.retrying': elapse,
        'xstate.after.closeTimeout.wsSubscription.connection.closing': elapse,
      } satisfies Executors<WsSubscriptionModelEvent>,
      (expected) => {
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toEqual(expected.value);
        expect(snapshot.context).toEqual(expected.context);
        const { network, subscription, filterText, subscriptionId, tally } = snapshot.context;
        // A socket runs exactly while the machine holds a connection, on the key and network of the form.
        expect(socket.running).toBe(snapshot.matches('connection'));
        if (snapshot.matches('connection')) expect(socket.inputs.at(-1)).toEqual({ network, apiKey: WS_TEST_KEY });
        const params = subscribeParams(subscription, filterText);
        if (snapshot.matches({ connection: 'subscribing' })) {
          expect(socket.commands.at(-1)).toEqual({ type: 'socket.send', text: subscribeRequest(params ?? ['missing']) });
        }
        if (snapshot.matches({ connection: 'closing' }) && subscriptionId !== null) {
          expect(socket.commands.at(-1)).toEqual({ type: 'socket.send', text: unsubscribeRequest(subscriptionId) });
        }
        // Subscribe needs a key and a filter that parses (logs only), and no connection busy.
        const formOpen = snapshot.matches('idle') || snapshot.matches({ connection: 'open' });
        expect(selectCanSubscribe(snapshot)).toBe(formOpen && apiKey !== null && params !== null);
        expect(selectFilterProblem(snapshot)).toBe(filterProblem(subscription, filterText));
        expect(selectCanStop(snapshot)).toBe(!snapshot.matches('idle') && !snapshot.matches({ connection: 'closing' }));
        expect(selectCredits(snapshot)).toBe(
          tally.notifications * CREDITS_PER_NOTIFICATION +
            tally.subscribes * creditsFor('eth_subscribe') +
            tally.unsubscribes * creditsFor('eth_unsubscribe'),
        );
        expect(selectError(snapshot) !== null).toBe(snapshot.matches({ idle: 'failed' }) || snapshot.matches({ connection: 'open' }));
        if (snapshot.matches('retrying')) expect(snapshot.context.error).not.toBeNull();
        const phase = selectPhase(snapshot);
        expect(selectStopLabel(snapshot)).toBe(
          phase === 'open' ? 'Disconnect' : ['connecting', 'subscribing', 'retrying'].includes(phase) ? 'Cancel' : 'Unsubscribe',
        );
      },
    );
  },
);

describe('ws subscription machine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 1 s, then 2 s, between tries (exponential back-off), and closing waits 5 s for the close', () => {
    expect(wsSubscriptionMachine.implementations.delays.closeTimeout).toBe(5_000);
    vi.useFakeTimers();
    const { actor, socket } = startWsSubscription({ apiKey: WS_TEST_KEY }, {});
    actor.send({ type: 'ws.subscribe' });
    socket.report({ type: 'socket.opened' });
    socket.report(subscribedMessage);
    socket.report(closes.upstreamClosed);
    expect(selectPhase(actor.getSnapshot())).toBe('retrying');
    vi.advanceTimersByTime(999);
    expect(selectPhase(actor.getSnapshot())).toBe('retrying');
    vi.advanceTimersByTime(1);
    expect(selectPhase(actor.getSnapshot())).toBe('connecting');
    socket.report(closes.handshakeRefused);
    expect(actor.getSnapshot().context.attempt).toBe(2);
    vi.advanceTimersByTime(1_999);
    expect(selectPhase(actor.getSnapshot())).toBe('retrying');
    vi.advanceTimersByTime(1);
    expect(selectPhase(actor.getSnapshot())).toBe('connecting');
    expect(socket.inputs).toHaveLength(3);
    actor.stop();
  });

  it(`gives up after ${RECONNECT_ATTEMPTS} tries, saying why the last one failed`, () => {
    vi.useFakeTimers();
    const { actor, socket } = startWsSubscription({ apiKey: WS_TEST_KEY }, {});
    actor.send({ type: 'ws.subscribe' });
    socket.report({ type: 'socket.opened' });
    socket.report(subscribedMessage);
    socket.report(closes.upstreamClosed);
    for (let attempt = 1; attempt <= RECONNECT_ATTEMPTS; attempt += 1) {
      expect(actor.getSnapshot().context.attempt).toBe(attempt);
      vi.runOnlyPendingTimers();
      socket.report(closes.handshakeRefused);
    }
    expect(selectPhase(actor.getSnapshot())).toBe('failed');
    expect(selectError(actor.getSnapshot())).toBe(gaveUpMessage(RECONNECT_ATTEMPTS, HANDSHAKE_FAILED));
    expect(socket.inputs).toHaveLength(1 + RECONNECT_ATTEMPTS);
  });

  it('never retries a first handshake, nor a revoked key or a used-up quota', () => {
    for (const [close, message] of [
      [closes.handshakeRefused, HANDSHAKE_FAILED],
      [closes.quotaUsedUp, connectionEnd(closes.quotaUsedUp.code, closes.quotaUsedUp.reason).message],
      [
        { type: 'socket.closed', code: 1008, reason: 'the API key was deleted or no longer allows this client' } as const,
        connectionEnd(1008, 'the API key was deleted or no longer allows this client').message,
      ],
    ] as const) {
      const { actor, socket } = startWsSubscription({ apiKey: WS_TEST_KEY });
      actor.send({ type: 'ws.subscribe' });
      if (close !== closes.handshakeRefused) {
        socket.report({ type: 'socket.opened' });
        socket.report(subscribedMessage);
      }
      socket.report(close);
      expect(selectPhase(actor.getSnapshot())).toBe('failed');
      expect(selectError(actor.getSnapshot())).toBe(message);
      expect(socket.inputs).toHaveLength(1);
    }
  });

  it('subscribes again after a drop, with the same params, and keeps the tally across it', async () => {
    const { actor, socket } = startWsSubscription({ apiKey: WS_TEST_KEY, network: 'devnet' });
    actor.send({ type: 'ws.subscription.select', subscription: 'logs' });
    actor.send({ type: 'ws.filter.edit', text: '{"topics": [null]}' });
    actor.send({ type: 'ws.subscribe' });
    socket.report({ type: 'socket.opened' });
    socket.report(subscribedMessage);
    socket.report(notificationMessage);
    socket.report(closes.upstreamClosed);
    await nextSnapshot(actor);
    socket.report({ type: 'socket.opened' });
    socket.report(subscribedMessage);
    socket.report(notificationMessage);
    const sent = socket.commands.filter((command) => command.type === 'socket.send');
    expect(sent).toEqual([0, 1].map(() => ({ type: 'socket.send', text: subscribeRequest(['logs', { topics: [null] }]) })));
    expect(socket.inputs).toEqual([0, 1].map(() => ({ network: 'devnet', apiKey: WS_TEST_KEY })));
    expect(actor.getSnapshot().context.tally).toEqual({ notifications: 2, subscribes: 2, unsubscribes: 0 });
    expect(JSON.parse(actor.getSnapshot().context.lastNotification ?? 'null')).toEqual(newHead);
  });

  it('counts credits as the gateway charges them: each notification, the eth_subscribe and the eth_unsubscribe', () => {
    const { actor, socket } = startWsSubscription({ apiKey: WS_TEST_KEY });
    actor.send({ type: 'ws.subscribe' });
    socket.report({ type: 'socket.opened' });
    expect(selectCredits(actor.getSnapshot())).toBe(0);
    socket.report(subscribedMessage);
    expect(selectCredits(actor.getSnapshot())).toBe(creditsFor('eth_subscribe'));
    for (let i = 0; i < 3; i += 1) socket.report(notificationMessage);
    expect(selectCredits(actor.getSnapshot())).toBe(3 * CREDITS_PER_NOTIFICATION + creditsFor('eth_subscribe'));
    actor.send({ type: 'ws.unsubscribe' });
    expect(socket.commands.at(-1)).toEqual({ type: 'socket.send', text: unsubscribeRequest(SUBSCRIPTION_ID) });
    socket.report(unsubscribedMessage);
    expect(socket.commands.at(-1)).toEqual({ type: 'socket.close' });
    socket.report(closes.normal);
    expect(selectPhase(actor.getSnapshot())).toBe('closed');
    expect(selectCredits(actor.getSnapshot())).toBe(subscriptionCredits({ notifications: 3, subscribes: 1, unsubscribes: 1 }));
    expect(socket.stops).toBe(1);
    // The next Subscribe starts a fresh tally.
    actor.send({ type: 'ws.subscribe' });
    expect(selectCredits(actor.getSnapshot())).toBe(0);
  });

  it('ignores notifications of another subscription, and messages that are no JSON-RPC', () => {
    const { actor, socket } = startWsSubscription({ apiKey: WS_TEST_KEY });
    actor.send({ type: 'ws.subscribe' });
    socket.report({ type: 'socket.opened' });
    socket.report(subscribedMessage);
    socket.report({ type: 'socket.message', text: notificationMessage.text.replace(SUBSCRIPTION_ID, '0xother') });
    socket.report({ type: 'socket.message', text: 'not json' });
    socket.report({ type: 'socket.message', text: '{"jsonrpc":"2.0","id":null,"error":{"code":-32005,"message":"quota"}}' });
    expect(actor.getSnapshot().context.tally.notifications).toBe(0);
    expect(selectPhase(actor.getSnapshot())).toBe('subscribed');
  });
});
