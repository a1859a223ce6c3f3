/**
 * The WebSocket row of `npm run bench:gateway` (alone: `npm run bench:gateway -- --websocket`).
 * One anvil mining a block every 100 ms (`--block-time 0.1`), `subscribers` newHeads subscribers
 * on its own WebSocket and as many through the gateway's (`ws://…/api/v1/mainnet/{key}`, the
 * server as `npm start` runs it, on users of the bench plan: its quota is far above what the run
 * costs, and the connections a user may hold, the plan table's, are spread over enough of them).
 * All of them live in this one process and note each notification's arrival on its monotonic
 * clock, so the two groups are measured alike: the delay of a notification is its arrival behind
 * the first arrival of the same block at any direct subscriber (the node's notification, as near as
 * this process sees it). Over the blocks mined while every subscriber was subscribed, p50 and p99
 * of each group, and their difference: what the gateway adds (goal ≤ 1 ms at p99). Every
 * subscriber must hear every block once, from its first to the last mined: what was missing or
 * repeated is counted.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { CREDITS_PER_NOTIFICATION } from '@/domain/credits';
import { catalogPlan } from '@/domain/plan-catalog';
import { type AnvilNode, startAnvil } from '@server/nodes/anvil';
import { freeLoopbackPort } from '@server/nodes/free-port';
import { DEFAULT_NETWORK, NETWORK_FACTS } from '@/domain/networks';
import { startBareRelay } from './bare-ws-relay';
import { canMeasureCpu, cpuNanoseconds } from './cpu-time';
import { benchPlan, startGateway } from './gateway-target';
import { resultOf, rpcBody } from './json-rpc';
import { printTable } from './print-table';
import { type Delivery, deliveryOf, firstArrivals, perBlock, quantile } from './ws-delivery';
import { type Subscriber, subscribeNewHeads } from './ws-subscriber';
import { type SubscriberProcess, startSubscriberProcess } from './ws-subscriber-group';

export interface WebSocketSettings {
  /** Subscribers on anvil directly, and as many again through the gateway (one connection and subscription each). */
  readonly subscribers: number;
  /** Seconds of blocks measured, once every subscriber is subscribed. */
  readonly seconds: number;
  /** The gateway's WORKERS. */
  readonly workers: number;
  /** A third group through a bare Node WebSocket relay (bench/bare-ws-relay.ts): what relaying in Node costs without any check. */
  readonly bare: boolean;
  /** Each group's subscribers in a process of their own (bench/ws-subscriber-process.ts), clocks compared: one group's handling of its messages does not delay another's. */
  readonly processes: boolean;
  /** A directory for the gateway's `node --cpu-prof` profiles (`npx tsx bench/gateway-profile.ts read DIR` or `stalls DIR` sums them up); null: none. */
  readonly profileDir: string | null;
}

export const defaultWebSocketSettings: WebSocketSettings = {
  subscribers: 200,
  seconds: 20,
  workers: 1,
  bare: false,
  processes: false,
  profileDir: null,
};

const blockTimeSeconds = 0.1;
const goalAddedP99Ms = 1;
/** Pairs of subscriptions (one direct, one through the gateway) opened at once. */
const openBatch = 20;
/** After the last subscription and before the measured blocks: the handshakes' work is over. */
const settleMs = 1_000;
/** After mining stops: how long the last block's notifications may take to arrive. */
const drainMs = 3_000;

/** The event-loop probe's timer (ms). */
const loopResolutionMs = 1;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => value.toFixed(2);
const percent = (cpuNs: number, wallMs: number) => `${((cpuNs / 1e6 / wallMs) * 100).toFixed(0)} %`;

function callNode(node: AnvilNode, method: string, params: readonly unknown[]): Promise<unknown> {
  return resultOf(node.url, rpcBody(method, params));
}

/** Subscribers of one kind, all on the same path to the node. */
interface Group {
  readonly name: string;
  /** The URL of the `index`th subscriber. */
  readonly url: (index: number) => string;
  readonly subscribers: Subscriber[];
  /** Its process, for the CPU it took (null: the node itself). */
  readonly pid: number | null;
  /** With BENCH_WS_PROCESSES=1: the process holding its subscribers. */
  process?: SubscriberProcess;
}

/**
 * Opens `count` subscribers in each group, one of each side by side: the node's fan-out order (its
 * subscriptions' order) favours no group.
 */
