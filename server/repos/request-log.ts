import type { AccessRefusal, MeteredOutcome } from '@/domain/call-outcomes';
import type { Queryable } from '@server/db/db';
import { fromBigint, type BigintColumn } from '@server/repos/columns';
import type { Network } from '@/domain/networks';
import type { PageCursor } from '@server/http/page-cursor';

/** How a call came: an HTTP request, or a message over a WebSocket. */
export type Transport = 'http' | 'websocket';

/** What the log keeps of a call, in memory (server/metering/request-log.ts's LoggedCall) and stored (StoredCall). */
export interface CallFacts {
  readonly keyId: number;
  readonly userId: number;
  readonly network: Network;
  readonly transport: Transport;
  /** The request's method, the first of a batch, as metering labels it (server/metering/method-label.ts). */
  readonly method: string;
  readonly calls: number;
  readonly outcome: MeteredOutcome;
  /** The allow-list that refused the call; null for any other outcome. */
  readonly accessRefusal: AccessRefusal | null;
  readonly status: number;
  /** The node's answer time (ms); null when the call did not reach it. */
  readonly latencyMs: number | null;
  readonly credits: number;
  readonly requestBytes: number;
  /** null when the answer was streamed through uncounted. */
  readonly answerBytes: number | null;
  /** The client's address, masked (maskAddress). */
  readonly clientAddress: string;
  /** At most ORIGIN_CHARACTERS characters. */
  readonly origin: string | null;
}

/** A request log row as stored (011_request_log.sql, 013_request_log_why.sql), the text decoded. */
export interface StoredCall extends CallFacts {
  readonly at: Date;
  readonly request: string;
  readonly requestTruncated: boolean;
}

export interface ListedCall extends StoredCall {
  /** The row's id: with `at`, the cursor of the page after it. */
  readonly id: number;
}

/** Appends calls to the log in one statement; those of keys that no longer exist or log are left out. */
export async function appendRequestLog(q: Queryable, calls: readonly StoredCall[]): Promise<void> {
  if (calls.length === 0) return;
  await q.query(
    `INSERT INTO request_log (api_key_id, user_id, at, network, method, calls, outcome, status, latency_ms, credits,
       request_bytes, answer_bytes, client_address, origin, request, request_truncated, transport, access_refusal)
     SELECT c.key_id, c.user_id, c.at, c.network, c.method, c.calls, c.outcome, c.status, c.latency_ms, c.credits, c.request_bytes,
       c.answer_bytes, c.client_address, c.origin, c.request, c.request_truncated, c.transport, c.access_refusal
     FROM unnest($1::integer[], $2::integer[], $3::timestamptz[], $4::text[], $5::text[], $6::integer[], $7::text[],
       $8::integer[], $9::integer[], $10::integer[], $11::integer[], $12::integer[], $13::text[], $14::text[], $15::text[], $16::boolean[],
       $17::text[], $18::text[]) WITH ORDINALITY
       AS c(key_id, user_id, at, network, method, calls, outcome, status, latency_ms, credits, request_bytes, answer_bytes, client_address, origin,
         request, request_truncated, transport, access_refusal, position)
     -- Calls of a key deleted, or switched off, since they were recorded are not kept.
     JOIN api_keys k ON k.id = c.key_id AND k.request_log
     -- In the order given: calls at the same instant are told apart by id, in the order they came (a join may reorder rows).
     ORDER BY c.position`,
    [
      calls.map((call) => call.keyId),
      calls.map((call) => call.userId),
      calls.map((call) => call.at),
      calls.map((call) => call.network),
      calls.map((call) => call.method),
      calls.map((call) => call.calls),
      calls.map((call) => call.outcome),
      calls.map((call) => call.status),
      calls.map((call) => call.latencyMs),
      calls.map((call) => call.credits),
      calls.map((call) => call.requestBytes),
      calls.map((call) => call.answerBytes),
      calls.map((call) => call.clientAddress),
      calls.map((call) => call.origin),
      calls.map((call) => call.request),
      calls.map((call) => call.requestTruncated),
      calls.map((call) => call.transport),
      calls.map((call) => call.accessRefusal),
    ],
  );
}

/** Trims each of these keys' logs back to its newest `perKey` rows (the oldest go first). */
export async function trimRequestLog(q: Queryable, keyIds: readonly number[], perKey: number): Promise<void> {
  if (keyIds.length === 0) return;
  await q.query(
    `DELETE FROM request_log r USING (
       SELECT k.id AS key_id, newest.at, newest.id
       FROM unnest($1::integer[]) AS k(id),
         LATERAL (SELECT at, id FROM request_log WHERE api_key_id = k.id ORDER BY at DESC, id DESC OFFSET $2 LIMIT 1) AS newest
     ) dropped
     WHERE r.api_key_id = dropped.key_id AND (r.at, r.id) <= (dropped.at, dropped.id)`,
    [keyIds, perKey],
  );
}

