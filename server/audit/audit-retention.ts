import { auditRetentionCutoff } from '@/domain/audit-log';
import { retentionJob } from '@server/db/retention-job';
import { deleteOldAuditLog } from '@server/repos/audit-log';

/**
 * The audit retention job: entries recorded more than a year ago (by the app clock) are deleted, in
 * one transaction that declares its cut-off to the table's trigger.
 */
const auditRetention = retentionJob('auditRetention', 'audit retention', async ({ db, clock, log }) => {
  const deleted = await db.transaction((tx) => deleteOldAuditLog(tx, auditRetentionCutoff(clock.now())));
  if (deleted > 0) log.info({ deleted }, 'audit log entries older than a year deleted');
});

export const retainAuditLog = auditRetention.once;
export const startAuditRetention = auditRetention.start;
