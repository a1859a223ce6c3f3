import { expiredBefore } from '@/domain/usage-series';
import { retentionJob } from '@server/db/retention-job';
import { REQUEST_LOG_KEPT_MS } from '@server/metering/request-log';
import { deleteOldRequestLog } from '@server/repos/request-log';
import { deleteExpiredUsage } from '@server/repos/usage';

/**
 * The usage retention job: minutes older than 7 days and hours older than 90 days are deleted,
 * their hours and days staying (the metering batch wrote them with the minute); and the request
 * log's calls older than 24 hours.
 */
const usageRetention = retentionJob('usageRetention', 'usage retention', async ({ db, clock, log }) => {
  const now = clock.now();
  const deleted = await deleteExpiredUsage(db, expiredBefore(now));
  const calls = await deleteOldRequestLog(db, new Date(now.getTime() - REQUEST_LOG_KEPT_MS));
  if (deleted.minutes > 0 || deleted.hours > 0 || calls > 0) {
    log.info({ ...deleted, calls }, 'expired usage deleted (minutes after 7 days, hours after 90, logged calls after 24 hours)');
  }
});

export const retainUsage = usageRetention.once;
export const startUsageRetention = usageRetention.start;
