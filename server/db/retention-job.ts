import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '@server/clock';
import { type JobName, repeatOnce, runOnce } from '@server/db/advisory-locks';
import type { Db } from '@server/db/db';

/** What a retention job reads: the database, the app clock (what "old" is measured by) and the log. */
export interface RetentionSettings {
  readonly db: Db;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
}

/** Retention jobs run every hour, and at start: each run deletes what expired since the last. */
export const RETENTION_INTERVAL_MS = 3_600_000;

export interface RetentionJob {
  /** One run now, on one replica at a time: false when another replica was running it. */
  once(settings: RetentionSettings): Promise<boolean>;
  /** Runs every hour (and at start) on every replica, one at a time. Returns what stops it. */
  start(settings: RetentionSettings & { intervalMs?: number }): () => void;
}

/**
 * A job that deletes what has expired. A delete is the same whoever runs it and however often, so
 * nothing is lost or deleted twice; it runs on one replica at a time all the same (runOnce), so
 * replicas do not race through the same rows. `what` names it in the log when a run fails.
 */
export function retentionJob(name: JobName, what: string, deleteExpired: (settings: RetentionSettings) => Promise<void>): RetentionJob {
  return {
    once: (settings) => runOnce(settings.db, name, () => deleteExpired(settings)),
    start: (settings) =>
      repeatOnce(settings.db, {
        name,
        intervalMs: settings.intervalMs ?? RETENTION_INTERVAL_MS,
        immediately: true,
        job: () => deleteExpired(settings),
        onError: (error) => settings.log.error({ err: error }, `the ${what} job failed`),
      }),
  };
}
