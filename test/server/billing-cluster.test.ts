import { describe, expect, it, vi } from 'vitest';
import { setUpTestAnvil } from '../support/anvil';
import { setUpStartedAccount } from './helpers/started-account';
import { field, json, rpcOver } from './helpers/started-server';

/**
 * A payment on `npm start` with WORKERS=2 and WORKERS=1: the test-mode checkout is paid as a
 * browser pays it (a form post), and the gateway's workers apply the new plan's rate at once.
 */
const anvil = setUpTestAnvil();

/** How many of `count` parallel calls the gateway lets through. */
async function admitted(url: string, apiKey: string, count: number): Promise<number> {
  const answers = await Promise.all(Array.from({ length: count }, () => rpcOver(url, 'mainnet', apiKey, 'eth_chainId')));
  await Promise.all(answers.map((answer) => answer.arrayBuffer()));
  return answers.filter((answer) => answer.status === 200).length;
}

/** Subscribes to Developer and pays the test-mode checkout with the test card that succeeds. */
async function payDeveloper(url: string, token: string): Promise<{ paidAt: number; location: string | null }> {
  const started = await json(
    await fetch(`${url}/api/users/subscribe`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ planId: 2, frequency: 'MONTHLY' }),
    }),
  );
  const checkoutUrl = field(started, 'url');
  if (typeof checkoutUrl !== 'string') throw new Error('subscribe answered no url');
  const form = new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Ada Lovelace' });
  const paid = await fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  await paid.arrayBuffer();
  expect(paid.status).toBe(303);
  return { paidAt: Date.now(), location: paid.headers.get('location') };
}

describe.each(['2', '1'])('a payment with WORKERS=%s', (workers) => {
  const server = setUpStartedAccount({ name: `billing-workers-${workers}`, settings: () => ({ WORKERS: workers, ...anvil.upstream() }) });

  it('moves the user to the paid plan and the gateway applies its rate as soon as the payment answered', async () => {
    // Free: 10 calls a second; a burst of 30 gets about that much through.
    expect(await admitted(server.url, server.apiKey, 30)).toBeLessThan(30);
    const { location } = await payDeveloper(server.url, server.token);
    expect(location).toMatch(/\/billing\/success\?checkout=chk_/);
    const plan = await json(await fetch(`${server.url}/api/users/plan`, { headers: { authorization: `Bearer ${server.token}` } }));
    expect(field(plan, 'name')).toBe('Developer');
    // Developer: 50 a second. The first burst after the payment already gets all 30 through.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await admitted(server.url, server.apiKey, 30)).toBe(30);
  });

  it("logs the paid key's calls, answered in the workers too, in the request log", async () => {
    const auth = { authorization: `Bearer ${server.token}` };
    const keys = await json(await fetch(`${server.url}/api/apiKeys`, { headers: auth }));
    const keyId = Array.isArray(keys) ? field(keys[0], 'id') : null;
    const answer = await rpcOver(server.url, 'mainnet', server.apiKey, 'eth_getBalance', [
      '0x0000000000000000000000000000000000000002',
      'latest',
    ]);
    expect(answer.status).toBe(200);
    await answer.arrayBuffer();
    // The workers report every 200 ms; the log's GET writes what the main process holds.
    await vi.waitFor(
      async () => {
        const page = await json(
          await fetch(`${server.url}/api/apiKeys/${String(keyId)}/requests?method=eth_getBalance`, { headers: auth }),
        );
        const entries = field(page, 'entries');
        expect(Array.isArray(entries) ? entries.map((entry) => [field(entry, 'outcome'), field(entry, 'answerBytes')]) : entries).toEqual([
          ['answered', expect.any(Number)],
        ]);
      },
      { timeout: 20_000, interval: 100 },
    );
  });
});
