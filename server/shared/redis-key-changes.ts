import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { KeyChangeHandlers, KeyChanges } from '@server/shared/key-changes';
import { changeOf, type KeyChangeMessage, parseKeyChangeMessage } from '@server/shared/postgres-key-changes';
import { closeRedisConnection, createRedisConnection, type RedisObserver, timedRedisCall } from '@server/shared/redis';

/** The pub/sub channel of key changes (the same name as PostgreSQL's channel: one product, one name). */
export const redisKeyChangesChannel = 'rpc_dashboard_key_changes';

/**
 * Key changes between replicas through Redis pub/sub (REDIS_URL): PUBLISH on the shared command
 * connection (the change has committed before the call), SUBSCRIBE on a connection of this replica's
 * own (a subscribed connection takes no other command). Redis delivers to every subscriber, this
 * replica too (it skips its own). The message names the key in clear, as the NOTIFY one does: whoever
 * may connect to this Redis is trusted with keys.
 *
 * Pub/sub keeps nothing for a subscriber that is away: each time the subscriber's connection is
 * ready again it subscribes, and once the subscription holds drops the whole cache (changes
 * meanwhile were missed; what is read again from the database after that is current). The first
 * connection does the same when an earlier attempt had failed (the server started while Redis was away).
 */
export function redisKeyChanges(settings: {
  readonly url: string;
  /** The command connection (createRedisConnection) the server shares: PUBLISH goes there. */
  readonly commands: Redis;
  readonly log: FastifyBaseLogger;
  readonly observer: RedisObserver;
}): KeyChanges {
  const { commands, log, observer } = settings;
  const self = randomUUID();
  let handlers: KeyChangeHandlers | null = null;
  const subscriber = createRedisConnection({ url: settings.url, log, purpose: 'key-change subscriber' });
  let missedSome = false;
  subscriber.on('close', () => {
    missedSome = true;
  });
  subscriber.on('ready', () => {
    const resync = missedSome;
    missedSome = false;
    subscriber.subscribe(redisKeyChangesChannel).then(
      () => {
        if (!resync) return;
        log.warn('the key-change subscription is back: every cached key is dropped (changes meanwhile were missed)');
        handlers?.resync();
      },
      (error: unknown) => {
        // The connection dropped again before the subscription held: its next 'ready' tries again.
        missedSome = true;
        log.error({ err: error }, 'could not subscribe to key changes: trying again when Redis is back');
      },
    );
  });
  subscriber.on('message', (channel: string, payload: string) => {
    if (channel !== redisKeyChangesChannel) return;
    const message = parseKeyChangeMessage(payload);
    if (message === null) {
      log.warn({ channel }, 'a key-change message this server does not understand: ignored');
      return;
    }
    if (message.from === self) return;
    const change = changeOf(message);
    if (change !== null) handlers?.apply(change);
  });
  return {
    publish: (change) => {
      const message: KeyChangeMessage = { from: self, ...change };
      timedRedisCall(observer, 'publish', () => commands.publish(redisKeyChangesChannel, JSON.stringify(message))).catch(
        (error: unknown) => {
          log.error({ err: error }, 'a key change could not be sent to the other replicas: they see it when their cached copy expires');
        },
      );
    },
    subscribe: (next) => {
      handlers = next;
    },
    close: () => closeRedisConnection(subscriber),
  };
}
