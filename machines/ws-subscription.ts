import { assign, enqueueActions, fromCallback, setup } from 'xstate';
import { gaveUpMessage, RECONNECT_ATTEMPTS, reconnectDelay } from '@/domain/reconnect';
import { DEFAULT_NETWORK } from '@/domain/networks';
import { connectionEnd, HANDSHAKE_FAILED } from '@/domain/socket-close';
import { DEFAULT_SUBSCRIPTION, subscribeParams } from '@/domain/subscription-form';
import {
  isUnsubscribeAnswer,
  isUnsubscribeResult,
  notificationPayload,
  subscribedId,
  subscribeRefusal,
  subscribeRequest,
  unsubscribeRequest,
} from '@/domain/subscription-messages';
import { EMPTY_TALLY } from '@/domain/subscription-tally';
import type { SocketCommand, SocketInput, WsSubscriptionContext, WsSubscriptionEvent, WsSubscriptionInput } from './ws-subscription.types';

export type * from './ws-subscription.types';

const textOf = (event: WsSubscriptionEvent) => (event.type === 'socket.message' ? event.text : '');
const endOf = (event: WsSubscriptionEvent) => (event.type === 'socket.closed' ? connectionEnd(event.code, event.reason) : null);

/**
 * The subscription mode of the RPC playground: one eth_subscribe over the gateway's WebSocket.
 *
 * - `idle` holds the form, `closed` or `failed` (saying why); `ws.subscribe` starts a fresh tally and
 *   opens `connection`, whose `socket` actor is the WebSocket (the SPA's wraps the browser's; tests
 *   bring a fake). Leaving `connection` stops the actor, which closes the socket.
 * - `connecting` waits for the handshake; `subscribing` sends eth_subscribe; `subscribed` counts
 *   notifications. A refused eth_subscribe leaves the socket `open`: the form can be fixed and sent
 *   again without a new handshake, or the connection closed.
 * - `ws.unsubscribe` in `subscribed` sends eth_unsubscribe, then closes (`closing`); the tally stays
 *   on screen in `closed`. While connecting or retrying it just cancels.
 * - A connection that drops for a reason connecting again may cure (a restart, the node's socket)
 *   waits in `retrying` (exponential back-off, `retryDelay`) and subscribes again, up to
 *   `reconnectAttempts` tries; a working subscription resets the count. A failed first handshake is
 *   not retried: the user just pressed Subscribe and reads why (browsers hide the HTTP status).
 * - Notifications arriving while `closing` were delivered, so charged: they are counted too.
 * The screen reads it through ws-subscription.selectors.ts.
 */
