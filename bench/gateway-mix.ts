/**
 * `npm run bench:gateway -- --mix`: what dapps send, not one fixed call. On an anvil prepared first
 * (empty blocks, a contract, transactions to it that write logs), a list of calls in the weights
 * below goes through nginx (a plain reverse proxy to the anvil), the gateway, and the gateway with
 * CACHE_BYTES=0 (nothing kept: only eth_blockNumber is answered from the fleet's head). The gateway
 * runs compiled (build/server/, as with NODE_ENV=production), not under tsx. Every
 * distinct call is checked first through each target: its answer is a result, not an error or null.
 * Each target then takes the same autocannon load (BENCH_CONNECTIONS, BENCH_SECONDS, after a 2 s
 * warm-up; each connection sends the list in turn, over and over), in order then in reverse order,
 * each line the mean of its two passes. Meanwhile the anvil mines a block every
 * BENCH_MIX_BLOCK_SECONDS (2, about Berachain's block time; 0: the head stays), so answers tied to
 * `latest` are kept only until the next block, as on the real chain.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  type Hex,
  http,
  pad,
  parseAbi,
  toEventSelector,
  toHex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEFAULT_NETWORK, NETWORK_FACTS } from '@/domain/networks';
import { cacheHeader } from '@server/gateway/gateway';
import { startAnvil } from '@server/nodes/anvil';
import { freeLoopbackPort } from '@server/nodes/free-port';
import { devAccounts } from '@server/nodes/local-nodes';
import { startGateway } from './gateway-target';
import { resultOf, rpcBody } from './json-rpc';
import { combineLoads, type LoadResult } from './load';
import { startNginx } from './nginx';
import { canMeasureCpu, cpuNanoseconds } from './cpu-time';
import { printTable } from './print-table';

export interface MixSettings {
  readonly connections: number;
  readonly durationSeconds: number;
  /** The gateway's HTTP worker processes (WORKERS). */
  readonly workers: number;
  /** A block mined every this many seconds while the load runs; 0: none. */
  readonly blockSeconds: number;
}

/** One autocannon run of the mix (bench/gateway-mix-load.ts's input). */
export interface MixRun {
  readonly url: string;
  /** The header a cached answer carries `HIT` in. */
  readonly hitHeader: string;
  readonly connections: number;
  readonly durationSeconds: number;
  readonly bodies: readonly string[];
}

/** Its figures (bench/gateway-mix-load.ts's output). */
export interface MixLoad extends LoadResult {
  /** autocannon's latencies are whole ms: the mean tells apart what p50 rounds together. */
  readonly meanMs: number;
  /** Answers with `x-cache: HIT`. */
  readonly hits: number;
  /** Answers that were JSON-RPC errors: a fair run has none. */
  readonly rpcErrors: number;
  /** The load generator's own CPU time (µs): on a 2-core machine it shares the CPUs with the target. */
  readonly loadCpuUs: number;
}

/** A pass's figures with the CPU time (ns) of the target's processes and of the anvil behind it. */
interface MeasuredMix extends MixLoad {
  readonly targetCpuNs: number;
  readonly nodeCpuNs: number;
}

type Kind = 'call' | 'blockNumber' | 'blockByNumber' | 'receipt' | 'logs' | 'chainId' | 'blockByHash';

/** The mix in twentieths (5 % each). */
const weights: Readonly<Record<Kind, number>> = {
  // 35 %: eth_call at latest — contract reads (balances, allowances, prices) are most of a dapp's page.
  call: 7,
  // 15 %: eth_blockNumber — every client polls it (viem's watchBlockNumber, waiting for a receipt).
  blockNumber: 3,
  // 15 %: eth_getBlockByNumber, recent blocks — timestamps and the base fee for fee estimates.
  blockByNumber: 3,
  // 10 %: eth_getTransactionReceipt — polled after each send until the transaction is mined.
  receipt: 2,
  // 10 %: eth_getLogs over a few recent blocks — activity lists and event-driven state.
  logs: 2,
  // 10 %: eth_chainId — checked at connect and before each send.
  chainId: 2,
  // 5 %: eth_getBlockByHash — following a receipt or log back to its block.
  blockByHash: 1,
};

/** Rounds of the twenty slots in the list: enough that each kind goes through its variants. */
const rounds = 10;
/** Addresses whose balance the mix reads, and transactions sent to the contract first. */
const holderCount = 10;
const transactionCount = 20;
const warmUpSeconds = 2;

