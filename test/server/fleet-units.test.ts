import { createServer, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { AnswerCache, answerBody } from '@server/gateway/fleet/answer-cache';
import { planCall, readBlockRef } from '@server/gateway/fleet/call-plan';
import { NetworkFleet } from '@server/gateway/fleet/network-fleet';
import { agreedHead } from '@server/gateway/fleet/node-choice';
import { networkDefaults, type NodeSpec } from '@server/gateway/fleet/network-settings';

describe('the block a param names', () => {
  it.each([
    [undefined, { kind: 'head' }],
    ['latest', { kind: 'head' }],
    ['pending', { kind: 'pending' }],
    ['earliest', { kind: 'number', number: 0 }],
    ['0x10', { kind: 'number', number: 16 }],
    ['0x0', { kind: 'number', number: 0 }],
    ['0x01', { kind: 'other' }],
    ['safe', { kind: 'other' }],
    ['finalized', { kind: 'other' }],
    [`0x${'ab'.repeat(32)}`, { kind: 'other' }],
    [{ blockNumber: '0x5' }, { kind: 'number', number: 5 }],
    [{ blockHash: `0x${'ab'.repeat(32)}` }, { kind: 'other' }],
    [7, { kind: 'other' }],
  ])('%j is %j', (value, ref) => {
    expect(readBlockRef(value)).toEqual(ref);
  });
});

describe('how the fleet serves a call', () => {
  const head = 100;

  it.each([
    // method, params, route, params sent, min block, pending, kept
    ['eth_chainId', [], 'any', null, null, false, { kind: 'always' }],
    ['eth_blockNumber', [], 'any', null, null, false, null],
    ['eth_getBalance', ['0xabc', 'latest'], 'any', ['0xabc', '0x64'], 100, false, { kind: 'block', number: 100 }],
    ['eth_getBalance', ['0xabc'], 'any', ['0xabc', '0x64'], 100, false, { kind: 'block', number: 100 }],
    ['eth_getBalance', ['0xabc', '0x20'], 'any', null, 32, false, { kind: 'block', number: 32 }],
    ['eth_getBalance', ['0xabc', '0x200'], 'any', null, 512, false, null],
    ['eth_getBalance', ['0xabc', 'pending'], 'any', null, null, true, null],
    ['eth_call', [{ to: '0xabc' }, 'safe'], 'any', null, null, false, null],
    ['eth_getBlockByNumber', ['latest', false], 'any', ['0x64', false], 100, false, { kind: 'block', number: 100 }],
    [
      'eth_getLogs',
      [{ fromBlock: '0x1', toBlock: 'latest' }],
      'any',
      [{ fromBlock: '0x1', toBlock: '0x64' }],
      100,
      false,
      { kind: 'block', number: 100 },
    ],
    ['eth_getLogs', [{ blockHash: '0xdef' }], 'any', null, null, false, null],
    ['eth_getTransactionReceipt', ['0xdef'], 'any', null, null, false, { kind: 'answer' }],
    ['eth_sendRawTransaction', ['0x02'], 'all', null, null, false, null],
    ['eth_newFilter', [{}], 'first', null, null, false, null],
    ['eth_getFilterChanges', ['0x1'], 'first', null, null, false, null],
    ['eth_gasPrice', [], 'any', null, null, false, null],
  ] as const)('%s %j', (method, params, route, sent, minBlock, pending, keep) => {
    const plan = planCall(method, params, head);
    expect(plan).toMatchObject({ route, params: sent, minBlock, pending, keep });
    expect(plan.cacheKey === null).toBe(keep === null);
  });

  it('answers eth_blockNumber from the head, and keeps nothing tied to latest before the head is known', () => {
    expect(planCall('eth_blockNumber', [], head).head).toBe(true);
    expect(planCall('eth_getBalance', ['0xabc', 'latest'], null)).toMatchObject({
      params: null,
      minBlock: null,
      keep: null,
      cacheKey: null,
    });
  });

  it('keys a kept answer by its params as sent: latest at two heads is two answers', () => {
    const at = (number: number) => planCall('eth_getBalance', ['0xabc', 'latest'], number).cacheKey;
    expect(at(100)).not.toBe(at(101));
    expect(at(100)).toBe(planCall('eth_getBalance', ['0xabc', '0x64'], 200).cacheKey);
  });
});

describe('the answers kept', () => {
  it('writes a kept result under the asking call’s id', () => {
    expect(answerBody('a', '"0x1"').toString()).toBe('{"jsonrpc":"2.0","id":"a","result":"0x1"}');
    expect(answerBody(null, '{"n":1}').toString()).toBe('{"jsonrpc":"2.0","id":null,"result":{"n":1}}');
  });

  it('holds at most its bytes, dropping first the oldest not used since eviction last passed it', () => {
    const cache = new AnswerCache(100);
    cache.set('mainnet', 'a', 'x'.repeat(30), null);
    cache.set('mainnet', 'b', 'x'.repeat(30), null);
    expect(cache.get('mainnet', 'a')).toBeDefined();
    cache.set('mainnet', 'c', 'x'.repeat(30), null);
    expect(cache.counts().bytes).toBeLessThanOrEqual(100);
    expect(cache.get('mainnet', 'b')).toBeUndefined();
    expect(cache.get('mainnet', 'a')).toBeDefined();
    cache.set('mainnet', 'huge', 'x'.repeat(200), null);
    expect(cache.get('mainnet', 'huge')).toBeUndefined();
  });

  it('gives a used answer one second chance, not a place for good', () => {
    const cache = new AnswerCache(100);
    cache.set('mainnet', 'a', 'x'.repeat(30), null);
    cache.get('mainnet', 'a');
    cache.set('mainnet', 'b', 'x'.repeat(30), null);
    // a was used: passed over once (to the back, behind c), so b, the oldest unused, goes.
    cache.set('mainnet', 'c', 'x'.repeat(30), null);
    expect(cache.get('mainnet', 'b')).toBeUndefined();
    cache.set('mainnet', 'd', 'x'.repeat(30), null);
    cache.set('mainnet', 'e', 'x'.repeat(30), null);
    // Not used since its second chance: a goes in its turn, after c.
    expect(['a', 'c', 'd', 'e'].map((key) => cache.get('mainnet', key) !== undefined)).toEqual([false, false, true, true]);
    expect(cache.counts().bytes).toBeLessThanOrEqual(100);
  });

  it('drops what a reorganisation replaced on its network only, and never what holds for good', () => {
    const cache = new AnswerCache(10_000);
    cache.set('mainnet', 'chain', '"0x1"', null);
    cache.set('mainnet', 'at-9', '1', 9);
    cache.set('mainnet', 'at-10', '1', 10);
    cache.set('mainnet', 'at-12', '1', 12);
    cache.set('devnet', 'at-11', '1', 11);
    expect(cache.dropFrom('mainnet', 10)).toBe(2);
    expect(['chain', 'at-9', 'at-10', 'at-12'].map((key) => cache.get('mainnet', key) !== undefined)).toEqual([true, true, false, false]);
    expect(cache.get('devnet', 'at-11')).toBe('1');
  });
});

describe('the head the nodes agree on', () => {
  const heads = (...values: Array<number | null>) => values.map((head) => ({ head }));
  it.each([
    { nodes: heads(), agreed: null, why: 'no node' },
    { nodes: heads(100), agreed: 100, why: 'one node: its head' },
    { nodes: heads(100, 103), agreed: 103, why: 'two nodes: the highest (no majority tells which is right)' },
    { nodes: heads(100, 101, 5000), agreed: 101, why: 'three: one far ahead alone does not move it' },
    { nodes: heads(5000, null, null), agreed: null, why: 'three, one reported: not yet agreed' },
    { nodes: heads(5000, 100, null), agreed: 100, why: 'three, two reported' },
    { nodes: heads(100, 101, 102, 103), agreed: 102, why: 'four: reached by two' },
    { nodes: heads(7, 7, 7, 7, 9), agreed: 7, why: 'five: reached by three' },
  ])('$why', ({ nodes, agreed }) => {
    expect(agreedHead(nodes)).toBe(agreed);
  });
});

/** A node that answers any block request with a block at the head the test sets (hashes follow from the numbers). */
async function headNode(): Promise<{ url: string; head: { value: number }; close: () => Promise<void> }> {
  const head = { value: 100 };
  const hash = (number: number) => `0x${number.toString(16).padStart(64, '0')}`;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const block = { number: `0x${head.value.toString(16)}`, hash: hash(head.value), parentHash: hash(head.value - 1) };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: block }));
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    head,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

