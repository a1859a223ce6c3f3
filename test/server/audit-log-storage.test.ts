import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retainAuditLog } from '@server/audit/audit-retention';
import { bearer } from './helpers/accounts';
import { hours } from './helpers/manual-clock';
import { startTestApp, type TestApp } from './helpers/test-app';
import { keyHolder, type KeyHolder } from './gateway-harness';

/** The table keeps what was recorded: the database refuses to change it, and only the retention job deletes, past a year. */
let server: TestApp;
beforeAll(async () => {
  // Sessions outlive the months the clock moves through.
  server = await startTestApp({ SESSION_TTL_HOURS: '8760' });
});
afterAll(() => server.close());

const days = (n: number) => n * hours(24);

async function rename(holder: KeyHolder, name: string): Promise<void> {
  const answer = await server.app.inject({ method: 'PATCH', url: '/api/project', headers: bearer(holder.token), payload: { name } });
  expect(answer.statusCode).toBe(200);
}

async function storedTimes(projectId: number): Promise<string[]> {
  const { rows } = await server.app.db.query<{ at: Date }>('SELECT at FROM audit_log WHERE project_id = $1 ORDER BY at', [projectId]);
  return rows.map((row) => new Date(row.at).toISOString());
}

describe('audit_log in the database', () => {
  it('refuses any UPDATE, a DELETE outside the retention job, and TRUNCATE', async () => {
    const ada = await keyHolder(server.app, 'audit-immutable');
    await rename(ada, 'Kept as recorded');
    const id = ada.userId;
    await expect(server.app.db.query("UPDATE audit_log SET action = 'key.created' WHERE project_id = $1", [id])).rejects.toThrow(
      /cannot be changed/,
    );
    await expect(server.app.db.query("UPDATE audit_log SET changes = '{}' WHERE project_id = $1", [id])).rejects.toThrow(
      /cannot be changed/,
    );
    await expect(server.app.db.query('DELETE FROM audit_log WHERE project_id = $1', [id])).rejects.toThrow(/only by the retention job/);
    await expect(server.app.db.query('TRUNCATE audit_log')).rejects.toThrow(/cannot be truncated/);
    // A cut-off declared in the future does not let a recent entry go either.
    await expect(
      server.app.db.transaction(async (tx) => {
        await tx.query("SELECT set_config('audit_log.retain_before', $1, true)", [
          new Date(server.clock.now().getTime() - days(1)).toISOString(),
        ]);
        await tx.query('DELETE FROM audit_log WHERE project_id = $1', [id]);
      }),
    ).rejects.toThrow(/only by the retention job/);
    expect(await storedTimes(id)).toEqual([server.clock.now().toISOString()]);
  });

  it('the retention job deletes the entries older than a year by the app clock, and only those', async () => {
    const ada = await keyHolder(server.app, 'audit-retention');
    const first = server.clock.now();
    await rename(ada, 'A year ago');
    server.clock.advance(days(200));
    const second = server.clock.now();
    await rename(ada, 'Recent');
    server.clock.advance(days(165));
    // Exactly a year after the first entry (2030 has 365 days): it stays until the cut-off passes it.
    expect(await retainAuditLog({ db: server.app.db, clock: server.clock, log: server.app.log })).toBe(true);
    expect(await storedTimes(ada.userId)).toEqual([first.toISOString(), second.toISOString()]);
    server.clock.advance(days(1) + 1);
    await retainAuditLog({ db: server.app.db, clock: server.clock, log: server.app.log });
    expect(await storedTimes(ada.userId)).toEqual([second.toISOString()]);
  });
});
