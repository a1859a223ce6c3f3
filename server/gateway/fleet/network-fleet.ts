import type { RpcPayload } from '@server/gateway/json-rpc';
import { type AnswerCache, answerBody } from '@server/gateway/fleet/answer-cache';
import { type CallPlan, type Keep, planCall, toQuantity } from '@server/gateway/fleet/call-plan';
import { alreadyKnown, keptResult, release, rewritten, succeeded } from '@server/gateway/fleet/node-answers';
import { agreedHead, combined, highest, weighted } from '@server/gateway/fleet/node-choice';
import { bufferedAnswer, FleetNode, fetchBlockAt, fetchHead, type HeadBlock, wholeAnswerLimit } from '@server/gateway/fleet/fleet-node';
import { HeadWatch } from '@server/gateway/fleet/head-watch';
import type { NetworkSpec } from '@server/gateway/fleet/network-settings';
import { mayBeShared, type SharedAnswers, sharedOnceKept } from '@server/gateway/fleet/shared-answers';
import { nodeSocketUrl } from '@server/gateway/ws/upstream-socket';
import { bufferedAnswerLimit, UpstreamError, type UpstreamAnswer } from '@server/gateway/upstream';

/** A node's answer to a call, how long it took, and where it came from (a node, or the cache). */
export interface Served {
  readonly answer: UpstreamAnswer;
  readonly ms: number;
  /** Answered from what the gateway keeps (the cache, or the head it follows): no node was asked. */
  readonly cached: boolean;
  /** The node that answered; null when none did. */
  readonly node: FleetNode | null;
}

/** What a fleet tells the metrics and the status page (fleet.ts). */
export interface FleetEvents {
  nodeAnswered(network: string, node: string, ms: number, failed: boolean): void;
  /** A read went to another node after its first failed, or a slow one was also sent to a second. */
  rerouted(network: string, why: 'failover' | 'hedge'): void;
  /** A node left rotation (reason) or came back (null); the network has `serving` nodes in rotation now. */
  rotation(network: string, node: string, reason: string | null, serving: number): void;
}

export interface FleetOptions {
  readonly timeoutMs: number;
  /** How often each node's head is checked. */
  readonly pollMs: number;
  readonly cache: AnswerCache;
  /** The level every replica shares (CACHE_SHARED): asked on this process's misses; null = none. */
  readonly shared: SharedAnswers | null;
  readonly events: FleetEvents;
  readonly now: () => number;
}

/** Blocks below the head that every node keeps state for; older ones go to archive nodes when there are any. */
const recentBlocks = 128;

const deadStatus = (status: number) => status >= 500;

/** `served` with its answer read (bufferedAnswer); written out, as a spread costs more on every call. */
function withAnswer(served: Served, answer: UpstreamAnswer): Served {
  return { answer, ms: served.ms, cached: served.cached, node: served.node };
}

/**
 * One network's nodes: which are in rotation (answering, not too far behind), the head the gateway
 * answers with, and where each call goes. The head only moves forward, except when the nodes
 * themselves report a reorganisation to a lower block.
 */
export class NetworkFleet {
  readonly nodes: readonly FleetNode[];
  /** The head: the block the nodes in rotation agree on (agreedHead; never lower than one answered before, but on a reorganisation). */
  head: number | null = null;
  private ticker: NodeJS.Timeout | null = null;
  private readonly watches: HeadWatch[] = [];
  private readonly healthTimeoutMs: number;

  constructor(
    readonly spec: NetworkSpec,
    private readonly options: FleetOptions,
  ) {
    this.nodes = spec.nodes.map((node, index) => new FleetNode(index, node, options.timeoutMs));
    // A check waits as long as a call does (UPSTREAM_TIMEOUT_MS): on a busy machine a node slow to answer is not a node down.
    this.healthTimeoutMs = options.timeoutMs;
  }

  get name(): string {
    return this.spec.name;
  }

  /** Nodes in rotation. */
  serving(): FleetNode[] {
    return this.nodes.filter((node) => node.out === null);
  }

  start(): void {
    void this.poll();
    this.ticker = setInterval(() => void this.poll(), this.options.pollMs);
    this.ticker.unref();
    for (const node of this.nodes) {
      const watch = new HeadWatch(nodeSocketUrl(node.spec.ws, node.spec.url), this.options.timeoutMs, (block) => {
        void this.observe(node, block).catch(() => undefined);
      });
      this.watches.push(watch);
      watch.start();
    }
  }

