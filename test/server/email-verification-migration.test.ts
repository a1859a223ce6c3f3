import { describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '@server/db/migrate';
import { openPglite } from '@server/db/pglite';
import { openPostgres } from '@server/db/postgres';
import { seedPlans } from '@server/db/seed-plans';
import { createTestDatabase } from './helpers/test-database';

/**
 * Migration 014 on accounts that existed before it: which addresses count as verified (Google's,
 * the stand-in's, and passwords whose reset link was used), and which pending alerts are never sent.
 */
describe('migration 014: e-mail verification of existing accounts', () => {
  it('verifies only addresses something proved, and withholds what an unverified address had pending', async () => {
    const fresh = await createTestDatabase({ fresh: true });
    const raw = fresh.kind === 'postgres' ? await openPostgres(fresh.env.DATABASE_URL ?? '') : await openPglite(fresh.env.DATA_DIR ?? '');
    try {
      const all = await readMigrations();
      await migrate(
        raw,
        all.filter((migration) => migration.version <= 13),
      );
      await seedPlans(raw);
      const user = async (email: string, origin: string, passwordHash: string | null) => {
        const { rows } = await raw.query<{ id: number }>(
          `INSERT INTO users (email, password_hash, origin, plan_id, cycle_start, created_at)
           VALUES ($1, $2, $3, 1, '2030-01-01', '2030-01-01') RETURNING id`,
          [email, passwordHash, origin],
        );
        return rows[0]?.id ?? 0;
      };
      const stranger = await user('registered-by-someone@example.com', 'password', 'hash');
      const resetter = await user('used-a-reset@example.com', 'password', 'hash');
      const asked = await user('asked-for-a-reset@example.com', 'password', 'hash');
      const google = await user('google@example.com', 'google', null);
      const standIn = await user('stand-in@example.com', 'local-sign-in', null);
      const reset = (userId: number, hash: string, usedAt: string | null) =>
        raw.query(
          `INSERT INTO password_resets (token_hash, user_id, created_at, expires_at, used_at) VALUES ($1, $2, '2030-01-02', '2030-01-02 01:00', $3)`,
          [hash, userId, usedAt],
        );
      await reset(resetter, 'a', '2030-01-02 00:10');
      await reset(asked, 'b', null);
      const alert = (userId: number, kind: string, subject: number, state: string) =>
        raw.query(
          `INSERT INTO usage_alerts (user_id, kind, subject, period, mail_subject, mail_text, state, created_at, sent_at)
           VALUES ($1, $2, $3, '2030-01-03', 's', 't', $4, '2030-01-03', CASE WHEN $4 = 'sent' THEN TIMESTAMPTZ '2030-01-03 00:01' END)`,
          [userId, kind, subject, state],
        );
      await alert(stranger, 'credits', 80, 'pending');
      await alert(google, 'credits', 80, 'pending');
      await alert(google, 'errors', 7, 'pending');
      await alert(google, 'credits', 50, 'sent');

      expect(await migrate(raw)).toContain('014_email_verification.sql');

      const verified = await raw.query<{ email: string; verified_at: Date | null }>(
        'SELECT email, email_verified_at AS verified_at FROM users ORDER BY id',
      );
      expect(verified.rows.map((row) => [row.email, row.verified_at === null ? null : new Date(row.verified_at).toISOString()])).toEqual([
        ['registered-by-someone@example.com', null],
        ['used-a-reset@example.com', '2030-01-02T00:10:00.000Z'],
        ['asked-for-a-reset@example.com', null],
        ['google@example.com', '2030-01-01T00:00:00.000Z'],
        ['stand-in@example.com', '2030-01-01T00:00:00.000Z'],
      ]);
      const alerts = await raw.query<{ user_id: number; kind: string; subject: number; state: string; claimed: boolean }>(
        'SELECT user_id, kind, subject, state, claimed_at IS NOT NULL AS claimed FROM usage_alerts ORDER BY id',
      );
      expect(alerts.rows).toEqual([
        { user_id: stranger, kind: 'credits', subject: 80, state: 'withheld', claimed: false },
        { user_id: google, kind: 'credits', subject: 80, state: 'pending', claimed: false },
        // Its stored mail names the key: never sent.
        { user_id: google, kind: 'errors', subject: 7, state: 'withheld', claimed: false },
        // Counted under the daily cap.
        { user_id: google, kind: 'credits', subject: 50, state: 'sent', claimed: true },
      ]);
      expect(standIn).toBeGreaterThan(0);
    } finally {
      await raw.close();
      await fresh.drop();
    }
  });
});
