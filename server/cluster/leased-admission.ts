import type { Admission, Admit, AdmittedKey } from '@server/gateway/admission';
import type { GatewayKey } from '@server/gateway/key-cache';
import type { LeaseAnswer, LeaseRequest, Settlement } from '@server/cluster/protocol';

/** A key as an HTTP worker holds it. */
export interface WorkerKey extends GatewayKey, AdmittedKey {
  /** The plan's credits a month; null = unlimited. */
  readonly creditLimit: number | null;
  /** Whether the key has a spend cap: its credits are leased then, whatever the plan. */
  readonly capped: boolean;
}

/** A refusal of the credits: the quota's, or the key's cap. */
type CreditAdmit = Extract<Admit<never>, { kind: 'quota' | 'keyCap' }>;

/** A credit refusal as the worker keeps it, trusted until `until`. */
interface CreditRefusal {
  readonly admit: CreditAdmit;
  readonly until: number;
}

function creditRefusal(answer: Extract<LeaseAnswer, { kind: 'quota' | 'keyCap' }>): CreditAdmit {
  return answer.kind === 'quota'
    ? { kind: 'quota', used: answer.used, limit: answer.limit, cycleEnd: new Date(answer.cycleEndMs) }
    : { kind: 'keyCap', period: answer.period, used: answer.used, limit: answer.limit, periodEnd: new Date(answer.periodEndMs) };
}

/**
 * What a worker holds for one key between two reports: each key its own pool, so that the main
 * process charges what a key spent to the key's caps as well as to its owner's quota.
 */
interface Pool {
  readonly keyId: number;
  readonly userId: number;
  apiKey: string;
  rate: number | null;
  tokens: number;
  credits: number;
  /** Credits of answered calls since the last report. */
  charged: number;
  /**
   * Calls holding this pool: waiting for their lease or for the node. A pool is dropped only when
   * none does, or their lease and charge would land on a pool no report reads again.
   */
  holders: number;
  /** Tokens left in the main process's bucket at the last grant. */
  bucket: number;
  /** No token before this (epoch ms): a refusal the main process gave, kept until it can change. */
  rateRefusedUntil: number;
  /** Calls waiting for their lease now. */
  asking: number;
  /** Epoch ms of this user's last refusal (rate or quota), here or by the main process. */
  refusedAt: number;
  creditRefusal: CreditRefusal | null;
}

export interface WorkerTicket {
  readonly pool: Pool;
  readonly credits: number;
  /** Of which taken from a lease (a limited plan): given back to the pool when the node fails. */
  readonly leased: number;
}

/** A spare lease is about a fiftieth of a second of the plan's rate, from 100 req/s up: below, every call asks. */
const spareShareOfRate = 50;
const spareFromRate = 100;
/** Spare credits: about as many calls as the spare tokens (the main process caps it near the quota). */
const spareCalls = 50;
/** A quota or cap refusal is trusted until the next report (credits come back only by releases, plan and rule changes or a new period). */
const quotaRefusalMs = 200;
/**
 * After a refusal, no call of the user goes to the node before its lease for this long: a client
 * sending past its limit makes the node answer nothing beyond what is admitted (one call at most
 * per second and worker).
 */
const earlyPauseAfterRefusalMs = 1000;

/**
 * Admission in an HTTP worker: calls are admitted from what this worker leased from the main
 * process (LeaseAuthority) while it lasts, and a call that needs more asks for it (one message,
 * answered from the one true bucket and ledger). Every report gives back what was not used, so
 * a lease lives at most one report interval. Exactness: below 100 req/s a lease is exactly one
 * call's tokens, so a burst gets exactly what the bucket holds; above, a worker may hold up to
 * rate/50 spare tokens for one interval.
 */
export class LeasedAdmission implements Admission<WorkerKey, WorkerTicket> {
  /** By key id. */
  private readonly pools = new Map<number, Pool>();
  private holding = 0;
  private whenSettled: Array<() => void> = [];

  constructor(
    private readonly ask: (request: LeaseRequest) => Promise<LeaseAnswer>,
    private readonly onUnknownKey: (apiKey: string) => void,
  ) {}

  admit(key: WorkerKey, credits: number, calls: number, nowMs: number): Admit<WorkerTicket> | Promise<Admit<WorkerTicket>> {
    const pool = this.pool(key);
    const refusal = pool.creditRefusal;
    if (refusal !== null && nowMs < refusal.until) {
      pool.refusedAt = nowMs;
      return refusal.admit;
    }
    // No call (a subscription's notification, `calls` 0): the quota only, never the bucket.
    const quotaOnly = calls === 0;
    if (key.rate !== null && !quotaOnly && nowMs < pool.rateRefusedUntil) {
      pool.refusedAt = nowMs;
      return { kind: 'rate', retryAfterMs: pool.rateRefusedUntil - nowMs };
    }
    const tokens = key.rate === null ? 0 : calls;
    const leased = key.creditLimit === null && !key.capped ? 0 : credits;
    if (pool.tokens >= tokens && pool.credits >= leased) {
      pool.tokens -= tokens;
      pool.credits -= leased;
      this.hold(pool);
      return { kind: 'admitted', ticket: { pool, credits, leased }, remaining: this.remainingOf(pool) };
    }
    this.hold(pool);
    pool.asking += 1;
    const leasing = this.lease(key, pool, { credits, leased, tokens, quotaOnly }, nowMs);
    // A refusal, or a lease that failed, holds nothing: only an admitted call keeps the pool until it settles.
    leasing.then(
      (answer) => {
        pool.asking -= 1;
        if (answer.kind !== 'admitted') this.unhold(pool);
      },
      () => {
        pool.asking -= 1;
        this.unhold(pool);
      },
    );
    return leasing;
  }