const here = dirname(fileURLToPath(import.meta.url));
const tallyAbi = parseAbi(['function balanceOf(address) view returns (uint256)', 'function mint(address)', 'event Tally(uint256)']);

/**
 * A contract in raw bytecode, balanceOf-like: any call adds one to the count of the address in its
 * first argument, emits Tally(count) and returns it (an eth_call reads the count plus one, a
 * transaction stores it). Runtime: 4 CALLDATALOAD DUP1 SLOAD 1 ADD DUP1 SWAP2 SSTORE, 0 MSTORE,
 * PUSH32 topic 32 0 LOG1, 32 0 RETURN.
 */
function tallyContract(): Hex {
  const topic = toEventSelector('Tally(uint256)').slice(2);
  const runtime = `6004358054600101809155600052 7f${topic}60206000a1 60206000f3`.replaceAll(' ', '');
  const length = (runtime.length / 2).toString(16).padStart(2, '0');
  return `0x60${length}80600b6000396000f3${runtime}`;
}

interface Block {
  readonly number: number;
  readonly hash: Hex;
}

/** What the mix names: all of it exists on the node. */
interface PreparedChain {
  readonly tally: Hex;
  readonly holders: readonly Hex[];
  /** The transactions' hashes, and their blocks (the most recent ones) oldest first. */
  readonly transactions: readonly Hex[];
  readonly blocks: readonly Block[];
}

/** Ten empty blocks, then the contract, then `transactionCount` transactions to it from anvil's first dev account, each in a block of its own. */
async function prepareChain(nodeUrl: string): Promise<PreparedChain> {
  const chain = defineChain({
    id: NETWORK_FACTS[DEFAULT_NETWORK].chainId,
    name: 'local anvil',
    nativeCurrency: { name: 'BERA', symbol: 'BERA', decimals: 18 },
    rpcUrls: { default: { http: [nodeUrl] } },
  });
  const wallet = createWalletClient({ account: privateKeyToAccount(devAccounts.first.privateKey), chain, transport: http(nodeUrl) });
  const node = createPublicClient({ chain, transport: http(nodeUrl) });
  await resultOf(nodeUrl, rpcBody('anvil_mine', [toHex(10)]));
  const deployed = await node.waitForTransactionReceipt({
    hash: await wallet.deployContract({ abi: tallyAbi, bytecode: tallyContract() }),
  });
  const tally = deployed.contractAddress;
  if (tally === null || tally === undefined) throw new Error('the contract was not deployed');
  const holders = Array.from({ length: holderCount }, (_, index) => pad(toHex(index + 1), { size: 20 }));
  const transactions: Hex[] = [];
  const blocks: Block[] = [];
  for (let index = 0; index < transactionCount; index += 1) {
    const data = encodeFunctionData({ abi: tallyAbi, functionName: 'mint', args: [holders[index % holderCount] ?? tally] });
    const receipt = await node.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: tally, data }) });
    if (receipt.status !== 'success' || receipt.logs.length !== 1) throw new Error(`transaction ${receipt.transactionHash} wrote no log`);
    transactions.push(receipt.transactionHash);
    blocks.push({ number: Number(receipt.blockNumber), hash: receipt.blockHash });
  }
  return { tally, holders, transactions, blocks };
}

/** Each kind's calls on the prepared chain: the list takes them in turn. */
function variants({ tally, holders, transactions, blocks }: PreparedChain): Readonly<Record<Kind, readonly string[]>> {
  const head = blocks.at(-1)?.number ?? 0;
  const paramless = (method: string) => [rpcBody(method, [])];
  return {
    call: holders.map((holder) =>
      rpcBody('eth_call', [
        { to: tally, data: encodeFunctionData({ abi: tallyAbi, functionName: 'balanceOf', args: [holder] }) },
        'latest',
      ]),
    ),
    blockNumber: paramless('eth_blockNumber'),
    blockByNumber: blocks.slice(-15).map((block) => rpcBody('eth_getBlockByNumber', [toHex(block.number), false])),
    receipt: transactions.map((hash) => rpcBody('eth_getTransactionReceipt', [hash])),
    logs: Array.from({ length: 10 }, (_, back) =>
      rpcBody('eth_getLogs', [{ address: tally, fromBlock: toHex(head - back - 3), toBlock: toHex(head - back) }]),
    ),
    chainId: paramless('eth_chainId'),
    blockByHash: blocks.slice(-5).map((block) => rpcBody('eth_getBlockByHash', [block.hash, false])),
  };
}