async function openGroups(count: number, groups: readonly Group[]): Promise<void> {
  for (let start = 0; start < count; start += openBatch) {
    const indexes = Array.from({ length: Math.min(openBatch, count - start) }, (_, offset) => start + offset);
    if (groups.every((group) => group.process !== undefined)) {
      await Promise.all(groups.map((group) => group.process?.open(indexes.map((index) => group.url(index)))));
      continue;
    }
    const opened = await Promise.all(
      indexes.map((index) => Promise.allSettled(groups.map((group) => subscribeNewHeads(group.url(index))))),
    );
    for (const results of opened)
      for (const [position, result] of results.entries())
        if (result.status === 'fulfilled') groups[position]?.subscribers.push(result.value);
    const failed = opened.flat().find((result) => result.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
  }
}

function row(name: string, delivery: Delivery, blocks: number, closed: number): string[] {
  const { delaysMs } = delivery;
  return [
    name,
    String(delivery.subscribers),
    String(blocks),
    String(delivery.measured),
    ms(quantile(delaysMs, 0.5)),
    ms(quantile(delaysMs, 0.99)),
    ms(delaysMs.at(-1) ?? Number.NaN),
    String(delivery.missing),
    String(delivery.duplicates),
    String(closed),
  ];
}

/** What went wrong on a group's sockets, in a few words (the first of each kind). */
function problems(name: string, subscribers: readonly Subscriber[], delivery: Delivery): string[] {
  const lines: string[] = [];
  const lost = subscribers.map((subscriber) => subscriber.lostWith()).filter((why) => why !== null);
  if (lost.length > 0) lines.push(`${name}: ${lost.length} sockets ended early or heard something else (first: ${lost[0]})`);
  if (delivery.missing > 0) lines.push(`${name}: ${delivery.missing} notifications missing, on ${delivery.short} subscribers`);
  if (delivery.outOfOrder > 0) lines.push(`${name}: ${delivery.outOfOrder} notifications came after a higher block`);
  return lines;
}

export async function runWebSocketBench(settings: WebSocketSettings): Promise<void> {
  const { subscribers: count, seconds, workers } = settings;
  const perUser = catalogPlan(benchPlan.id).webSocketConnections;
  const users = Math.ceil(count / perUser);
  const credits = count * (1 / blockTimeSeconds) * CREDITS_PER_NOTIFICATION * seconds;
  console.log(
    `\nWebSocket newHeads: ${count} subscribers on anvil directly and ${count} through the gateway (WORKERS=${workers})` +
      `${settings.bare ? `, ${count} through a bare Node relay` : ''}, anvil mining every ${blockTimeSeconds * 1000} ms, ${seconds} s measured; ` +
      `the gateway's sockets on ${users} users of the bench plan (${perUser} connections each), ` +
      `~${credits.toLocaleString('en-US')} credits of its ${benchPlan.creditsPerMonth.toLocaleString('en-US')} each`,
  );
  const node = await startAnvil({ chainId: NETWORK_FACTS[DEFAULT_NETWORK].chainId, args: ['--block-time', String(blockTimeSeconds)] });
  const stops: Array<() => Promise<void>> = [() => node.stop()];
  const groups: Group[] = [];
  try {
    const socketUrl = (url: string) => url.replace(/^http/, 'ws');
    // Sampled every 250 µs, as `npx tsx bench/gateway-profile.ts stalls DIR` reads them.
    const nodeFlags =
      settings.profileDir === null ? [] : ['--cpu-prof', '--cpu-prof-interval=250', `--cpu-prof-dir=${settings.profileDir}`];
    const server = await startGateway(await freeLoopbackPort(), node.url, workers, { benchUsers: users, nodeFlags });
    stops.unshift(() => server.stop());
    const direct: Group = { name: 'anvil ws (direct)', url: () => socketUrl(node.url), subscribers: [], pid: null };
    const gateway: Group = {
      name: `gateway ws -> anvil (WORKERS=${workers})`,
      url: (index) => socketUrl(server.urls[Math.floor(index / perUser)] ?? ''),
      subscribers: [],
      pid: server.pid,
    };
    groups.push(direct, gateway);
    if (settings.bare) {
      const bare = await startBareRelay(await freeLoopbackPort(), socketUrl(node.url));
      stops.unshift(() => bare.stop());
      groups.push({ name: 'Node ws relay -> anvil (no checks)', url: () => bare.url, subscribers: [], pid: bare.pid });
    }
    if (settings.processes) {
      for (const group of groups) {
        const child = startSubscriberProcess();
        group.process = child;
        stops.unshift(() => child.close());
      }
    }
    await openGroups(count, groups);
    await pause(settleMs);

    const loop = monitorEventLoopDelay({ resolution: loopResolutionMs });
    const cpuOf = (pid: number) => (canMeasureCpu() ? cpuNanoseconds(pid) : Number.NaN);
    const pids = [node.pid, ...groups.flatMap((group) => (group.pid === null ? [] : [group.pid]))];
    const cpuBefore = new Map(pids.map((pid) => [pid, cpuOf(pid)]));
    const selfBefore = process.cpuUsage();
    loop.enable();
    const busyBefore = performance.eventLoopUtilization();
    const start = performance.now();
    await pause(seconds * 1000);
    await callNode(node, 'evm_setIntervalMining', [0]);
    const wallMs = performance.now() - start;
    loop.disable();
    const busy = performance.eventLoopUtilization(busyBefore).utilization;
    const used = (pid: number) => cpuOf(pid) - (cpuBefore.get(pid) ?? Number.NaN);
    const cpuUsed = new Map(pids.map((pid) => [pid, used(pid)]));
    const selfUsed = (({ user, system }) => (user + system) * 1000)(process.cpuUsage(selfBefore));
    const last = Number(await callNode(node, 'eth_blockNumber', []));
    const heard = await Promise.all(groups.map((group) => group.process?.collect(last, drainMs) ?? Promise.resolve([])));
    for (const [index, group] of groups.entries()) group.subscribers.push(...(heard[index] ?? []));
    const everyone = groups.flatMap((group) => group.subscribers);
    const drained = performance.now() + drainMs;
    while (performance.now() < drained && everyone.some((subscriber) => (subscriber.blocks.at(-1) ?? -1) < last)) await pause(50);

    const first = firstArrivals(direct.subscribers);
    const measured = [...first].filter(([, time]) => time >= start).map(([block]) => block);
    const from = Math.min(...measured);
    const blocks = last - from + 1;
    const deliveries = new Map(groups.map((group) => [group, deliveryOf(group.subscribers, first, from, last)]));
    const deliveryIn = (group: Group) => deliveries.get(group) ?? deliveryOf([], first, from, last);
    const closed = (group: Group) => group.subscribers.filter((subscriber) => subscriber.lostWith() !== null).length;
    console.log('');
    printTable(
      ['target', 'subscribers', 'blocks', 'notifications', 'p50 ms', 'p99 ms', 'max ms', 'missing', 'duplicates', 'ended early'],
      groups.map((group) => row(group.name, deliveryIn(group), blocks, closed(group))),
    );
    console.log(
      `\nblocks ${from}..${last}; delay: a notification's arrival behind the first arrival of the same block at any direct subscriber`,
    );
    const directDelays = deliveryIn(direct).delaysMs;
    for (const group of groups.slice(1)) {
      const delivery = deliveryIn(group);
      const added = (q: number) => quantile(delivery.delaysMs, q) - quantile(directDelays, q);
      const lost = delivery.missing + delivery.duplicates + closed(group);
      const verdict = added(0.99) <= goalAddedP99Ms && lost === 0 ? 'met' : 'NOT met';
      console.log(
        `${group.name} - direct: +${ms(added(0.5))} ms at p50, +${ms(added(0.99))} ms at p99` +
          (group === gateway ? ` (goal: ≤ ${goalAddedP99Ms} ms at p99 and no notification lost or repeated: ${verdict})` : ''),
      );
    }
    const spread = (values: readonly number[]) => `${ms(quantile(values, 0.5))} / ${ms(quantile(values, 0.99))} ms`;
    console.log(
      `per block, p50 / p99 over the blocks, behind the first direct arrival: the last direct subscriber hears it after ` +
        `${spread(perBlock(direct.subscribers, first, from, last, 'last'))}` +
        groups
          .slice(1)
          .map(
            (group) =>
              `; ${group.name}: the first after ${spread(perBlock(group.subscribers, first, from, last, 'first'))},` +
              ` the last after ${spread(perBlock(group.subscribers, first, from, last, 'last'))}`,
          )
          .join(''),
    );
    for (const group of groups) for (const line of problems(group.name, group.subscribers, deliveryIn(group))) console.log(line);
    // The histogram holds each tick's whole interval: what is past the resolution is lateness.
    const lateMs = (ns: number) => ms(Math.max(0, ns / 1e6 - loopResolutionMs));
    console.log(
      `this process holds all ${everyone.length} sockets and hears each block ${everyone.length} times at once: what it spends on one ` +
        `notification delays those behind it, in every group. Its event loop was busy ${(busy * 100).toFixed(0)} % of the time, ` +
        `a 1 ms timer late by p50 ${lateMs(loop.percentile(50))} ms, p99 ${lateMs(loop.percentile(99))} ms, max ${lateMs(loop.max)} ms; ` +
        `its CPU ${percent(selfUsed, wallMs)} of a core.`,
    );
    if (canMeasureCpu())
      console.log(
        `CPU over the measured time: anvil ${percent(cpuUsed.get(node.pid) ?? Number.NaN, wallMs)} of a core` +
          groups
            .filter((group) => group.pid !== null)
            .map((group) => {
              const cpuNs = cpuUsed.get(group.pid ?? 0) ?? Number.NaN;
              const perNotification = cpuNs / 1000 / Math.max(1, deliveryIn(group).measured);
              return `; ${group.name} ${percent(cpuNs, wallMs)} (${perNotification.toFixed(0)} µs per notification delivered)`;
            })
            .join(''),
      );
  } finally {
    await Promise.all(groups.flatMap((group) => group.subscribers).map((subscriber) => subscriber.close()));
    for (const stop of stops) await stop().catch((error: unknown) => console.error(error));
  }
}
