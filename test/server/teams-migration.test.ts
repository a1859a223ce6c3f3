import { describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '@server/db/migrate';
import { openPglite } from '@server/db/pglite';
import { openPostgres } from '@server/db/postgres';
import { seedPlans } from '@server/db/seed-plans';
import { createTestDatabase } from './helpers/test-database';

/** Migration 020 on accounts that existed before it: each owns its project; and so does every account made after it, whatever inserts it. */
describe('migration 020: teams', () => {
  it('makes every existing and every new account the one owner of its project', async () => {
    const fresh = await createTestDatabase({ fresh: true });
    const raw = fresh.kind === 'postgres' ? await openPostgres(fresh.env.DATABASE_URL ?? '') : await openPglite(fresh.env.DATA_DIR ?? '');
    try {
      await migrate(
        raw,
        (await readMigrations()).filter((migration) => migration.version < 20),
      );
      await seedPlans(raw);
      const user = async (email: string) => {
        const { rows } = await raw.query<{ id: number }>(
          `INSERT INTO users (email, password_hash, origin, plan_id, cycle_start, created_at)
           VALUES ($1, NULL, 'google', 1, '2030-01-01', '2030-01-01') RETURNING id`,
          [email],
        );
        return rows[0]?.id ?? 0;
      };
      const before = [await user('ada@example.com'), await user('bob@example.com')];
      expect(await migrate(raw)).toContain('020_teams.sql');
      const after = await user('cyd@example.com');
      const { rows } = await raw.query<{ project_id: number; user_id: number; role: string }>(
        'SELECT project_id, user_id, role FROM project_members ORDER BY project_id',
      );
      expect(rows).toEqual([...before, after].map((id) => ({ project_id: id, user_id: id, role: 'owner' })));
      // One owner per project: a second is refused by the database itself.
      await expect(
        raw.query("INSERT INTO project_members (project_id, user_id, role, joined_at) VALUES ($1, $2, 'owner', now())", [
          before[0],
          before[1],
        ]),
      ).rejects.toThrow();
      // An invite never gives ownership, and keeps its address lower-cased.
      await expect(
        raw.query(
          "INSERT INTO project_invites (project_id, email, role, token_hash, created_at, expires_at) VALUES ($1, 'x@example.com', 'owner', 'h', now(), now())",
          [after],
        ),
      ).rejects.toThrow();
      await expect(
        raw.query(
          "INSERT INTO project_invites (project_id, email, role, token_hash, created_at, expires_at) VALUES ($1, 'X@example.com', 'viewer', 'h', now(), now())",
          [after],
        ),
      ).rejects.toThrow();
    } finally {
      await raw.close();
      await fresh.drop();
    }
  });
});
