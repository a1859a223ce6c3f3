import type { components } from '@/api/schema';
import type { Queryable } from '@server/db/db';
import { type BigintColumn, fromNullableBigint } from '@server/repos/columns';

/** A key's own rules (src/domain/key-rules.ts): null lists are the project's. */
export type KeyRules = components['schemas']['KeyRules'];

interface KeyRulesRow {
  domains: string[] | null;
  ips: string[] | null;
  cidrs: string[] | null;
  allow_no_origin: boolean | null;
  methods: string[] | null;
  contracts: string[] | null;
  credits_per_day: BigintColumn | null;
  credits_per_cycle: BigintColumn | null;
}

/** A key without a row reads as a row of NULLs: the project's lists, any method and contract. */
const NO_ROW: KeyRulesRow = {
  domains: null,
  ips: null,
  cidrs: null,
  allow_no_origin: null,
  methods: null,
  contracts: null,
  credits_per_day: null,
  credits_per_cycle: null,
};

function toKeyRules(row: KeyRulesRow = NO_ROW): KeyRules {
  return {
    domains: row.domains,
    ips: row.ips,
    cidrs: row.cidrs,
    allowNoOrigin: row.allow_no_origin,
    // NULL only where the key has no row.
    methods: row.methods ?? [],
    contracts: row.contracts ?? [],
    creditsPerDay: fromNullableBigint(row.credits_per_day),
    creditsPerCycle: fromNullableBigint(row.credits_per_cycle),
  };
}

const columns = 'r.domains, r.ips, r.cidrs, r.allow_no_origin, r.methods, r.contracts, r.credits_per_day, r.credits_per_cycle';

/** The rules of one of the user's keys, with its name and secret; null when the user has no key with this id (another user's included). */
async function readKeyRules(q: Queryable, userId: number, keyId: number, lock: boolean): Promise<OwnedRules | null> {
  const { rows } = await q.query<KeyRulesRow & { id: number; name: string; key: string }>(
    `SELECT k.id, k.name, k.key, ${columns} FROM api_keys k LEFT JOIN key_rules r ON r.api_key_id = k.id
     WHERE k.id = $1 AND k.user_id = $2${lock ? ' FOR UPDATE OF k' : ''}`,
    [keyId, userId],
  );
  const row = rows[0];
  return row === undefined ? null : { rules: toKeyRules(row), key: { id: row.id, name: row.name, apiKey: row.key } };
}

/** A key's rules, and the key they belong to. */
export interface OwnedRules {
  readonly rules: KeyRules;
  readonly key: { readonly id: number; readonly name: string; readonly apiKey: string };
}

export async function getKeyRules(q: Queryable, userId: number, keyId: number): Promise<KeyRules | null> {
  return (await readKeyRules(q, userId, keyId, false))?.rules ?? null;
}

/** As getKeyRules, locking the key until the transaction ends (a save reads what it replaces). */
export function lockKeyRules(q: Queryable, userId: number, keyId: number): Promise<OwnedRules | null> {
  return readKeyRules(q, userId, keyId, true);
}

/** The rules of a key, by its id (the gateway's key loader: the key was just read). */
export async function keyRulesOf(q: Queryable, keyId: number): Promise<KeyRules> {
  const { rows } = await q.query<KeyRulesRow>(`SELECT ${columns} FROM key_rules r WHERE r.api_key_id = $1`, [keyId]);
  return toKeyRules(rows[0]);
}

/**
 * Replaces the rules of one of the user's keys (validated and normalised by the caller) and answers
 * them with the key's secret (to drop it from the gateway's caches); null when the user has no key
 * with this id.
 */
export async function putKeyRules(
  q: Queryable,
  userId: number,
  keyId: number,
  rules: KeyRules,
): Promise<{ rules: KeyRules; apiKey: string } | null> {
  const { rows } = await q.query<KeyRulesRow & { key: string }>(
    `WITH owned AS (SELECT id, key FROM api_keys WHERE id = $1 AND user_id = $2),
       saved AS (
         INSERT INTO key_rules (api_key_id, domains, ips, cidrs, allow_no_origin, methods, contracts, credits_per_day, credits_per_cycle)
         SELECT id, $3, $4, $5, $6, $7, $8, $9, $10 FROM owned
         ON CONFLICT (api_key_id) DO UPDATE SET domains = EXCLUDED.domains, ips = EXCLUDED.ips, cidrs = EXCLUDED.cidrs,
           allow_no_origin = EXCLUDED.allow_no_origin, methods = EXCLUDED.methods, contracts = EXCLUDED.contracts,
           credits_per_day = EXCLUDED.credits_per_day, credits_per_cycle = EXCLUDED.credits_per_cycle
         RETURNING *)
     SELECT owned.key, ${columns} FROM owned JOIN saved r ON r.api_key_id = owned.id`,
    [
      keyId,
      userId,
      rules.domains,
      rules.ips,
      rules.cidrs,
      rules.allowNoOrigin,
      rules.methods,
      rules.contracts,
      rules.creditsPerDay,
      rules.creditsPerCycle,
    ],
  );
  const row = rows[0];
  return row === undefined ? null : { rules: toKeyRules(row), apiKey: row.key };
}