describe('a node reporting a head far ahead of the others', () => {
  it('moves neither the head nor the others out of rotation: it leaves rotation itself', async () => {
    const servers = await Promise.all([headNode(), headNode(), headNode()]);
    const fleet = new NetworkFleet(
      {
        name: 'mainnet',
        label: 'Mainnet',
        chainId: 1,
        nodes: servers.map((server) => ({ url: server.url, ws: null, archive: false, weight: 1 })),
        ...{ maxLagBlocks: 5, finalityDepth: 64, hedge: false },
      },
      {
        timeoutMs: 5000,
        pollMs: 1000,
        cache: new AnswerCache(0),
        shared: null,
        events: { nodeAnswered: () => undefined, rerouted: () => undefined, rotation: () => undefined },
        now: () => 0,
      },
    );
    try {
      const [bogus] = servers;
      if (bogus === undefined) throw new Error('three nodes');
      bogus.head.value = 5000;
      await fleet.poll(true);
      expect(fleet.head).toBe(100);
      expect(fleet.nodes.map((node) => node.out)).toEqual(['4900 blocks ahead of the other nodes', null, null]);
      for (const server of servers) server.head.value += 1;
      await fleet.poll(true);
      expect(fleet.head).toBe(101);
      // Back in line with the others: back in rotation.
      bogus.head.value = 101;
      await fleet.poll(true);
      expect(fleet.nodes.map((node) => node.out)).toEqual([null, null, null]);
    } finally {
      await fleet.close();
      await Promise.all(servers.map((server) => server.close()));
    }
  });
});

