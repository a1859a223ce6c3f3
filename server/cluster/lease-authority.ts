import type { AdmissionStore } from '@server/gateway/admission-store';
import type { GatewayKeyCache, KeyEntry } from '@server/gateway/key-cache';
import type { CreditAccount, CreditLedger } from '@server/metering/credit-ledger';
import type { UsageMeter } from '@server/metering/usage-meter';
import type { LeaseAnswer, LeaseRequest, Settlement, KeyOnChannel } from '@server/cluster/protocol';
import type { UsageMinute } from '@server/repos/usage';

export interface AuthorityParts {
  readonly keys: GatewayKeyCache<KeyEntry>;
  /** The buckets and credit reservations (this process's, or every replica's in Redis). */
  readonly store: AdmissionStore;
  readonly ledger: CreditLedger;
  readonly meter: UsageMeter;
}

/** Credits a worker holds for one user (reserved in the ledger until it reports them spent or unused). */
interface Held {
  readonly account: CreditAccount;
  credits: number;
}

/**
 * The main process's side of the HTTP workers: the token buckets and the credit ledger stay here,
 * the one place that knows everything, and workers lease from them. A grant takes the call's
 * tokens and credits or nothing (the same rule as LocalAdmission, src/domain/admission-rule.ts:
 * quota, then rate, a batch admitted into debt while a whole token is left), plus a spare for the worker's next calls when there is room. Reports give back what
 * was not used; a worker that dies has its credits released.
 */
export class LeaseAuthority {
  private readonly held = new Map<number, Map<number, Held>>();
  /** Workers gone (forgotten): a lease still being answered for one of them holds nothing. */
  private readonly gone = new Set<number>();

  constructor(private readonly parts: AuthorityParts) {}

  async key(apiKey: string): Promise<KeyOnChannel | null> {
    const entry = await this.parts.keys.get(apiKey);
    if (entry === null) return null;
    const account = this.parts.ledger.account(entry.userId) ?? entry.credits;
    return {
      keyId: entry.keyId,
      userId: entry.userId,
      rate: entry.rate,
      creditLimit: account.limit,
      lists: entry.lists,
      planId: entry.planId,
      logRequests: entry.logRequests === true,
      expiresAt: entry.expiresAt ?? null,
      graceUntil: entry.graceUntil ?? null,
    };
  }

  async lease(workerId: number, request: LeaseRequest, nowMs: number): Promise<LeaseAnswer> {
    const entry = await this.parts.keys.get(request.apiKey);
    if (entry === null) return { kind: 'unknownKey' };
    // The worker died while its key loaded: nobody would ever report or free this lease.
    if (this.gone.has(workerId)) return { kind: 'unknownKey' };
    const account = this.parts.ledger.account(entry.userId) ?? entry.credits;
    const taken = await this.parts.store.take(
      {
        userId: entry.userId,
        rate: request.quotaOnly ? null : entry.rate,
        account,
        tokens: request.tokens,
        spareTokens: request.spareTokens,
        credits: request.credits,
        spareCredits: request.spareCredits,
      },
      nowMs,
    );
    switch (taken.kind) {
      case 'quota':
        return { kind: 'quota', used: taken.used, limit: taken.limit, cycleEndMs: account.cycle.end.getTime() };
      case 'rate':
        return { kind: 'rate', retryAfterMs: taken.retryAfterMs, nextTokenMs: taken.retryAfterMs };
      case 'granted':
        if (this.gone.has(workerId)) {
          // The worker died while Redis answered: what it would have held is free again.
          this.parts.store.release(account, taken.credits);
          return { kind: 'unknownKey' };
        }
        if (taken.credits > 0) this.holding(workerId, entry.userId, account).credits += taken.credits;
        return { kind: 'granted', tokens: taken.tokens, credits: taken.credits, remaining: taken.remaining };
    }
  }

  /**
   * A worker's report: its counted minutes join the meter, its spent credits are charged, the rest
   * given back. All of it at once, before anything is awaited: a flush that starts meanwhile (the
   * last one, at shutdown) finds the minutes and the charges together. Only a charge for a user the
   * ledger no longer holds waits for the key to load.
   */
  report(workerId: number, minutes: readonly UsageMinute[], settlements: readonly Settlement[], nowMs: number): Promise<void> {
    const { ledger, store, meter } = this.parts;
    meter.restore(minutes);
    const unknown: Array<{ readonly apiKey: string; readonly credits: number }> = [];
    for (const settlement of settlements) {
      if (settlement.rate !== null && settlement.unusedTokens > 0)
        store.giveBackTokens(settlement.userId, settlement.rate, settlement.unusedTokens, nowMs);
      const held = this.held.get(workerId)?.get(settlement.userId);
      const fromLease = Math.min(settlement.charged, held?.credits ?? 0);
      const given = Math.max(0, Math.min(settlement.unusedCredits, (held?.credits ?? 0) - fromLease));
      if (held !== undefined) {
        store.charge(held.account, fromLease);
        store.release(held.account, given);
        held.credits -= fromLease + given;
        if (held.credits === 0) this.held.get(workerId)?.delete(settlement.userId);
      }
      // Spent without a lease: an unlimited plan (nothing to hold back), a plan change the worker
      // had not seen, or a worker already gone (its leases were freed).
      const unleased = settlement.charged - fromLease;
      if (unleased <= 0) continue;
      const account = ledger.account(settlement.userId);
      if (account === undefined) unknown.push({ apiKey: settlement.apiKey, credits: unleased });
      else this.chargeUnleased(account, unleased, nowMs);
    }
    return unknown.length === 0 ? Promise.resolve() : this.chargeWhenLoaded(unknown, nowMs);
  }

  private chargeUnleased(account: CreditAccount, credits: number, nowMs: number): void {
    this.parts.store.chargeUnreserved(account, credits, nowMs);
  }

  private async chargeWhenLoaded(
    charges: ReadonlyArray<{ readonly apiKey: string; readonly credits: number }>,
    nowMs: number,
  ): Promise<void> {
    for (const { apiKey, credits } of charges) {
      const entry = await this.parts.keys.get(apiKey);
      if (entry === null) continue;
      this.chargeUnleased(this.parts.ledger.account(entry.userId) ?? entry.credits, credits, nowMs);
    }
  }

  /** A worker is gone: what it held and did not spend is free again. */
  forget(workerId: number): void {
    this.gone.add(workerId);
    for (const held of this.held.get(workerId)?.values() ?? []) this.parts.store.release(held.account, held.credits);
    this.held.delete(workerId);
  }

  private holding(workerId: number, userId: number, account: CreditAccount): Held {
    let byUser = this.held.get(workerId);
    if (byUser === undefined) {
      byUser = new Map();
      this.held.set(workerId, byUser);
    }
    let held = byUser.get(userId);
    if (held === undefined || held.account !== account) {
      // A new account (plan change): what was held on the old one is given back first (the ledger
      // settles it wherever its reservation went), and this worker's new leases are held apart.
      if (held !== undefined) this.parts.store.release(held.account, held.credits);
      held = { account, credits: 0 };
      byUser.set(userId, held);
    }
    return held;
  }
}
