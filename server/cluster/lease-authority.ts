import { keyCapRefusal } from '@server/gateway/admission';
import type { AdmissionStore } from '@server/gateway/admission-store';
import type { GatewayKeyCache, KeyEntry } from '@server/gateway/key-cache';
import type { CreditAccount } from '@server/metering/credit-account';
import type { CreditLedger } from '@server/metering/credit-ledger';
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

/**
 * Credits a worker holds for one key (reserved in the ledger until it reports them spent or unused):
 * on its owner's account and on the key's spend accounts alike.
 */
interface Held {
  readonly accounts: readonly CreditAccount[];
  credits: number;
}

function sameAccounts(a: readonly CreditAccount[], b: readonly CreditAccount[]): boolean {
  return a.length === b.length && a.every((account, index) => account === b[index]);
}

/**
 * The main process's side of the HTTP workers: the token buckets and the credit ledger stay here,
 * the one place that knows everything, and workers lease from them. A grant takes the call's
 * tokens and credits or nothing (the same rule as LocalAdmission, src/domain/admission-rule.ts:
 * quota, then rate, a batch admitted into debt while a whole token is left), plus a spare for the worker's next calls when there is room. Reports give back what
 * was not used; a worker that dies has its credits released.
 */
export class LeaseAuthority {
  /** By worker, then by key id. */
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
      capped: entry.spend.day.limit !== null || entry.spend.cycle.limit !== null,
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
    const spend = [entry.spend.day, entry.spend.cycle];
    const taken = await this.parts.store.take(
      {
        userId: entry.userId,
        rate: request.quotaOnly ? null : entry.rate,
        account,
        spend,
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
      case 'keyCap': {
        const refusal = keyCapRefusal(taken);
        return {
          kind: 'keyCap',
          period: refusal.period,
          used: refusal.used,
          limit: refusal.limit,
          periodEndMs: refusal.periodEnd.getTime(),
        };
      }
      case 'rate':
        return { kind: 'rate', retryAfterMs: taken.retryAfterMs, nextTokenMs: taken.retryAfterMs };
      case 'granted':
        if (this.gone.has(workerId)) {
          // The worker died while Redis answered: what it would have held is free again.
          for (const reserved of [account, ...spend]) this.parts.store.release(reserved, taken.credits);
          return { kind: 'unknownKey' };
        }
        if (taken.credits > 0) this.holding(workerId, entry.keyId, [account, ...spend]).credits += taken.credits;
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
      const held = this.held.get(workerId)?.get(settlement.keyId);
      const fromLease = Math.min(settlement.charged, held?.credits ?? 0);
      const given = Math.max(0, Math.min(settlement.unusedCredits, (held?.credits ?? 0) - fromLease));
      if (held !== undefined) {
        for (const account of held.accounts) {
          store.charge(account, fromLease);
          store.release(account, given);
        }
        held.credits -= fromLease + given;
        if (held.credits === 0) this.held.get(workerId)?.delete(settlement.keyId);
      }
      // Spent without a lease: an unlimited plan without caps (nothing to hold back), a plan or rule
      // change the worker had not seen, or a worker already gone (its leases were freed).
      const unleased = settlement.charged - fromLease;
      if (unleased <= 0) continue;
      const account = ledger.account(settlement.userId);
      const spend = ledger.keySpend(settlement.keyId);
      if (account === undefined || spend === undefined) unknown.push({ apiKey: settlement.apiKey, credits: unleased });
      else this.chargeUnleased([account, spend.day, spend.cycle], unleased, nowMs);
    }
    return unknown.length === 0 ? Promise.resolve() : this.chargeWhenLoaded(unknown, nowMs);
  }

  private chargeUnleased(accounts: readonly CreditAccount[], credits: number, nowMs: number): void {
    for (const account of accounts) this.parts.store.chargeUnreserved(account, credits, nowMs);
  }

  private async chargeWhenLoaded(
    charges: ReadonlyArray<{ readonly apiKey: string; readonly credits: number }>,
    nowMs: number,
  ): Promise<void> {
    for (const { apiKey, credits } of charges) {
      const entry = await this.parts.keys.get(apiKey);
      if (entry === null) continue;
      const { ledger } = this.parts;
      const spend = ledger.keySpend(entry.keyId) ?? entry.spend;
      this.chargeUnleased([ledger.account(entry.userId) ?? entry.credits, spend.day, spend.cycle], credits, nowMs);
    }
  }

  /** A worker is gone: what it held and did not spend is free again. */
  forget(workerId: number): void {
    this.gone.add(workerId);
    for (const held of this.held.get(workerId)?.values() ?? []) {
      for (const account of held.accounts) this.parts.store.release(account, held.credits);
    }
    this.held.delete(workerId);
  }

  private holding(workerId: number, keyId: number, accounts: readonly CreditAccount[]): Held {
    let byKey = this.held.get(workerId);
    if (byKey === undefined) {
      byKey = new Map();
      this.held.set(workerId, byKey);
    }
    let held = byKey.get(keyId);
    if (held === undefined || !sameAccounts(held.accounts, accounts)) {
      // A new account (plan change, a new period): what was held on the old ones is given back first
      // (the ledger settles it wherever its reservation went), and this worker's new leases are held apart.
      if (held !== undefined) for (const account of held.accounts) this.parts.store.release(account, held.credits);
      held = { accounts, credits: 0 };
      byKey.set(keyId, held);
    }
    return held;
  }
}