  async close(): Promise<void> {
    if (this.ticker !== null) clearInterval(this.ticker);
    for (const watch of this.watches) watch.close();
    await Promise.all(this.nodes.map((node) => node.upstream.close()));
  }

  /** Checks every node's head once (a node still answering its last check is skipped, unless `now`). */
  async poll(now = false): Promise<void> {
    await Promise.all(this.nodes.map((node) => this.check(node, now)));
  }

  /** Serves one call or batch: from what the gateway keeps when it can, else from the nodes. */
  async serve(payload: RpcPayload, body: Buffer): Promise<Served> {
    const { cache } = this.options;
    const plans = payload.methods.map((method, index) => planCall(method, payload.params[index], this.head));
    const single = payload.batch ? null : plans[0];
    if (single !== undefined && single !== null) {
      if (single.head && this.head !== null) return this.local(payload, JSON.stringify(toQuantity(this.head)));
      const hit = single.cacheKey === null || cache.maxBytes === 0 ? undefined : cache.get(this.name, single.cacheKey);
      if (hit !== undefined) return this.local(payload, hit);
      if (this.options.shared !== null && single.cacheKey !== null && single.keep !== null && cache.maxBytes > 0) {
        const shared = await this.sharedHit(this.options.shared, single.cacheKey, single.keep);
        if (shared !== null) return this.local(payload, shared);
      }
    }
    const plan = single ?? combined(plans);
    const sent = rewritten(body, plans, payload.batch);
    const served = plan.route === 'all' ? await this.broadcast(sent) : await this.route(plan, sent);
    if (single?.keep == null || single.cacheKey === null || cache.maxBytes === 0) return served;
    // Kept only when small enough to be sent in one write anyway: a bigger answer still streams.
    const whole = withAnswer(served, await bufferedAnswer(served.answer, bufferedAnswerLimit));
    this.keep(single.cacheKey, single.keep, whole);
    return whole;
  }

  private local(payload: RpcPayload, result: string): Served {
    const body = answerBody(payload.id, result);
    return { answer: { status: 200, contentType: 'application/json', body, shape: 'json' }, ms: 0, cached: true, node: null };
  }

  /** The shared level's answer, kept in this process's cache too; null when it has none (or does not answer in time). */
  private async sharedHit(shared: SharedAnswers, key: string, keep: Keep): Promise<string | null> {
    if (!mayBeShared(keep, this.head, this.spec.finalityDepth)) return null;
    const result = await shared.get(this.name, key);
    if (result === null) return null;
    // Shared answers are about final blocks, which no reorganisation replaces: kept here as the call's own.
    this.options.cache.set(this.name, key, result, keep.kind === 'block' ? keep.number : null);
    return result;
  }

  private keep(key: string, keep: Keep, served: Served): void {
    const kept = keptResult(served.answer);
    if (kept === null) return;
    const block = keep.kind === 'always' ? null : keep.kind === 'block' ? keep.number : kept.block;
    this.options.cache.set(this.name, key, kept.result, block);
    const { shared } = this.options;
    if (shared !== null && sharedOnceKept(keep, kept.block, this.head, this.spec.finalityDepth)) shared.keep(this.name, key, kept.result);
    // A receipt or a block the node has beyond the head it last reported: its head is at least there.
    const { node } = served;
    if (kept.block !== null && node !== null && (node.head ?? -1) < kept.block) {
      node.head = kept.block;
      this.moveHead(false);
    }
  }

  /** The node for a call: in rotation, at the block it needs (an archive node for old state), by weight and answer time. */
  pick(plan: Pick<CallPlan, 'route' | 'minBlock' | 'pending' | 'oldestBlock'>, tried: readonly FleetNode[] = []): FleetNode | null {
    const open = this.nodes.filter((node) => !tried.includes(node));
    const serving = open.filter((node) => node.out === null);
    if (serving.length === 0) return highest(open);
    if (plan.route !== 'any') return serving[0] ?? null;
    const need = plan.pending ? this.head : plan.minBlock;
    const ready = need === null ? serving : serving.filter((node) => node.head !== null && node.head >= need);
    if (ready.length === 0) return highest(serving);
    const old = plan.oldestBlock !== null && this.head !== null && plan.oldestBlock < this.head - recentBlocks;
    const archives = old ? ready.filter((node) => node.spec.archive) : [];
    return weighted(archives.length > 0 ? archives : ready);
  }

