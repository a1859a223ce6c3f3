import type { components } from '@/api/schema';
import type { Queryable } from '@server/db/db';

export type ApiKey = components['schemas']['ApiKey'];

interface ApiKeyRow {
  id: number;
  name: string;
  key: string;
  environment: string | null;
  created_at: Date;
  expires_at: Date | null;
  previous_key: string | null;
  previous_key_until: Date | null;
}

const columns = 'id, name, key, environment, created_at, expires_at, previous_key, previous_key_until';

/** The columns of a key row under a table alias (`k.id, k.name, …`). */
function qualified(alias: string): string {
  return columns
    .split(', ')
    .map((column) => `${alias}.${column}`)
    .join(', ');
}

/** A key as the contract shows it at `now`: an old secret whose grace is over is not shown (the gateway refuses it already). */
function toApiKey(row: ApiKeyRow, now: Date): ApiKey {
  const graceOver = row.previous_key_until === null || row.previous_key_until.getTime() <= now.getTime();
  return {
    id: row.id,
    name: row.name,
    apiKey: row.key,
    createdAt: row.created_at.toISOString(),
    environment: row.environment,
    expiresAt: row.expires_at?.toISOString() ?? null,
    previousKey: graceOver ? null : row.previous_key,
    previousKeyUntil: graceOver ? null : (row.previous_key_until?.toISOString() ?? null),
  };
}

export async function insertApiKey(q: Queryable, key: { userId: number; name: string; key: string; now: Date }): Promise<ApiKey> {
  const { rows } = await q.query<ApiKeyRow>(
    `INSERT INTO api_keys (user_id, name, key, created_at) VALUES ($1, $2, $3, $4) RETURNING ${columns}`,
    [key.userId, key.name, key.key, key.now],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('INSERT INTO api_keys returned no row');
  return toApiKey(row, key.now);
}

/** The user's keys at `now`, oldest first (the dashboard's "first key" is the oldest). */
export async function listApiKeys(q: Queryable, userId: number, now: Date): Promise<ApiKey[]> {
  const { rows } = await q.query<ApiKeyRow>(`SELECT ${columns} FROM api_keys WHERE user_id = $1 ORDER BY created_at, id`, [userId]);
  return rows.map((row) => toApiKey(row, now));
}

export async function oldestApiKey(q: Queryable, userId: number): Promise<string | null> {
  const { rows } = await q.query<{ key: string }>('SELECT key FROM api_keys WHERE user_id = $1 ORDER BY created_at, id LIMIT 1', [userId]);
  return rows[0]?.key ?? null;
}

/**
 * The maxKey of the user's plan (null = unlimited), or undefined when there is no such user.
 * Inside a transaction it also locks the user's row until the end of it, so two key creations
 * sent at once are counted one after the other and cannot both slip under the limit.
 */
export async function lockKeyLimit(q: Queryable, userId: number): Promise<number | null | undefined> {
  const { rows } = await q.query<{ max_keys: number | null }>(
    'SELECT plans.max_keys FROM users JOIN plans ON plans.id = users.plan_id WHERE users.id = $1 FOR UPDATE OF users',
    [userId],
  );
  return rows[0] === undefined ? undefined : rows[0].max_keys;
}

/**
 * Renames one of the user's keys and answers it with the name it had; null when the user has no key
 * with this id (another user's included). The row is locked from the read to the write.
 */
export async function renameApiKey(
  q: Queryable,
  key: { userId: number; id: number; name: string; now: Date },
): Promise<{ key: ApiKey; previousName: string } | null> {
  const { rows } = await q.query<ApiKeyRow & { previous_name: string }>(
    `UPDATE api_keys k SET name = $3
     FROM (SELECT id, name AS previous_name FROM api_keys WHERE id = $1 AND user_id = $2 FOR UPDATE) old
     WHERE k.id = old.id RETURNING ${qualified('k')}, old.previous_name`,
    [key.id, key.userId, key.name],
  );
  const row = rows[0];
  return row === undefined ? null : { key: toApiKey(row, key.now), previousName: row.previous_name };
}

/**
 * Deletes one of the user's keys, and its request log, and returns its id, name and secrets, the
 * current one first (to drop them from caches); null when the user has none with this id. Its usage
 * stays (reports count deleted keys).
 */
export async function deleteApiKey(
  q: Queryable,
  key: { userId: number; id: number },
): Promise<{ id: number; name: string; apiKey: string; secrets: string[] } | null> {
  const { rows } = await q.query<{ id: number; name: string; key: string; previous_key: string | null }>(
    `WITH deleted AS (DELETE FROM api_keys WHERE id = $1 AND user_id = $2 RETURNING id, name, key, previous_key),
       log AS (DELETE FROM request_log WHERE api_key_id IN (SELECT id FROM deleted))
     SELECT id, name, key, previous_key FROM deleted`,
    [key.id, key.userId],
  );
  const row = rows[0];
  if (row === undefined) return null;
  return { id: row.id, name: row.name, apiKey: row.key, secrets: [row.key, ...(row.previous_key === null ? [] : [row.previous_key])] };
}

/**
 * Gives one of the user's keys a new secret; the current one becomes its previous secret until
 * `previousUntil` (null: it stops at once). Answers the key and every secret that stopped or changed
 * (to drop them from caches); null when the user has no key with this id.
 */
export async function rollApiKey(
  q: Queryable,
  roll: { userId: number; id: number; newKey: string; previousUntil: Date | null; now: Date },
): Promise<{ key: ApiKey; changed: string[] } | null> {
  const { rows } = await q.query<ApiKeyRow & { old_key: string; old_previous: string | null }>(
    `WITH old AS (SELECT id, key, previous_key FROM api_keys WHERE id = $1 AND user_id = $2 FOR UPDATE)
     UPDATE api_keys k SET key = $3,
       previous_key = CASE WHEN $4::timestamptz IS NULL THEN NULL ELSE old.key END,
       previous_key_until = $4::timestamptz
     FROM old WHERE k.id = old.id
     RETURNING ${qualified('k')}, old.key AS old_key, old.previous_key AS old_previous`,
    [roll.id, roll.userId, roll.newKey, roll.previousUntil],
  );
  const row = rows[0];
  if (row === undefined) return null;
  const changed = [row.old_key, ...(row.old_previous === null ? [] : [row.old_previous])];
  return { key: toApiKey(row, roll.now), changed };
}

/** Sets or clears the expiry of one of the user's keys, answering the key and the expiry it had; null when the user has no key with this id. */
export async function setKeyExpiry(
  q: Queryable,
  change: { userId: number; id: number; expiresAt: Date | null; now: Date },
): Promise<{ key: ApiKey; previousExpiresAt: Date | null } | null> {
  const { rows } = await q.query<ApiKeyRow & { previous_expires_at: Date | null }>(
    `UPDATE api_keys k SET expires_at = $3
     FROM (SELECT id, expires_at AS previous_expires_at FROM api_keys WHERE id = $1 AND user_id = $2 FOR UPDATE) old
     WHERE k.id = old.id RETURNING ${qualified('k')}, old.previous_expires_at`,
    [change.id, change.userId, change.expiresAt],
  );
  const row = rows[0];
  return row === undefined ? null : { key: toApiKey(row, change.now), previousExpiresAt: row.previous_expires_at };
}
