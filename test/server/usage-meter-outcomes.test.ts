import { describe, expect, it } from 'vitest';
import { bucketOf, emptyHistogram } from '@/domain/latency-histogram';
import { UsageMeter } from '@server/metering/usage-meter';

/** What the meter keeps of each outcome, and the node's latency of answered calls. */
describe('UsageMeter outcomes', () => {
  const key = { keyId: 1, userId: 2 };
  const minute = 60_000 * 1000;

  it('counts each outcome in its column, the old totals included, and the answered calls latency', () => {
    const meter = new UsageMeter();
    const count = (outcome: Parameters<UsageMeter['count']>[4], credits = 0, latencyMs?: number) =>
      meter.count(key, 'mainnet', 'eth_call', minute, outcome, credits, latencyMs);
    count('answered', 20, 3);
    count('answered', 20, 700);
    count('refused_allow_list');
    count('refused_method');
    count('refused_quota');
    count('refused_rate');
    count('upstream_error');
    count('upstream_timeout');
    const latency = emptyHistogram();
    latency[bucketOf(3)] = 1;
    latency[bucketOf(700)] = 1;
    expect(meter.take()).toEqual([
      expect.objectContaining({
        requests: 2,
        credits: 40,
        refused: 2,
        refusedMethod: 1,
        rateLimited: 2,
        refusedQuota: 1,
        upstreamErrors: 1,
        upstreamTimeouts: 1,
        latency,
      }),
    ]);
  });

  it('keeps no histogram for a minute without an answered call, and merges reported ones', () => {
    const meter = new UsageMeter();
    meter.count(key, 'mainnet', 'eth_call', minute, 'refused_rate');
    const [refusedOnly] = meter.take();
    expect(refusedOnly?.latency).toEqual([]);
    const worker = new UsageMeter();
    worker.count(key, 'mainnet', 'eth_call', minute, 'answered', 20, 1);
    meter.count(key, 'mainnet', 'eth_call', minute, 'answered', 20, 1);
    meter.restore(worker.take());
    meter.restore(refusedOnly === undefined ? [] : [refusedOnly]);
    const [merged] = meter.take();
    expect(merged?.latency[bucketOf(1)]).toBe(2);
    expect(merged).toMatchObject({ requests: 2, credits: 40, rateLimited: 1 });
  });
});