/**
 * The list of bodies: `rounds` rounds of twenty slots, each kind spread evenly over a round by its
 * weight, each occurrence of a kind taking its next variant.
 */
function mixBodies(calls: Readonly<Record<Kind, readonly string[]>>): string[] {
  const kinds = Object.keys(weights).filter((kind): kind is Kind => kind in weights);
  const slots = kinds
    .flatMap((kind) => Array.from({ length: weights[kind] }, (_, index) => ({ kind, at: (index + 0.5) / weights[kind] })))
    .sort((a, b) => a.at - b.at);
  const used = new Map<Kind, number>();
  const bodies: string[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const { kind } of slots) {
      const count = used.get(kind) ?? 0;
      used.set(kind, count + 1);
      const pool = calls[kind];
      bodies.push(pool[count % pool.length] ?? '');
    }
  }
  return bodies;
}

/** Every distinct call once through `url`: each answer must be a result, and not null or empty. */
async function checkAnswers(name: string, url: string, bodies: readonly string[]): Promise<void> {
  for (const body of new Set(bodies)) {
    const result = await resultOf(url, body);
    if (result === null || (Array.isArray(result) && result.length === 0))
      throw new Error(`${name}: ${body} answered ${JSON.stringify(result)}`);
  }
}

function isMixLoad(value: unknown): value is MixLoad {
  if (typeof value !== 'object' || value === null) return false;
  return ['requestsPerSecond', 'p50Ms', 'p99Ms', 'meanMs', 'total', 'failures', 'hits', 'rpcErrors', 'loadCpuUs'].every(
    (key) => typeof Reflect.get(value, key) === 'number',
  );
}

/** One autocannon run in its own process (bench/gateway-mix-load.ts). */
export function runMixLoad(run: MixRun): Promise<MixLoad> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'gateway-mix-load.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      let load: unknown;
      try {
        load = JSON.parse(output.trim().split('\n').at(-1) ?? '');
      } catch {
        load = undefined;
      }
      if (code === 0 && isMixLoad(load)) resolve(load);
      else reject(new Error(`the mix's load generator exited with ${code}: ${output.slice(0, 500)}`));
    });
    child.stdin.end(JSON.stringify(run));
  });
}

interface Target {
  readonly name: string;
  readonly url: string;
  /** The target's own process (its tree is measured: nginx's workers, the gateway's). */
  readonly pid: number;
}

/** The passes of one target as one line. */
function combine(results: readonly MeasuredMix[]): MeasuredMix {
  const sum = (pick: (result: MeasuredMix) => number) => results.reduce((total, result) => total + pick(result), 0);
  return {
    ...combineLoads(results),
    meanMs: sum((result) => result.meanMs) / results.length,
    hits: sum((result) => result.hits),
    rpcErrors: sum((result) => result.rpcErrors),
    loadCpuUs: sum((result) => result.loadCpuUs),
    targetCpuNs: sum((result) => result.targetCpuNs),
    nodeCpuNs: sum((result) => result.nodeCpuNs),
  };
}

/** µs of CPU per answered request. */
const perRequest = (us: number, result: MixLoad) => (cpuKnown ? (us / result.total).toFixed(0) : '-');
const cpuKnown = canMeasureCpu();

