import { LeaseAuthority } from '@server/cluster/lease-authority';
import { LeasedAdmission, type WorkerKey, type WorkerTicket } from '@server/cluster/leased-admission';
import type { LeaseAnswer, LeaseRequest, Settlement } from '@server/cluster/protocol';
import { compileAccessRules } from '@server/gateway/access-rules';
import { LocalAdmission, type LocalTicket } from '@server/gateway/admission';
import { GatewayKeyCache, type KeyEntry } from '@server/gateway/key-cache';
import { RateLimiter } from '@server/gateway/rate-limiter';
import { MemoryAdmissionStore } from '@server/gateway/admission-store';
import { CreditLedger, type LedgerBatch } from '@server/metering/credit-ledger';
import { UsageMeter } from '@server/metering/usage-meter';
import type { StoredCredits, StoredSpend } from '@server/repos/stored-credits';
import type { UsageMinute } from '@server/repos/usage';

/**
 * The money path of WORKERS > 1 in one process, every step taken by hand: HTTP workers'
 * LeasedAdmission, their IPC lines (ordered queues, delivered one message at a time), the main
 * process's LeaseAuthority, ledger and meter, and a stand-in for the users table (the batch
 * write's SQL is covered by the started-server tests). With `workers: 0` calls are admitted as
 * one process does (LocalAdmission). Nothing happens until a step is taken, so a test can play
 * any interleaving of admit, lease, node answer, settle, report, pool clean-up and flush.
 */
export const userId = 7;
const apiKey = 'rpk_money';
const anchor = new Date('2030-01-01T00:00:00Z');
const lists = { domains: [], ips: [], cidrs: [] };

type ToPrimary =
  | { readonly kind: 'lease'; readonly request: LeaseRequest; readonly reply: (answer: LeaseAnswer) => void }
  | { readonly kind: 'report'; readonly minutes: readonly UsageMinute[]; readonly settlements: readonly Settlement[] };

export interface SimWorker {
  readonly id: number;
  readonly admission: LeasedAdmission;
  readonly meter: UsageMeter;
  /** Worker → main process, in order. */
  readonly outbox: ToPrimary[];
  /** Main process → worker (lease answers), in order. */
  readonly inbox: Array<() => void>;
  /** Credits of calls answered since this worker's last report (lost with it if it dies). */
  unreported: number;
  alive: boolean;
}

export interface SimCall {
  readonly id: number;
  readonly cost: number;
  readonly worker: SimWorker | null;
  state: 'admitting' | 'atNode' | 'answered' | 'failed' | 'refused' | 'lost';
  ticket: WorkerTicket | LocalTicket | null;
}

export interface Plan {
  readonly rate: number | null;
  readonly creditLimit: number | null;
  /** The key's spend cap per day (its rules); none when absent. */
  readonly dayCap?: number | null;
}

function isLocalTicket(ticket: WorkerTicket | LocalTicket): ticket is LocalTicket {
  return 'accounts' in ticket;
}

export class LeaseCluster {
  readonly ledger = new CreditLedger();
  readonly limiter = new RateLimiter();
  readonly store = new MemoryAdmissionStore(this.limiter, this.ledger);
  /** The main process's meter: what reaches the usage table. */
  readonly meter = new UsageMeter();
  readonly keys: GatewayKeyCache<KeyEntry>;
  readonly authority: LeaseAuthority;
  readonly local: LocalAdmission;
  readonly workers: SimWorker[] = [];
  readonly calls: SimCall[] = [];
  nowMs = Date.parse('2030-01-15T12:00:00Z');
  /** users.credits_used as the batch writes keep it. */
  storedCredits = 0;
  /** usage_minutes.credits, summed. */
  storedMetered = 0;
  /** key_credits.credits_used of the key's day as the batch writes keep it (the sim stays within one day). */
  storedKeyDay = 0;
  /** Credits of answered calls whose counts reached the main process (or, with no workers, were counted there). */
  owed = 0;
  private plan: Plan;
  private nextWorkerId = 1;
  private nextCallId = 1;
  private batch: { readonly ledger: LedgerBatch; readonly minutes: UsageMinute[] } | null = null;
  /** Key loads waiting for their database read. */
  private loads: Array<() => void> = [];
  /** Promises of the main process's handlers still running (a lease's key load...). */
  private readonly running = new Set<Promise<unknown>>();

  constructor(plan: Plan, workers: number) {
    this.plan = plan;
    // A key load reads the database: it ends when a step lets it (loadKeys), not at once.
    this.keys = new GatewayKeyCache<KeyEntry>(
      (key) => {
        const generation = this.ledger.generation;
        return new Promise((resolve) => {
          this.loads.push(() =>
            resolve({
              apiKey: key,
              keyId: 3,
              planId: 1,
              userId,
              rate: this.plan.rate,
              credits: this.ledger.sync(this.stored(), new Date(this.nowMs), generation),
              spend: this.ledger.syncKey(3, this.stored(), this.storedSpend(), new Date(this.nowMs), generation),
              access: compileAccessRules(lists),
              lists,
            }),
          );
        });
      },
      () => this.nowMs,
    );
    this.authority = new LeaseAuthority({ keys: this.keys, store: this.store, ledger: this.ledger, meter: this.meter });
    this.local = new LocalAdmission(this.store, this.ledger);
    for (let index = 0; index < workers; index += 1) this.addWorker();
  }