/** Deletes the calls logged before `before` (the retention job); returns how many. */
export async function deleteOldRequestLog(q: Queryable, before: Date): Promise<number> {
  const { rows } = await q.query<{ deleted: BigintColumn }>(
    'WITH gone AS (DELETE FROM request_log WHERE at < $1 RETURNING 1) SELECT count(*) AS deleted FROM gone',
    [before],
  );
  return fromBigint(rows[0]?.deleted ?? 0);
}

export interface RequestLogQuery {
  readonly keyId: number;
  /** Rows after this one, newest first (the previous page's end); null for the newest. */
  readonly after: PageCursor | null;
  /** Rows logged from this time on (the last 24 hours). */
  readonly since: Date;
  readonly method: string | null;
  readonly outcome: MeteredOutcome | null;
  readonly limit: number;
  /** Only a key's newest this many are shown, whatever is stored until the next trim. */
  readonly perKey: number;
}

interface CallRow {
  id: BigintColumn;
  api_key_id: number;
  user_id: number;
  at: Date;
  network: Network;
  method: string;
  calls: number;
  outcome: MeteredOutcome;
  status: number;
  latency_ms: number | null;
  credits: number;
  request_bytes: number;
  answer_bytes: number | null;
  client_address: string;
  origin: string | null;
  request: string;
  request_truncated: boolean;
  transport: 'http' | 'websocket';
  access_refusal: AccessRefusal | null;
}

/** One page of a key's log, newest first (the caller checked the key is the user's). */
export async function listRequestLog(q: Queryable, query: RequestLogQuery): Promise<ListedCall[]> {
  const { rows } = await q.query<CallRow>(
    `WITH oldest_shown AS (SELECT at, id FROM request_log WHERE api_key_id = $1 ORDER BY at DESC, id DESC OFFSET $8 LIMIT 1)
     SELECT * FROM request_log r
     WHERE api_key_id = $1 AND at >= $2 AND ($3::timestamptz IS NULL OR (at, id) < ($3, $4::bigint))
       AND ($5::text IS NULL OR method = $5) AND ($6::text IS NULL OR outcome = $6)
       AND NOT EXISTS (SELECT 1 FROM oldest_shown o WHERE (r.at, r.id) < (o.at, o.id))
     ORDER BY at DESC, id DESC LIMIT $7`,
    [
      query.keyId,
      query.since,
      query.after?.at ?? null,
      query.after?.id ?? null,
      query.method,
      query.outcome,
      query.limit,
      query.perKey - 1,
    ],
  );
  return rows.map((row) => ({
    id: fromBigint(row.id),
    keyId: row.api_key_id,
    userId: row.user_id,
    at: new Date(row.at),
    network: row.network,
    transport: row.transport,
    method: row.method,
    calls: row.calls,
    outcome: row.outcome,
    accessRefusal: row.access_refusal,
    status: row.status,
    latencyMs: row.latency_ms,
    credits: row.credits,
    requestBytes: row.request_bytes,
    answerBytes: row.answer_bytes,
    clientAddress: row.client_address,
    origin: row.origin,
    request: row.request,
    requestTruncated: row.request_truncated,
  }));
}

/** Whether the user's key `keyId` logs its calls; null when the user has no such key. */
export async function requestLogEnabled(q: Queryable, userId: number, keyId: number): Promise<boolean | null> {
  const { rows } = await q.query<{ request_log: boolean }>('SELECT request_log FROM api_keys WHERE id = $1 AND user_id = $2', [
    keyId,
    userId,
  ]);
  return rows[0]?.request_log ?? null;
}

/**
 * Turns the user's key's log on or off; off deletes what it holds, in the same statement. Returns
 * the key (its secret: its cached entry must reload) and whether it logged before, or null when the
 * user has no such key.
 */
export async function setRequestLog(
  q: Queryable,
  userId: number,
  keyId: number,
  enabled: boolean,
): Promise<{ id: number; name: string; apiKey: string; wasEnabled: boolean } | null> {
  const { rows } = await q.query<{ id: number; name: string; key: string; was_enabled: boolean }>(
    `WITH old AS (SELECT id, request_log AS was_enabled FROM api_keys WHERE id = $1 AND user_id = $2 FOR UPDATE),
       changed AS (UPDATE api_keys k SET request_log = $3 FROM old WHERE k.id = old.id RETURNING k.id, k.name, k.key, old.was_enabled),
       gone AS (DELETE FROM request_log WHERE NOT $3 AND api_key_id IN (SELECT id FROM changed))
     SELECT id, name, key, was_enabled FROM changed`,
    [keyId, userId, enabled],
  );
  const row = rows[0];
  return row === undefined ? null : { id: row.id, name: row.name, apiKey: row.key, wasEnabled: row.was_enabled };
}
