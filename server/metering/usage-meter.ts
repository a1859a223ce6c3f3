import type { MeteredOutcome } from '@/domain/call-outcomes';
import { addLatency, emptyHistogram } from '@/domain/latency-histogram';
import { methodLabel, otherMethodsLabel } from '@server/metering/method-label';
import type { Network } from '@/domain/networks';
import { addUsage, newUsageMinute, type UsageCounts, type UsageMinute, type UsageOutcomes } from '@server/repos/usage';

/** Who a call is metered for. */
export interface MeteredKey {
  readonly keyId: number;
  readonly userId: number;
}

/**
 * Method names a key may use in one minute; calls with further new names count under one label.
 * Names are the client's: without a bound, batches of invented names grow memory, the workers'
 * reports and the usage_minutes table at will (even refused ones are counted).
 */
export const maxMethodsPerMinute = 100;

function rowId(keyId: number, network: Network, minute: number, method: string): string {
  return `${keyId} ${network} ${minute} ${method}`;
}

/**
 * Counts per key, network, method and minute, in memory; `take` hands them to a batch write and
 * `restore` takes them back when the write fails (or merges an HTTP worker's report), so nothing
 * is lost or counted twice.
 */
export class UsageMeter {
  private minutes = new Map<string, UsageMinute>();
  /** Minute → key id → the method names counted for it (kept across `take`: the bound is per minute, not per write). */
  private readonly names = new Map<number, Map<number, Set<string>>>();
  private newestMinute = 0;

  /**
   * One call (or one entry of a batch) and what became of it: `credits` only for calls a node
   * answered, `latencyMs` the node's answer time when it answered.
   */
  count(key: MeteredKey, network: Network, method: string, minute: number, outcome: MeteredOutcome, credits = 0, latencyMs?: number): void {
    const row = this.row(key.keyId, key.userId, network, methodLabel(method), minute);
    row.credits += credits;
    switch (outcome) {
      case 'answered':
        row.requests += 1;
        if (latencyMs !== undefined) {
          if (row.latency.length === 0) row.latency = emptyHistogram();
          addLatency(row.latency, latencyMs);
        }
        return;
      case 'refused_allow_list':
        row.refused += 1;
        return;
      case 'refused_method':
        row.refused += 1;
        row.refusedMethod += 1;
        return;
      case 'refused_quota':
        row.rateLimited += 1;
        row.refusedQuota += 1;
        return;
      case 'refused_rate':
        row.rateLimited += 1;
        return;
      case 'upstream_error':
        row.upstreamErrors += 1;
        return;
      case 'upstream_timeout':
        row.upstreamTimeouts += 1;
        return;
    }
  }

  get size(): number {
    return this.minutes.size;
  }

  take(): UsageMinute[] {
    const rows = [...this.minutes.values()];
    this.minutes = new Map();
    // Calls still on their way count in the minute they started: the one before stays known.
    for (const minute of this.names.keys()) if (minute < this.newestMinute - 60_000) this.names.delete(minute);
    return rows;
  }

  restore(rows: readonly UsageMinute[]): void {
    for (const row of rows) {
      const current = this.row(row.apiKeyId, row.userId, row.network, methodLabel(row.method), row.minute);
      addUsage(current, row);
    }
  }

  /** The row a count goes to: the method's own, or the key's other-methods row past the bound. */
  private row(keyId: number, userId: number, network: Network, name: string, minute: number): UsageMinute {
    let id = rowId(keyId, network, minute, name);
    let row = this.minutes.get(id);
    if (row !== undefined) return row;
    const method = this.admitName(keyId, name, minute);
    if (method !== name) {
      id = rowId(keyId, network, minute, method);
      row = this.minutes.get(id);
      if (row !== undefined) return row;
    }
    row = newUsageMinute({ apiKeyId: keyId, userId, network, method, minute });
    this.minutes.set(id, row);
    return row;
  }

  private admitName(keyId: number, name: string, minute: number): string {
    if (minute > this.newestMinute) this.newestMinute = minute;
    let byKey = this.names.get(minute);
    if (byKey === undefined) {
      byKey = new Map();
      this.names.set(minute, byKey);
    }
    let names = byKey.get(keyId);
    if (names === undefined) {
      names = new Set();
      byKey.set(keyId, names);
    }
    if (names.has(name)) return name;
    if (names.size >= maxMethodsPerMinute) return otherMethodsLabel;
    names.add(name);
    return name;
  }
}

/**
 * The calls of each outcome a stored row counts: `count`'s mapping read back (`refused` holds the
 * allow-list's and the method policy's refusals, `rateLimited` the rate's and the quota's).
 */
export function meteredOutcomes(row: UsageCounts & UsageOutcomes): Record<MeteredOutcome, number> {
  return {
    answered: row.requests,
    refused_allow_list: row.refused - row.refusedMethod,
    refused_method: row.refusedMethod,
    refused_quota: row.refusedQuota,
    refused_rate: row.rateLimited - row.refusedQuota,
    upstream_error: row.upstreamErrors,
    upstream_timeout: row.upstreamTimeouts,
  };
}
