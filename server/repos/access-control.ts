import type { components } from '@/api/schema';
import type { Queryable } from '@server/db/db';

/**
 * The user's allow-lists (an empty list means no restriction of that kind) and whether Allowed
 * Domains lets in calls without an Origin.
 */
export type AccessControl = components['schemas']['AccessControl'];
/** What PUT /accessControl sends: `allowNoOrigin` left out keeps the stored choice. */
export type AccessControlUpdate = components['schemas']['AccessControlUpdate'];

interface AccessControlRow {
  domains: string[];
  ips: string[];
  cidrs: string[];
  allow_no_origin: boolean;
}

/** What a user who never saved anything has: nothing restricted, calls without an Origin refused once domains are set. */
const NOTHING_SAVED: AccessControl = { domains: [], ips: [], cidrs: [], allowNoOrigin: false };

/** The lists as last saved, or empty lists for a user who never saved any. */
export async function getAccessControl(q: Queryable, userId: number): Promise<AccessControl> {
  const { rows } = await q.query<AccessControlRow>('SELECT domains, ips, cidrs, allow_no_origin FROM access_control WHERE user_id = $1', [
    userId,
  ]);
  const row = rows[0];
  if (row === undefined) return NOTHING_SAVED;
  return { domains: row.domains, ips: row.ips, cidrs: row.cidrs, allowNoOrigin: row.allow_no_origin };
}

/**
 * Replaces the three lists at once (the caller validated and normalised them), and the Origin
 * choice when it is given; answers what is now stored.
 */
export async function putAccessControl(q: Queryable, userId: number, update: AccessControlUpdate): Promise<AccessControl> {
  const { rows } = await q.query<AccessControlRow>(
    `INSERT INTO access_control (user_id, domains, ips, cidrs, allow_no_origin) VALUES ($1, $2, $3, $4, COALESCE($5, false))
     ON CONFLICT (user_id) DO UPDATE SET domains = EXCLUDED.domains, ips = EXCLUDED.ips, cidrs = EXCLUDED.cidrs,
       allow_no_origin = COALESCE($5, access_control.allow_no_origin)
     RETURNING domains, ips, cidrs, allow_no_origin`,
    [userId, update.domains, update.ips, update.cidrs, update.allowNoOrigin ?? null],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('INSERT … RETURNING answered no row');
  return { domains: row.domains, ips: row.ips, cidrs: row.cidrs, allowNoOrigin: row.allow_no_origin };
}
