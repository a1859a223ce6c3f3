import type { components } from '@/api/schema';
import type { Queryable } from '@server/db/db';

export type ApiKey = components['schemas']['ApiKey'];

interface ApiKeyRow {
  id: number;
  name: string;
  key: string;
  environment: string | null;
  created_at: Date;
}

const columns = 'id, name, key, environment, created_at';

function toApiKey(row: ApiKeyRow): ApiKey {
  return { id: row.id, name: row.name, apiKey: row.key, createdAt: row.created_at.toISOString(), environment: row.environment };
}

export async function insertApiKey(q: Queryable, key: { userId: number; name: string; key: string; now: Date }): Promise<ApiKey> {
  const { rows } = await q.query<ApiKeyRow>(
    `INSERT INTO api_keys (user_id, name, key, created_at) VALUES ($1, $2, $3, $4) RETURNING ${columns}`,
    [key.userId, key.name, key.key, key.now],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('INSERT INTO api_keys returned no row');
  return toApiKey(row);
}

/** The user's keys, oldest first (the dashboard's "first key" is the oldest). */
export async function listApiKeys(q: Queryable, userId: number): Promise<ApiKey[]> {
  const { rows } = await q.query<ApiKeyRow>(`SELECT ${columns} FROM api_keys WHERE user_id = $1 ORDER BY created_at, id`, [userId]);
  return rows.map(toApiKey);
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
  key: { userId: number; id: number; name: string },
): Promise<{ key: ApiKey; previousName: string } | null> {
  const { rows } = await q.query<ApiKeyRow & { previous_name: string }>(
    `UPDATE api_keys k SET name = $3
     FROM (SELECT id, name AS previous_name FROM api_keys WHERE id = $1 AND user_id = $2 FOR UPDATE) old
     WHERE k.id = old.id RETURNING k.id, k.name, k.key, k.environment, k.created_at, old.previous_name`,
    [key.id, key.userId, key.name],
  );
  const row = rows[0];
  return row === undefined ? null : { key: toApiKey(row), previousName: row.previous_name };
}

/**
 * Deletes one of the user's keys, and its request log, and returns its id, name and secret (to drop
 * it from caches); null when the user has none with this id. Its usage stays (reports count deleted keys).
 */
export async function deleteApiKey(
  q: Queryable,
  key: { userId: number; id: number },
): Promise<{ id: number; name: string; apiKey: string } | null> {
  const { rows } = await q.query<{ id: number; name: string; key: string }>(
    `WITH deleted AS (DELETE FROM api_keys WHERE id = $1 AND user_id = $2 RETURNING id, name, key),
       log AS (DELETE FROM request_log WHERE api_key_id IN (SELECT id FROM deleted))
     SELECT id, name, key FROM deleted`,
    [key.id, key.userId],
  );
  const row = rows[0];
  return row === undefined ? null : { id: row.id, name: row.name, apiKey: row.key };
}