  /** One node, then (on no answer or a 5xx) another once; a slow read may also go to a second (hedge). */
  private async route(plan: CallPlan, body: Buffer): Promise<Served> {
    const first = this.pick(plan);
    if (first === null) throw new UpstreamError('down', { cause: new Error('the network has no node') });
    const retries = plan.route === 'any';
    let failedAnswer: Served | null = null;
    try {
      const served = await this.hedged(plan, first, body);
      if (!retries || !deadStatus(served.answer.status)) return served;
      failedAnswer = served;
    } catch (error) {
      const second = retries && error instanceof UpstreamError ? this.pick(plan, [first]) : null;
      if (second === null) throw error;
      this.options.events.rerouted(this.name, 'failover');
      return this.send(second, body);
    }
    const second = this.pick(plan, [first]);
    if (second === null) return failedAnswer;
    release(failedAnswer.answer);
    this.options.events.rerouted(this.name, 'failover');
    return this.send(second, body);
  }

  /** The first node's answer, or (hedging on, and it is slow) whichever of it and a second node's succeeds first. */
  private hedged(plan: CallPlan, first: FleetNode, body: Buffer): Promise<Served> {
    const primary = this.send(first, body);
    if (!this.spec.hedge || plan.route !== 'any') return primary;
    const delayMs = Math.min(Math.max(3 * (first.latencyMs ?? 50), 20), this.options.timeoutMs / 2);
    return new Promise((resolve, reject) => {
      let settled = false;
      let running = 1;
      let lastError: unknown = null;
      const finish = (served: Served) => {
        if (settled) return release(served.answer);
        settled = true;
        clearTimeout(timer);
        resolve(served);
      };
      const failed = (error: unknown) => {
        running -= 1;
        lastError = error;
        if (!settled && running === 0) {
          settled = true;
          clearTimeout(timer);
          reject(lastError);
        }
      };
      primary.then(finish, failed);
      const timer = setTimeout(() => {
        const second = this.pick(plan, [first]);
        if (settled || second === null || second === first) return;
        running += 1;
        this.options.events.rerouted(this.name, 'hedge');
        this.send(second, body).then(finish, failed);
      }, delayMs);
    });
  }

  /** Every node in rotation: the first success answers; "already known" from the others is no error. */
  private broadcast(body: Buffer): Promise<Served> {
    const serving = this.serving();
    const targets = serving.length > 0 ? serving : this.nodes;
    return new Promise((resolve, reject) => {
      let settled = false;
      const answers: Served[] = [];
      let errors = 0;
      let firstError: unknown = null;
      const done = async (served: Served) => {
        settled = true;
        // On a node that mines at once the transaction is in a block already: that node's head is
        // checked before the sender reads state (never waiting on the other nodes, one may hang).
        if (served.node !== null) await this.check(served.node, true);
        resolve(served);
      };
      const judge = () => {
        if (settled || answers.length + errors < targets.length) return;
        if (answers.length === 0) {
          settled = true;
          reject(firstError);
          return;
        }
        const chosen = answers.find((served) => !alreadyKnown(served.answer)) ?? answers[0];
        for (const served of answers) if (served !== chosen) release(served.answer);
        void done(chosen as Served);
      };
      for (const node of targets) {
        this.send(node, body)
          .then(async (served) => withAnswer(served, await bufferedAnswer(served.answer, wholeAnswerLimit)))
          .then(
            (served) => {
              if (settled) return release(served.answer);
              if (succeeded(served.answer)) {
                for (const other of answers) release(other.answer);
                void done(served);
                return;
              }
              answers.push(served);
              judge();
            },
            (error: unknown) => {
              errors += 1;
              firstError ??= error;
              judge();
            },
          );
      }
    });
  }

  /** One node's answer, timed and judged: no answer or a 5xx takes it out of rotation until its head is checked again. */
  private async send(node: FleetNode, body: Buffer): Promise<Served> {
    const started = performance.now();
    try {
      const answer = await node.upstream.forward(body);
      const ms = performance.now() - started;
      const failed = deadStatus(answer.status);
      this.options.events.nodeAnswered(this.name, node.label, ms, failed);
      if (failed) this.takeOut(node, 'answering with errors');
      else node.answered(ms);
      return { answer, ms, cached: false, node };
    } catch (error) {
      this.options.events.nodeAnswered(this.name, node.label, performance.now() - started, true);
      if (error instanceof UpstreamError) this.takeOut(node, error.kind === 'timeout' ? 'not answering in time' : 'not reachable');
      throw error;
    }
  }