const share = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)} %`;

/** An anvil prepared for the mix at `nodeUrl`, and the mix's list of bodies on it. */
export async function prepareMix(nodeUrl: string): Promise<string[]> {
  return mixBodies(variants(await prepareChain(nodeUrl)));
}

export async function runMixBench(settings: MixSettings): Promise<void> {
  const node = await startAnvil({ chainId: NETWORK_FACTS[DEFAULT_NETWORK].chainId });
  const stops: Array<() => Promise<void>> = [() => node.stop()];
  let miner: NodeJS.Timeout | undefined;
  try {
    const bodies = await prepareMix(node.url);
    const nginx = await startNginx(await freeLoopbackPort(), node.port);
    stops.unshift(() => nginx.stop());
    // The server as production runs it: compiled, by node alone.
    const gateway = await startGateway(await freeLoopbackPort(), node.url, settings.workers, { compiled: true });
    stops.unshift(() => gateway.stop());
    const uncached = await startGateway(await freeLoopbackPort(), node.url, settings.workers, {
      compiled: true,
      env: { CACHE_BYTES: '0' },
    });
    stops.unshift(() => uncached.stop());

    const nginxTarget: Target = { name: 'nginx -> anvil', url: nginx.url, pid: nginx.pid };
    const gatewayTarget: Target = { name: `gateway -> anvil (${settings.workers} workers)`, url: gateway.url, pid: gateway.pid };
    const uncachedTarget: Target = { name: `gateway, CACHE_BYTES=0 (${settings.workers} workers)`, url: uncached.url, pid: uncached.pid };
    const targets = [nginxTarget, gatewayTarget, uncachedTarget];
    for (const target of targets) await checkAnswers(target.name, target.url, bodies);
    console.log(
      `method mix: ${bodies.length} calls (${new Set(bodies).size} distinct), each answered with a result through ${targets.map((target) => target.name).join(', ')}`,
    );

    if (settings.blockSeconds > 0) {
      miner = setInterval(() => {
        resultOf(node.url, rpcBody('anvil_mine', [])).catch((error: unknown) => console.warn(`anvil_mine: ${String(error)}`));
      }, settings.blockSeconds * 1000);
    }
    const load = (url: string, durationSeconds: number) =>
      runMixLoad({ url, hitHeader: cacheHeader, connections: settings.connections, durationSeconds, bodies });
    const cpuOf = (pid: number) => (cpuKnown ? cpuNanoseconds(pid) : 0);
    // In order, then in reverse order: a machine slowing down during the run weighs on every target alike.
    const passes = new Map<Target, MeasuredMix[]>(targets.map((target) => [target, []]));
    for (const target of [...targets, ...[...targets].reverse()]) {
      await load(target.url, warmUpSeconds);
      const [targetBefore, nodeBefore] = [cpuOf(target.pid), cpuOf(node.pid)];
      const measured = await load(target.url, settings.durationSeconds);
      const result = { ...measured, targetCpuNs: cpuOf(target.pid) - targetBefore, nodeCpuNs: cpuOf(node.pid) - nodeBefore };
      console.log(
        `${target.name}: ${result.requestsPerSecond.toFixed(0)} req/s (${settings.durationSeconds} s, ${settings.connections} connections)`,
      );
      if (result.failures > 0) console.warn(`  ${target.name}: ${result.failures} failed answers (non-2xx, errors, time-outs)`);
      passes.get(target)?.push(result);
    }
    const result = (target: Target) => combine(passes.get(target) ?? []);

    console.log('');
    printTable(
      ['method mix', 'req/s', 'p50 ms', 'p99 ms', 'mean ms', 'requests', 'x-cache: HIT', 'RPC errors', 'CPU µs/req', 'anvil', 'load'],
      targets.map((target) => {
        const row = result(target);
        return [
          target.name,
          row.requestsPerSecond.toFixed(0),
          row.p50Ms.toFixed(1),
          row.p99Ms.toFixed(1),
          row.meanMs.toFixed(2),
          String(row.total),
          share(row.hits, row.total),
          String(row.rpcErrors),
          perRequest(row.targetCpuNs / 1000, row),
          perRequest(row.nodeCpuNs / 1000, row),
          perRequest(row.loadCpuUs, row),
        ];
      }),
    );
    if (cpuKnown)
      console.log(
        "\nCPU µs/req: the target's own processes, the anvil's behind it, and the load generator's (autocannon), per answered request; all three share the machine's CPUs.",
      );
    const [base, cached, plain] = [result(nginxTarget), result(gatewayTarget), result(uncachedTarget)];
    const ratio = cached.requestsPerSecond / base.requestsPerSecond;
    console.log(`\ngateway / nginx: ${ratio.toFixed(2)} (p50 ${cached.p50Ms.toFixed(1)} against ${base.p50Ms.toFixed(1)} ms)`);
    console.log(
      `gateway with CACHE_BYTES=0 / nginx: ${(plain.requestsPerSecond / base.requestsPerSecond).toFixed(2)} (0.66 before the fleet, on eth_chainId alone)`,
    );
    const met = ratio >= 1.5 && cached.p50Ms < base.p50Ms;
    console.log(`goal: throughput ≥ 1.5 × nginx and p50 below nginx's (${met ? 'met' : 'NOT met'})`);
  } finally {
    clearInterval(miner);
    for (const stop of stops) await stop().catch((error: unknown) => console.error(error));
  }
}
