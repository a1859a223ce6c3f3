import { describe, expect, it } from 'vitest';
import { EXAMPLE_SENDER } from '@/domain/rpc-examples';
import { callNode, setUpTestAnvil } from '../support/anvil';
import { setUpStartedAccount } from './helpers/started-account';
import { field, json } from './helpers/started-server';

/**
 * The method policy with WORKERS=2, as `npm start` runs it: the workers serve gateway calls on their
 * fast path (server/cluster/) through the same Gateway, so the node-control methods are refused
 * there too. The node is a real anvil of the test's own, read directly.
 */
// Registered before the server: started first, stopped after the server stopped.
const anvil = setUpTestAnvil();
const server = setUpStartedAccount({
  name: 'method-policy-workers',
  settings: () => ({ WORKERS: '2', ...anvil.upstream() }),
});

async function post(body: unknown): Promise<{ status: number; body: unknown; credits: string | null }> {
  const response = await fetch(`${server.url}/api/v1/mainnet/${server.apiKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer: unknown = JSON.parse(await response.text());
  return { status: response.status, body: answer, credits: response.headers.get('x-credits-used') };
}

async function nodeResult(method: string, params: unknown[] = []): Promise<unknown> {
  const answer = await callNode(anvil.node, JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
  return field(JSON.parse(answer.bytes.toString('utf8')), 'result');
}

/** The usage totals once the workers have reported (every 200 ms) what they counted. */
async function totalsWhen(done: (totals: unknown) => boolean): Promise<unknown> {
  for (;;) {
    const response = await fetch(`${server.url}/api/usage`, { headers: { authorization: `Bearer ${server.token}` } });
    expect(response.status).toBe(200);
    const totals = field(await json(response), 'totals');
    if (done(totals)) return totals;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the method policy on the HTTP workers', () => {
  it('refuses the node-control methods and a batch holding one with 403 -32601; the node is unchanged and nothing charged', async () => {
    const balanceBefore = await nodeResult('eth_getBalance', [EXAMPLE_SENDER, 'latest']);
    const single = [
      { jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [EXAMPLE_SENDER, '0xffffffffffffffffffffffff'] },
      { jsonrpc: '2.0', id: 2, method: 'evm_setAutomine', params: [false] },
      { jsonrpc: '2.0', id: 3, method: 'eth_sendTransaction', params: [{ from: EXAMPLE_SENDER, to: EXAMPLE_SENDER, value: '0x1' }] },
    ];
    for (const call of single) {
      const answer = await post(call);
      expect(answer.status, call.method).toBe(403);
      expect(field(answer.body, 'id')).toBe(call.id);
      expect(field(field(answer.body, 'error'), 'code')).toBe(-32601);
      expect(answer.credits).toBe('0');
    }
    const batch = await post([
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 2, method: 'evm_mine' },
    ]);
    expect(batch.status).toBe(403);
    expect(field(field(batch.body, 'error'), 'message')).toBe(
      'Batch entry 1: The method evm_mine is not available on this service. No call of this batch was sent.',
    );

    expect(await nodeResult('eth_getBalance', [EXAMPLE_SENDER, 'latest'])).toBe(balanceBefore);
    expect(await nodeResult('anvil_getAutomine')).toBe(true);
    expect(await nodeResult('eth_blockNumber')).toBe('0x0');
    expect((await post({ jsonrpc: '2.0', id: 4, method: 'eth_chainId' })).status).toBe(200);
    const totals = await totalsWhen((seen) => field(seen, 'refused') === 5 && field(seen, 'requests') === 1);
    expect(totals).toEqual({ requests: 1, credits: 20, rateLimited: 0, refused: 5 });
    const me = await json(await fetch(`${server.url}/api/users/me`, { headers: { authorization: `Bearer ${server.token}` } }));
    expect(field(me, 'currentCredit')).toBe(20);
  });
});
