import { expect } from 'vitest';
import { signedInUser } from './accounts';
import { keyCalls } from './key-calls';
import type { ManualClock } from './manual-clock';
import type { TestApp } from './test-app';
import { call, rpc } from '../gateway-harness';

/**
 * Probes until `done` or `ms` of wall time have passed; what it saw last, and when. The manual
 * clock moves 200 ms between probes, so the Free plan's bucket (10 a second) refills and a probe is
 * never refused for its rate; a few seconds of it stay far below the key cache's 30 s lifetime.
 */
export async function within<T>(
  clock: ManualClock,
  ms: number,
  probe: () => Promise<T>,
  done: (value: T) => boolean,
): Promise<{ value: T; afterMs: number }> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    const afterMs = Date.now() - started;
    if (done(value) || afterMs > ms) return { value, afterMs };
    clock.advance(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A key deleted through replica `a` is refused by replica `b` within 1 s, though `b` had it cached. */
export async function expectDeletionReachesReplica(a: TestApp, b: TestApp, label: string): Promise<void> {
  const { token } = await signedInUser(a.app, label);
  const keys = keyCalls(a.app, token);
  const created = (await keys.create({ name: 'doomed' })).json<{ id: number; apiKey: string }>();
  // B loads the key and keeps it (its cache trusts a key for 30 s).
  expect((await rpc(b.app, created.apiKey, call('eth_chainId'))).statusCode).toBe(200);
  expect((await keys.remove(created.id)).statusCode).toBe(204);
  const refused = await within(
    b.clock,
    1000,
    async () => (await rpc(b.app, created.apiKey, call('eth_chainId'))).statusCode,
    (status) => status === 401,
  );
  expect(refused.value).toBe(401);
  expect(refused.afterMs).toBeLessThanOrEqual(1000);
}