  /**
   * A call may go to the node while it waits for its lease when no other call of the user is
   * waiting for one (a burst goes in turn, as before) and the user was not refused in the last
   * second: only calls that will most likely be admitted overlap their lease with the node.
   */
  mayForwardEarly(key: WorkerKey, nowMs: number): boolean {
    const pool = this.pools.get(key.keyId);
    return pool === undefined || (pool.asking === 0 && nowMs - pool.refusedAt >= earlyPauseAfterRefusalMs);
  }

  settle(ticket: WorkerTicket, answered: boolean): void {
    const { pool } = ticket;
    if (answered) pool.charged += ticket.credits;
    else pool.credits += ticket.leased;
    this.unhold(pool);
  }

  /** Resolves once every call admitted so far has settled: the last report must count them. */
  settled(): Promise<void> {
    if (this.holding === 0) return Promise.resolve();
    return new Promise((resolve) => this.whenSettled.push(resolve));
  }

  remaining(key: WorkerKey): number {
    return this.remainingOf(this.pool(key)) ?? 0;
  }

  /** Everything to report, and the pools emptied: unused leases go back with every report. */
  takeSettlements(nowMs: number): Settlement[] {
    const settlements: Settlement[] = [];
    for (const [keyId, pool] of this.pools) {
      if (pool.charged === 0 && pool.credits === 0 && pool.tokens === 0) {
        const refusedLately = nowMs - pool.refusedAt < earlyPauseAfterRefusalMs;
        if (pool.holders === 0 && pool.creditRefusal === null && pool.rateRefusedUntil <= nowMs && !refusedLately) this.pools.delete(keyId);
        pool.creditRefusal = null;
        continue;
      }
      settlements.push({
        apiKey: pool.apiKey,
        keyId,
        userId: pool.userId,
        rate: pool.rate,
        charged: pool.charged,
        unusedCredits: pool.credits,
        unusedTokens: pool.tokens,
      });
      pool.charged = 0;
      pool.credits = 0;
      pool.tokens = 0;
      pool.creditRefusal = null;
    }
    return settlements;
  }

  /** A plan or the key changed: refusals known for the user no longer hold. */
  forgetRefusals(userId: number | null): void {
    for (const pool of this.pools.values()) {
      if (userId !== null && pool.userId !== userId) continue;
      pool.creditRefusal = null;
      pool.rateRefusedUntil = 0;
    }
  }

  private async lease(
    key: WorkerKey,
    pool: Pool,
    need: { credits: number; leased: number; tokens: number; quotaOnly: boolean },
    nowMs: number,
  ): Promise<Admit<WorkerTicket>> {
    // Below 100 req/s (Free 10, Developer 50) no spare: a burst gets exactly what the bucket holds.
    const spareTokens = need.quotaOnly || key.rate === null || key.rate < spareFromRate ? 0 : Math.floor(key.rate / spareShareOfRate);
    const request: LeaseRequest = {
      apiKey: key.apiKey,
      userId: key.userId,
      rate: key.rate,
      tokens: need.tokens,
      spareTokens,
      credits: need.leased,
      spareCredits: need.leased === 0 ? 0 : Math.max(spareTokens, spareCalls) * need.leased,
      quotaOnly: need.quotaOnly,
    };
    const answer = await this.ask(request);
    switch (answer.kind) {
      case 'granted': {
        // This call takes what it asked for; the spare joins the pool for the next ones. A plan the
        // main process knows to be unlimited while this worker does not yet grants less: the call
        // holds only what was granted, so nothing that was never reserved is given back.
        const leased = Math.min(need.leased, answer.credits);
        pool.tokens += Math.max(0, answer.tokens - need.tokens);
        pool.credits += answer.credits - leased;
        pool.bucket = answer.remaining ?? 0;
        return { kind: 'admitted', ticket: { pool, credits: need.credits, leased }, remaining: this.remainingOf(pool) };
      }
      case 'quota':
      case 'keyCap': {
        const refusal = creditRefusal(answer);
        pool.refusedAt = nowMs;
        pool.creditRefusal = { admit: refusal, until: nowMs + quotaRefusalMs };
        return refusal;
      }
      case 'rate':
        pool.refusedAt = nowMs;
        pool.rateRefusedUntil = nowMs + answer.nextTokenMs;
        return { kind: 'rate', retryAfterMs: answer.retryAfterMs ?? answer.nextTokenMs };
      case 'unknownKey':
        this.onUnknownKey(key.apiKey);
        return { kind: 'unknownKey' };
    }
  }

  private hold(pool: Pool): void {
    pool.holders += 1;
    this.holding += 1;
  }

  private unhold(pool: Pool): void {
    pool.holders -= 1;
    this.holding -= 1;
    if (this.holding > 0) return;
    const waiting = this.whenSettled;
    this.whenSettled = [];
    for (const resolve of waiting) resolve();
  }

  private remainingOf(pool: Pool): number | null {
    return pool.rate === null ? null : Math.min(pool.rate, pool.bucket + pool.tokens);
  }

  private pool(key: WorkerKey): Pool {
    let pool = this.pools.get(key.keyId);
    if (pool === undefined) {
      pool = {
        keyId: key.keyId,
        userId: key.userId,
        apiKey: key.apiKey,
        rate: key.rate,
        tokens: 0,
        credits: 0,
        charged: 0,
        holders: 0,
        bucket: key.rate ?? 0,
        rateRefusedUntil: 0,
        asking: 0,
        refusedAt: Number.NEGATIVE_INFINITY,
        creditRefusal: null,
      };
      this.pools.set(key.keyId, pool);
    }
    if (pool.rate !== key.rate) {
      // A plan change: leased tokens were taken at the old rate; they go back with the next report.
      pool.rate = key.rate;
    }
    return pool;
  }
}
