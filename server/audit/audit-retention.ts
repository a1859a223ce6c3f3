import type { FastifyBaseLogger } from 'fastify';
import { auditRetentionCutoff } from '@/domain/audit-log';
import type { Clock } from '@server/clock';
import { repeatOnce, runOnce } from '@server/db/advisory-locks';
import type { Db } from '@server/db/db';
import { deleteOldAuditLog } from '@server/repos/audit-log';

/** How often audit entries past a year are deleted (each run deletes what expired since the last). */
export const AUDIT_RETENTION_INTERVAL_MS = 3_600_000;

interface RetentionSettings {
  readonly db: Db;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
}

function deleteExpired({ db, clock, log }: RetentionSettings): () => Promise<void> {
  return async () => {
    const deleted = await db.transaction((tx) => deleteOldAuditLog(tx, auditRetentionCutoff(clock.now())));
    if (deleted > 0) log.info({ deleted }, 'audit log entries older than a year deleted');
  };
}

/**
 * One run of the audit retention job: entries recorded more than a year ago (by the app clock) are
 * deleted, in one transaction that declares its cut-off to the table's trigger. It runs on one
 * replica at a time (runOnce); the delete is the same whoever runs it. False when another replica
 * was running it.
 */
export function retainAuditLog(settings: RetentionSettings): Promise<boolean> {
  return runOnce(settings.db, 'auditRetention', deleteExpired(settings));
}

/** Runs the audit retention job every hour (and at start) on every replica, one at a time. Returns what stops it. */
export function startAuditRetention(settings: RetentionSettings & { intervalMs?: number }): () => void {
  return repeatOnce(settings.db, {
    name: 'auditRetention',
    intervalMs: settings.intervalMs ?? AUDIT_RETENTION_INTERVAL_MS,
    immediately: true,
    job: deleteExpired(settings),
    onError: (error) => settings.log.error({ err: error }, 'the audit retention job failed'),
  });
}