export const wsSubscriptionMachine = setup({
  types: {
    context: {} as WsSubscriptionContext,
    events: {} as WsSubscriptionEvent,
    input: {} as WsSubscriptionInput,
    children: {} as { socket: 'socket' },
  },
  actors: {
    /** The WebSocket: reports SocketReport events, takes SocketCommand ones. None unless provided. */
    socket: fromCallback<SocketCommand, SocketInput>(() => undefined),
  },
  actions: {
    startTally: assign({ tally: EMPTY_TALLY, lastNotification: null, subscriptionId: null, attempt: 0, error: null }),
    sendSubscribe: enqueueActions(({ context, enqueue }) => {
      const params = subscribeParams(context.subscription, context.filterText) ?? [];
      enqueue.sendTo('socket', { type: 'socket.send', text: subscribeRequest(params) } satisfies SocketCommand);
    }),
    takeSubscription: assign(({ context, event }) => ({
      subscriptionId: subscribedId(textOf(event)),
      tally: { ...context.tally, subscribes: context.tally.subscribes + 1 },
      attempt: 0,
      error: null,
    })),
    /** A subscription made on a socket already closing: counted, since it was charged (the close ends it). */
    countLateSubscription: assign(({ context }) => ({ tally: { ...context.tally, subscribes: context.tally.subscribes + 1 } })),
    countNotification: assign(({ context, event }) => ({
      tally: { ...context.tally, notifications: context.tally.notifications + 1 },
      lastNotification: notificationPayload(textOf(event), context.subscriptionId),
    })),
    countUnsubscribe: assign(({ context, event }) => ({
      subscriptionId: null,
      tally: { ...context.tally, unsubscribes: context.tally.unsubscribes + (isUnsubscribeResult(textOf(event)) ? 1 : 0) },
    })),
    unsubscribeOrClose: enqueueActions(({ context, enqueue }) => {
      const command: SocketCommand =
        context.subscriptionId === null
          ? { type: 'socket.close' }
          : { type: 'socket.send', text: unsubscribeRequest(context.subscriptionId) };
      enqueue.sendTo('socket', command);
    }),
    closeSocket: enqueueActions(({ enqueue }) => enqueue.sendTo('socket', { type: 'socket.close' } satisfies SocketCommand)),
    retryAfterDrop: assign(({ context, event }) => ({
      subscriptionId: null,
      attempt: context.attempt + 1,
      error: endOf(event)?.message ?? HANDSHAKE_FAILED,
    })),
    failAfterDrop: assign(({ context, event }) => {
      const end = endOf(event);
      const why = end?.message ?? HANDSHAKE_FAILED;
      return { subscriptionId: null, error: end?.reconnect ? gaveUpMessage(context.reconnectAttempts, why) : why };
    }),
    retryHandshake: assign(({ context }) => ({ attempt: context.attempt + 1, error: HANDSHAKE_FAILED })),
    failHandshake: assign(({ context }) => ({
      error: context.attempt === 0 ? HANDSHAKE_FAILED : gaveUpMessage(context.reconnectAttempts, HANDSHAKE_FAILED),
    })),
  },
  guards: {
    canSubscribe: ({ context }) => context.apiKey !== null && subscribeParams(context.subscription, context.filterText) !== null,
    isSubscribed: ({ event }) => subscribedId(textOf(event)) !== null,
    isRefused: ({ event }) => subscribeRefusal(textOf(event)) !== null,
    isNotification: ({ context, event }) => notificationPayload(textOf(event), context.subscriptionId) !== null,
    /** The answer to the eth_unsubscribe sent for the subscription still held. */
    isUnsubscribeAnswer: ({ context, event }) => context.subscriptionId !== null && isUnsubscribeAnswer(textOf(event)),
    /** eth_subscribe answered after Cancel, while no subscription is held. */
    isLateSubscription: ({ context, event }) => context.subscriptionId === null && subscribedId(textOf(event)) !== null,
    /** A drop connecting again may cure, with tries left. */
    mayReconnect: ({ context, event }) => (endOf(event)?.reconnect ?? false) && context.attempt < context.reconnectAttempts,
    /** A handshake of a reconnection failed, with tries left (a first handshake is never retried). */
    mayRetryHandshake: ({ context }) => context.attempt > 0 && context.attempt < context.reconnectAttempts,
  },
  delays: {
    retryDelay: ({ context }) => reconnectDelay(context.attempt),
    /** How long `closing` waits for the gateway to close before dropping the socket itself. */
    closeTimeout: 5_000,
  },
}).createMachine({
  id: 'wsSubscription',
  context: ({ input }) => ({
    apiKey: input.apiKey,
    network: input.network ?? DEFAULT_NETWORK,
    subscription: DEFAULT_SUBSCRIPTION,
    filterText: '',
    subscriptionId: null,
    tally: EMPTY_TALLY,
    lastNotification: null,
    attempt: 0,
    reconnectAttempts: input.reconnectAttempts ?? RECONNECT_ATTEMPTS,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      initial: 'closed',
      on: {
        'ws.network.select': { actions: assign({ network: ({ event }) => event.network }) },
        'ws.subscription.select': { actions: assign({ subscription: ({ event }) => event.subscription }) },
        'ws.filter.edit': { actions: assign({ filterText: ({ event }) => event.text }) },
        'ws.subscribe': { guard: 'canSubscribe', target: 'connection', actions: 'startTally' },
      },
      states: {
        // Reached by the user's own Unsubscribe, Disconnect or Cancel: an earlier failure no longer applies.
        closed: { entry: assign({ error: null }) },
        failed: {},
      },
    },
    connection: {
      invoke: { id: 'socket', src: 'socket', input: ({ context }) => ({ network: context.network, apiKey: context.apiKey ?? '' }) },
      initial: 'connecting',
      on: {
        'socket.closed': [
          { guard: 'mayReconnect', target: 'retrying', actions: 'retryAfterDrop' },
          { target: 'idle.failed', actions: 'failAfterDrop' },
        ],
      },
      states: {
        connecting: {
          on: {
            'socket.opened': 'subscribing',
            'socket.closed': [
              { guard: 'mayRetryHandshake', target: '#wsSubscription.retrying', actions: 'retryHandshake' },
              { target: '#wsSubscription.idle.failed', actions: 'failHandshake' },
            ],
            'ws.unsubscribe': '#wsSubscription.idle.closed',
          },
        },
        subscribing: {
          entry: 'sendSubscribe',
          on: {
            'socket.message': [
              { guard: 'isSubscribed', target: 'subscribed', actions: 'takeSubscription' },
              { guard: 'isRefused', target: 'open', actions: assign({ error: ({ event }) => subscribeRefusal(event.text) }) },
            ],
            'ws.unsubscribe': 'closing',
          },
        },
        subscribed: {
          on: {
            'socket.message': { guard: 'isNotification', actions: 'countNotification' },
            'ws.unsubscribe': 'closing',
          },
        },
        open: {
          on: {
            'ws.subscription.select': { actions: assign({ subscription: ({ event }) => event.subscription }) },
            'ws.filter.edit': { actions: assign({ filterText: ({ event }) => event.text }) },
            'ws.subscribe': { guard: 'canSubscribe', target: 'subscribing', actions: assign({ error: null }) },
            'ws.unsubscribe': 'closing',
            'socket.closed': {
              target: '#wsSubscription.idle.failed',
              actions: assign({ error: ({ event }) => connectionEnd(event.code, event.reason).message }),
            },
          },
        },
        closing: {
          entry: 'unsubscribeOrClose',
          on: {
            'socket.message': [
              { guard: 'isNotification', actions: 'countNotification' },
              { guard: 'isUnsubscribeAnswer', actions: ['countUnsubscribe', 'closeSocket'] },
              // Cancelled while subscribing: the subscription was made (and charged) on a socket already closing.
              { guard: 'isLateSubscription', actions: 'countLateSubscription' },
            ],
            'socket.closed': { target: '#wsSubscription.idle.closed', actions: assign({ subscriptionId: null }) },
          },
          after: { closeTimeout: { target: '#wsSubscription.idle.closed', actions: assign({ subscriptionId: null }) } },
        },
      },
    },
    retrying: {
      after: { retryDelay: 'connection' },
      on: { 'ws.unsubscribe': 'idle.closed' },
    },
  },
});
