import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '@server/clock';
import type { Db } from '@server/db/db';
import { CreditLedger, type StoredBatch } from '@server/metering/credit-ledger';
import { type LoggedCall, REQUEST_LOG_PER_KEY, REQUEST_LOG_TRIM_EVERY, RequestLogRing, storedCall } from '@server/metering/request-log';
import { UsageMeter } from '@server/metering/usage-meter';
import { appendRequestLog, trimRequestLog } from '@server/repos/request-log';
import { writeUsageBatch, type UsageMinute } from '@server/repos/usage';

export interface MeteringOptions {
  readonly db: Db;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  /** How often the counts are written (one transaction, whatever the traffic). */
  readonly intervalMs?: number;
  /** Users whose stored cycle changed elsewhere (a plan change): their cached keys must reload. */
  readonly onStaleUsers?: (userIds: readonly number[]) => void;
}

/**
 * The gateway's metering: counts and credits in memory (UsageMeter, CreditLedger), written in
 * batches every interval, and on flush() (GET /usage reads after one; the app flushes on close).
 * A failed write keeps everything for the next one, unless the database refuses the rows
 * themselves: then the credits are written, and the minutes one by one, dropping those refused.
 */
export class Metering {
  readonly ledger = new CreditLedger();
  readonly meter = new UsageMeter();
  /** The calls of keys that log them (paid plans, switch on), written after each batch. */
  readonly requestLog = new RequestLogRing();
  /** Per key, the calls written since it was last trimmed (keysToTrim). */
  private readonly untrimmed = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  /** Writes run one after another: each flush() waits for the previous one, then writes what is left. */
  private tail: Promise<void> = Promise.resolve();
  /** Epoch ms (the clock's) up to which everything counted is stored: what the flush lag is measured from. */
  private caughtUpAt: number;
  private dropped = 0;

  constructor(private readonly options: MeteringOptions) {
    this.caughtUpAt = options.clock.now().getTime();
  }

  /** Minutes the database refused for their content, dropped since start (metrics). */
  get droppedRows(): number {
    return this.dropped;
  }

  /** How long ago everything counted was last stored: about the interval when writes succeed, growing while they fail. */
  flushLagMs(): number {
    return Math.max(0, this.options.clock.now().getTime() - this.caughtUpAt);
  }

  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => {
      this.flush().catch((error: unknown) => this.options.log.warn({ err: error }, 'metering write failed; kept for the next one'));
    }, this.options.intervalMs ?? 1000);
    this.timer.unref();
  }

  /** Resolves once everything counted before the call is stored (rejects if that write failed). */
  flush(): Promise<void> {
    const write = this.tail.then(
      () => this.writeOnce(),
      () => this.writeOnce(),
    );
    this.tail = write.catch(() => undefined);
    return write;
  }

  /** Stops the timer and writes what is left (app close: SIGTERM/SIGINT lose nothing). */
  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async writeOnce(): Promise<void> {
    await this.writeUsage();
    await this.writeRequestLog();
  }

  /**
   * The logged calls since the last write, in one statement, oldest first. It never fails the flush
   * (GET /usage waits for one): a write that fails puts them back for the next one (the ring's bound
   * still holds: the oldest go first), unless the database refused the rows themselves, which are
   * dropped (logged). The usage batch never waits for it.
   */
  private async writeRequestLog(): Promise<void> {
    if (this.requestLog.size === 0) return;
    const calls = this.requestLog.take();
    try {
      await appendRequestLog(
        this.options.db,
        calls.map(storedCall).sort((a, b) => a.at.getTime() - b.at.getTime()),
      );
      await trimRequestLog(this.options.db, this.keysToTrim(calls), REQUEST_LOG_PER_KEY);
    } catch (error) {
      if (refusedForContent(error)) {
        this.options.log.error({ err: error, calls: calls.length }, 'the database refused a request log batch: dropped');
        return;
      }
      this.requestLog.restore(calls);
      this.options.log.warn({ err: error }, 'request log write failed; kept for the next one');
    }
  }

  /**
   * The keys this process has written REQUEST_LOG_TRIM_EVERY calls of since it last trimmed them
   * (their counts start again). Trimming at every write would scan a busy key's 10,000 newest rows
   * each second; so a key holds at most REQUEST_LOG_PER_KEY + REQUEST_LOG_TRIM_EVERY rows per process
   * writing it, and the log's reads show only the newest REQUEST_LOG_PER_KEY.
   */
  private keysToTrim(calls: readonly LoggedCall[]): number[] {
    const due: number[] = [];
    for (const call of calls) {
      const written = (this.untrimmed.get(call.keyId) ?? 0) + 1;
      if (written >= REQUEST_LOG_TRIM_EVERY) {
        this.untrimmed.delete(call.keyId);
        due.push(call.keyId);
      } else {
        this.untrimmed.set(call.keyId, written);
      }
    }
    return due;
  }

  private async writeUsage(): Promise<void> {
    const { db, clock } = this.options;
    const startedAt = clock.now().getTime();
    if (this.meter.size === 0 && !this.ledger.hasPending()) {
      this.caughtUpAt = startedAt;
      return;
    }
    const minutes = this.meter.take();
    const batch = this.ledger.beginBatch(clock.now().getTime());
    let stale: number[];
    let refusedRows = false;
    try {
      let stored: StoredBatch;
      try {
        stored = await writeUsageBatch(db, minutes, batch);
      } catch (error) {
        if (!refusedForContent(error)) throw error;
        // Put back, these rows would be refused at every write, and every later write with them:
        // the credits (the server's own numbers) go alone, then the rows one by one.
        this.options.log.error({ err: error }, 'the database refused a metering batch: its minutes are written one by one');
        stored = await writeUsageBatch(db, [], batch);
        refusedRows = true;
      }
      stale = this.ledger.endBatch(batch, stored, clock.now().getTime());
    } catch (error) {
      this.meter.restore(minutes);
      this.ledger.failBatch(batch, clock.now().getTime());
      throw error;
    }
    if (stale.length > 0) this.options.onStaleUsers?.(stale);
    if (refusedRows) await this.writeRowsAlone(minutes);
    // Everything counted before this write began is stored now (or dropped as refused).
    this.caughtUpAt = startedAt;
  }

  /** Each row in its own statement: those the database refuses for their content are dropped (logged), the rest kept. */
  private async writeRowsAlone(minutes: readonly UsageMinute[]): Promise<void> {
    for (const [index, row] of minutes.entries()) {
      try {
        await writeUsageBatch(this.options.db, [row], { deltas: [], keyDeltas: [] });
      } catch (error) {
        if (!refusedForContent(error)) {
          // E.g. the connection dropped: what is not written yet waits for the next write.
          this.meter.restore(minutes.slice(index));
          throw error;
        }
        this.dropped += 1;
        this.options.log.error({ err: error, row }, 'a metered minute the database refuses was dropped');
      }
    }
  }
}

/**
 * SQLSTATE classes 21 (cardinality), 22 (data exception) and 23 (integrity constraint): the rows
 * themselves are refused, and would be again. Anything else (a lost connection...) may pass later.
 */
function refusedForContent(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error) || typeof error.code !== 'string') return false;
  const sqlClass = error.code.slice(0, 2);
  return sqlClass === '21' || sqlClass === '22' || sqlClass === '23';
}