describe('which node a call goes to', () => {
  const node = (url: string, archive = false, weight = 1): NodeSpec => ({ url, ws: null, archive, weight });
  const fleetOf = (nodes: NodeSpec[]) =>
    new NetworkFleet(
      {
        name: 'mainnet',
        label: 'Mainnet',
        chainId: 1,
        nodes,
        ...{ maxLagBlocks: networkDefaults.maxLagBlocks, finalityDepth: 64, hedge: false },
      },
      {
        timeoutMs: 1000,
        pollMs: 1000,
        cache: new AnswerCache(0),
        shared: null,
        events: { nodeAnswered: () => undefined, rerouted: () => undefined, rotation: () => undefined },
        now: () => 0,
      },
    );
  const read = (minBlock: number | null, oldestBlock: number | null = minBlock) => ({
    route: 'any' as const,
    minBlock,
    pending: false,
    oldestBlock,
  });

  it('sends a call for a block only to a node that has it, and old state to an archive node', async () => {
    const fleet = fleetOf([node('http://127.0.0.1:1'), node('http://127.0.0.1:2'), node('http://127.0.0.1:3', true)]);
    const [behind, atHead, archive] = fleet.nodes;
    if (behind === undefined || atHead === undefined || archive === undefined) throw new Error('three nodes');
    behind.head = 990;
    atHead.head = 1000;
    archive.head = 995;
    fleet.head = 1000;
    for (let draw = 0; draw < 20; draw += 1) expect(fleet.pick(read(1000))).toBe(atHead);
    for (let draw = 0; draw < 20; draw += 1) expect(fleet.pick(read(10))).toBe(archive);
    // Out of rotation: never chosen while another serves.
    atHead.out = 'not reachable';
    for (let draw = 0; draw < 20; draw += 1) expect(fleet.pick(read(null))).not.toBe(atHead);
    // Nobody has the block: the node with the highest head.
    expect(fleet.pick(read(2000))).toBe(archive);
    // A failed node is not tried again within the call.
    expect(fleet.pick(read(null), [behind, archive])).toBe(atHead);
    await fleet.close();
  });

  it('shares reads by weight over recent answer time', async () => {
    const fleet = fleetOf([node('http://127.0.0.1:1', false, 1), node('http://127.0.0.1:2', false, 4)]);
    const [light, heavy] = fleet.nodes;
    if (light === undefined || heavy === undefined) throw new Error('two nodes');
    light.answered(10);
    heavy.answered(10);
    let heavyDraws = 0;
    for (let draw = 0; draw < 2000; draw += 1) if (fleet.pick(read(null)) === heavy) heavyDraws += 1;
    // 4 in 5 expected: far from 1 in 2 whatever the draws.
    expect(heavyDraws).toBeGreaterThan(1400);
    // A slow node gets fewer.
    heavy.answered(10_000);
    heavyDraws = 0;
    for (let draw = 0; draw < 2000; draw += 1) if (fleet.pick(read(null)) === heavy) heavyDraws += 1;
    expect(heavyDraws).toBeLessThan(1000);
    await fleet.close();
  });
});