  get key(): WorkerKey {
    return {
      apiKey,
      keyId: 3,
      planId: 1,
      userId,
      rate: this.plan.rate,
      creditLimit: this.plan.creditLimit,
      capped: (this.plan.dayCap ?? null) !== null,
      access: compileAccessRules(lists),
    };
  }

  addWorker(): SimWorker {
    const worker: SimWorker = {
      id: this.nextWorkerId++,
      admission: new LeasedAdmission(
        (request) =>
          new Promise((resolve) => {
            worker.outbox.push({ kind: 'lease', request, reply: (answer) => worker.inbox.push(() => resolve(answer)) });
          }),
        () => undefined,
      ),
      meter: new UsageMeter(),
      outbox: [],
      inbox: [],
      unreported: 0,
      alive: true,
    };
    this.workers.push(worker);
    return worker;
  }

  /** A call arrives at `worker` (null: the one-process server) and asks admission for `cost` credits (`key`: as the worker holds it). */
  async start(worker: SimWorker | null, cost: number, key: WorkerKey = this.key): Promise<SimCall> {
    const call: SimCall = { id: this.nextCallId++, cost, worker, state: 'admitting', ticket: null };
    this.calls.push(call);
    const admitted = worker === null ? await this.localAdmit(cost) : worker.admission.admit(key, cost, 1, this.nowMs);
    const admit = admitted instanceof Promise ? admitted : Promise.resolve(admitted);
    admit.then(
      (answer) => {
        if (call.state !== 'admitting') return;
        if (answer.kind === 'admitted') {
          call.ticket = answer.ticket;
          call.state = 'atNode';
        } else call.state = 'refused';
      },
      () => (call.state = 'refused'),
    );
    await settleMicrotasks();
    return call;
  }

  /** The node answers the call with JSON (charged, metered), or fails (neither): as Gateway.forward does. */
  async nodeAnswers(call: SimCall, answered: boolean): Promise<void> {
    const { ticket } = call;
    if (call.state !== 'atNode' || ticket === null) throw new Error(`call ${call.id} is not at the node (${call.state})`);
    call.state = answered ? 'answered' : 'failed';
    if (isLocalTicket(ticket)) this.local.settle(ticket, answered);
    else call.worker?.admission.settle(ticket, answered);
    if (!answered) return;
    const meter = call.worker?.meter ?? this.meter;
    const minute = this.nowMs - (this.nowMs % 60_000);
    meter.count({ keyId: 3, userId }, 'mainnet', `m${call.cost}`, minute, 'answered', call.cost);
    if (call.worker === null) this.owed += call.cost;
    else call.worker.unreported += call.cost;
    await settleMicrotasks();
  }

  /** A worker's 200 ms report: its counts and settlements go on its line to the main process. */
  report(worker: SimWorker): void {
    if (!worker.alive) return;
    const minutes = worker.meter.take();
    const settlements = worker.admission.takeSettlements(this.nowMs);
    this.owed += worker.unreported;
    worker.unreported = 0;
    if (minutes.length > 0 || settlements.length > 0) worker.outbox.push({ kind: 'report', minutes, settlements });
  }

  /** The main process reads the next message of the worker's line (a lease is answered when its key is loaded). */
  async deliverToPrimary(worker: SimWorker): Promise<boolean> {
    const message = worker.outbox.shift();
    if (message === undefined) return false;
    const handled =
      message.kind === 'lease'
        ? this.authority.lease(worker.id, message.request, this.nowMs).then(message.reply)
        : this.authority.report(worker.id, message.minutes, message.settlements, this.nowMs);
    this.track(handled);
    await settleMicrotasks();
    return true;
  }

  /** The worker reads the next lease answer on its line. */
  async deliverToWorker(worker: SimWorker): Promise<boolean> {
    const next = worker.inbox.shift();
    if (next === undefined) return false;
    next();
    await settleMicrotasks();
    return true;
  }

  /** The worker process dies: what it sent is read (IPC delivers it before the channel closes), the rest is gone. */
  async kill(worker: SimWorker): Promise<void> {
    worker.alive = false;
    while (await this.deliverToPrimary(worker));
    // The exit is seen at once: a lease may still be waiting for its key in the main process.
    this.authority.forget(worker.id);
    worker.unreported = 0;
    worker.inbox.length = 0;
    for (const call of this.calls)
      if (call.worker === worker && (call.state === 'admitting' || call.state === 'atNode')) call.state = 'lost';
  }