  private async check(node: FleetNode, now: boolean): Promise<void> {
    if (node.polling && !now) return;
    node.polling = true;
    // Checks are node calls too: timed and counted, so a replica that serves no call (the main
    // process beside HTTP workers) still reports its nodes' answer times and errors.
    const started = performance.now();
    try {
      const block = await fetchHead(node, this.healthTimeoutMs);
      this.options.events.nodeAnswered(this.name, node.label, performance.now() - started, false);
      await this.observe(node, block);
    } catch (error) {
      this.options.events.nodeAnswered(this.name, node.label, performance.now() - started, true);
      this.takeOut(
        node,
        error instanceof UpstreamError ? (error.kind === 'timeout' ? 'not answering in time' : 'not reachable') : 'answering with errors',
      );
      return;
    } finally {
      node.polling = false;
    }
    this.judgeLag(node);
  }

  /** A block the node reports as its head (a poll, or newHeads): a reorganisation it shows is handled, and the head moves. */
  private async observe(node: FleetNode, block: HeadBlock): Promise<void> {
    // An earlier report, overtaken by a later one: nothing new.
    if (node.head !== null && block.number <= node.head && node.hashes.get(block.number) === block.hash) return;
    const reorg = await this.reorgFrom(node, block);
    if (reorg !== null) this.reorganised(reorg);
    node.remember(block, this.spec.finalityDepth + 2);
    node.head = block.number;
    this.moveHead(reorg !== null);
  }

  /** The lowest block a node's new head replaced, or null when its chain only grew. */
  private async reorgFrom(node: FleetNode, block: HeadBlock): Promise<number | null> {
    let from: number | null = null;
    if (node.head !== null && block.number < node.head) from = block.number + 1;
    const known = node.hashes.get(block.number);
    if (known !== undefined && known !== block.hash) from = block.number;
    const parent = node.hashes.get(block.number - 1);
    if (parent !== undefined && parent !== block.parentHash) from = block.number - 1;
    if (from === null) return null;
    // Further down while the hashes it reported before differ from what it has now.
    for (let number = Math.min(from, block.number) - 1; number >= 0 && node.hashes.has(number); number -= 1) {
      const now = await fetchBlockAt(node, number, this.healthTimeoutMs);
      if (now.hash === node.hashes.get(number)) break;
      from = number;
    }
    for (const number of node.hashes.keys()) if (number >= from) node.hashes.delete(number);
    return from;
  }

  private reorganised(from: number): void {
    this.options.cache.dropFrom(this.name, from);
  }

  /** The head the nodes in rotation agree on (agreedHead): forward only, unless a reorganisation lowered their chain. */
  private moveHead(reorganised: boolean): void {
    const agreed = agreedHead(this.serving());
    if (agreed === null) return;
    if (this.head === null || agreed > this.head || reorganised) this.head = agreed;
  }

  /**
   * Nodes too far behind the head leave rotation, and so does one too far ahead of what at least two
   * others in rotation agree on (with fewer, a node ahead is taken for the one that is right);
   * `checked`, which just answered its check, comes back when close enough.
   */
  private judgeLag(checked: FleetNode): void {
    if (this.head === null) return;
    const { maxLagBlocks } = this.spec;
    const known = this.serving().filter((node) => node.head !== null);
    for (const node of this.nodes) {
      if (node.head === null) continue;
      const behind = this.head - node.head;
      const others = known.length - (known.includes(node) ? 1 : 0);
      if (behind > maxLagBlocks) this.takeOut(node, `${behind} blocks behind`);
      else if (-behind > maxLagBlocks && others >= 2) this.takeOut(node, `${-behind} blocks ahead of the other nodes`);
      else if (node === checked && node.out !== null) this.bringBack(node);
    }
  }

  private takeOut(node: FleetNode, reason: string): void {
    if (node.out === reason) return;
    const wasIn = node.out === null;
    node.out = reason;
    if (wasIn) node.outSince = this.options.now();
    this.options.events.rotation(this.name, node.label, reason, this.serving().length);
  }

  private bringBack(node: FleetNode): void {
    node.out = null;
    this.options.events.rotation(this.name, node.label, null, this.serving().length);
  }
}
