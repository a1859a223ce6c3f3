import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '@server/db/db';
import { listen, type Listening } from '@server/db/listen';
import type { KeyChange, KeyChangeHandlers, KeyChanges } from '@server/shared/key-changes';

/** The NOTIFY channel of key changes. */
export const keyChangesChannel = 'rpc_dashboard_key_changes';

/** On the wire (NOTIFY's payload, and Redis's message: server/shared/redis-key-changes.ts): who sent it (a replica skips its own) and either the key or the user. */
export interface KeyChangeMessage {
  readonly from: string;
  readonly apiKey?: string;
  readonly userId?: number;
}

export function parseKeyChangeMessage(payload: string): KeyChangeMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || !('from' in value) || typeof value.from !== 'string') return null;
  const apiKey = 'apiKey' in value && typeof value.apiKey === 'string' ? value.apiKey : undefined;
  const userId = 'userId' in value && Number.isSafeInteger(value.userId) && typeof value.userId === 'number' ? value.userId : undefined;
  return { from: value.from, apiKey, userId };
}

export function changeOf(message: KeyChangeMessage): KeyChange | null {
  if (message.apiKey !== undefined) return { apiKey: message.apiKey };
  if (message.userId !== undefined) return { userId: message.userId };
  return null;
}

/**
 * Key changes between replicas on one PostgreSQL server: NOTIFY on a channel (through the pool, so
 * it is sent as soon as the statement ends; the change itself has committed before the call), LISTEN
 * on a connection of this replica's own. NOTIFY reaches every listener within milliseconds, this
 * replica too (it skips its own). The payload names the key in clear (the caches are keyed by it):
 * any role that may connect to the database may LISTEN, so those roles are trusted with keys, as they
 * are with the api_keys table that holds them.
 * A lost LISTEN connection is reopened, then the whole cache dropped: changes meanwhile are lost.
 */
export async function postgresKeyChanges(settings: {
  readonly databaseUrl: string;
  readonly db: Queryable;
  readonly log: FastifyBaseLogger;
}): Promise<KeyChanges> {
  const { db, log } = settings;
  const self = randomUUID();
  let handlers: KeyChangeHandlers | null = null;
  const listening: Listening = await listen({
    databaseUrl: settings.databaseUrl,
    channel: keyChangesChannel,
    onNotification: (payload) => {
      const message = parseKeyChangeMessage(payload);
      if (message === null) {
        log.warn({ channel: keyChangesChannel }, 'a key-change notification this server does not understand: ignored');
        return;
      }
      if (message.from === self) return;
      const change = changeOf(message);
      if (change !== null) handlers?.apply(change);
    },
    onReconnect: () => {
      log.warn('the key-change connection is back: every cached key is dropped (changes meanwhile were missed)');
      handlers?.resync();
    },
    onTrouble: (error, what) => log.error({ err: error }, what),
  });
  return {
    publish: (change) => {
      const message: KeyChangeMessage = { from: self, ...change };
      db.query('SELECT pg_notify($1, $2)', [keyChangesChannel, JSON.stringify(message)]).catch((error: unknown) => {
        log.error({ err: error }, 'a key change could not be sent to the other replicas: they see it when their cached copy expires');
      });
    },
    subscribe: (next) => {
      handlers = next;
    },
    close: () => listening.close(),
  };
}