  /** A plan reload (npm run admin, or a dashboard change): the key is loaded again with `plan`. */
  changePlan(plan: Plan): void {
    this.plan = plan;
    this.keys.invalidateUser(userId);
    for (const worker of this.workers) worker.admission.forgetRefusals(userId);
  }

  /** The metering write begins (what is pending moves into the batch)... */
  beginFlush(): void {
    if (this.batch !== null) return;
    this.batch = { ledger: this.ledger.beginBatch(this.nowMs), minutes: this.meter.take() };
  }

  /** ...and commits, or fails (everything is pending again). */
  endFlush(ok: boolean): void {
    const { batch } = this;
    if (batch === null) return;
    this.batch = null;
    if (!ok) {
      this.meter.restore(batch.minutes);
      this.ledger.failBatch(batch.ledger, this.nowMs);
      return;
    }
    for (const row of batch.minutes) this.storedMetered += row.credits;
    const stored: StoredCredits[] = [];
    for (const delta of batch.ledger.deltas) {
      this.storedCredits += delta.credits;
      stored.push(this.stored());
    }
    // The key's spend is written alike: each period's delta added to what is stored.
    const keys = batch.ledger.keyDeltas.map((delta) => {
      if (delta.period === 'day') this.storedKeyDay += delta.credits;
      const creditsUsed = delta.period === 'day' ? this.storedKeyDay : this.storedCredits;
      return { keyId: delta.keyId, period: delta.period, periodStart: delta.periodStart, creditsUsed };
    });
    this.ledger.endBatch(batch.ledger, { users: stored, keys }, this.nowMs);
  }

  /** The database answers the key loads under way. */
  async loadKeys(): Promise<void> {
    const loads = this.loads;
    this.loads = [];
    for (const load of loads) load();
    await settleMicrotasks();
  }

  /** Waits for the main process's handlers under way (their key loads answered). */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.loads.length > 0) {
      await this.loadKeys();
      if (this.running.size > 0) await Promise.race([Promise.all([...this.running]), settleMicrotasks()]);
    }
    await settleMicrotasks();
  }

  /**
   * Shutdown, as it must go: every call still at the node gets its answer (`answered`), every
   * worker reports once its calls are done, the main process reads everything, then the last flush.
   */
  async drain(answered: (call: SimCall) => boolean = () => true): Promise<void> {
    for (let round = 0; round < 1000; round += 1) {
      let moved = false;
      for (const worker of this.workers) {
        if (!worker.alive) continue;
        while (await this.deliverToPrimary(worker)) moved = true;
        await this.idle();
        while (await this.deliverToWorker(worker)) moved = true;
      }
      for (const call of this.calls) {
        if (call.state !== 'atNode') continue;
        await this.nodeAnswers(call, answered(call));
        moved = true;
      }
      if (!moved) break;
    }
    for (const worker of this.workers) this.report(worker);
    for (const worker of this.workers) while (await this.deliverToPrimary(worker));
    await this.idle();
    if (this.batch !== null) this.endFlush(true);
    this.beginFlush();
    this.endFlush(true);
  }

  /** Credits reserved and never charged nor released: with nothing under way, there must be none. */
  reserved(): number {
    return this.ledger.account(userId)?.reserved ?? 0;
  }

  /** Credits the ledger has charged and not written yet. */
  pending(): number {
    const account = this.ledger.account(userId);
    return account === undefined ? 0 : account.pending + account.inflight;
  }

  /** The key's day account: reserved, and charged but not written yet (each must come to 0 as the user's). */
  keyDayLeft(): { reserved: number; pending: number } {
    const day = this.ledger.keySpend(3)?.day;
    return { reserved: day?.reserved ?? 0, pending: day === undefined ? 0 : day.pending + day.inflight };
  }

  private async localAdmit(cost: number) {
    const loading = this.keys.get(apiKey);
    await this.loadKeys();
    const key = await loading;
    if (key === null) throw new Error('the key is gone');
    return this.local.admit(key, cost, 1, this.nowMs);
  }

  /** The key's spend as a key load reads it: its cap, and what the batches stored today (the sim's cycle is its whole run). */
  private storedSpend(): StoredSpend {
    const dayStart = new Date(this.nowMs - (this.nowMs % 86_400_000));
    return {
      day: { limit: this.plan.dayCap ?? null, periodStart: dayStart, creditsUsed: this.storedKeyDay },
      cycle: { limit: null, periodStart: anchor, creditsUsed: this.storedCredits },
    };
  }

  private stored(): StoredCredits {
    return { userId, anchor, creditsUsed: this.storedCredits, countedCycleStart: anchor, creditLimit: this.plan.creditLimit };
  }

  private track(promise: Promise<unknown>): void {
    const tracked = promise.finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }
}

/** Lets every promise continuation already due run (IPC answers and key loads here are in memory). */
export async function settleMicrotasks(): Promise<void> {
  for (let index = 0; index < 5; index += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}
