import type { FastifyBaseLogger } from 'fastify';
import { expiredBefore } from '@/domain/usage-series';
import type { Clock } from '@server/clock';
import { repeatOnce, runOnce } from '@server/db/advisory-locks';
import type { Db } from '@server/db/db';
import { REQUEST_LOG_KEPT_MS } from '@server/metering/request-log';
import { deleteOldRequestLog } from '@server/repos/request-log';
import { deleteExpiredUsage } from '@server/repos/usage';

/** How often the expired minutes and hours are deleted (each run deletes what expired since the last). */
export const USAGE_RETENTION_INTERVAL_MS = 3_600_000;

interface RetentionSettings {
  readonly db: Db;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
}

function deleteExpired({ db, clock, log }: RetentionSettings): () => Promise<void> {
  return async () => {
    const now = clock.now();
    const deleted = await deleteExpiredUsage(db, expiredBefore(now));
    const calls = await deleteOldRequestLog(db, new Date(now.getTime() - REQUEST_LOG_KEPT_MS));
    if (deleted.minutes > 0 || deleted.hours > 0 || calls > 0) {
      log.info({ ...deleted, calls }, 'expired usage deleted (minutes after 7 days, hours after 90, logged calls after 24 hours)');
    }
  };
}

/**
 * One run of the usage retention job: minutes older than 7 days and hours older than 90 days are
 * deleted, their hours and days staying (the metering batch wrote them with the minute); and the
 * request log's calls older than 24 hours. It runs on
 * one replica at a time (runOnce); a delete is the same whoever runs it and however often, so
 * nothing is lost or deleted twice. False when another replica was running it.
 */
export function retainUsage(settings: RetentionSettings): Promise<boolean> {
  return runOnce(settings.db, 'usageRetention', deleteExpired(settings));
}

/** Runs the retention job every hour (and at start) on every replica, one at a time. Returns what stops it. */
export function startUsageRetention(settings: RetentionSettings & { intervalMs?: number }): () => void {
  return repeatOnce(settings.db, {
    name: 'usageRetention',
    intervalMs: settings.intervalMs ?? USAGE_RETENTION_INTERVAL_MS,
    immediately: true,
    job: deleteExpired(settings),
    onError: (error) => settings.log.error({ err: error }, 'the usage retention job failed'),
  });
}
