import type { NodeSpec } from '@server/gateway/fleet/network-settings';
import { Readable } from 'node:stream';
import { shapeOf, Upstream, type UpstreamAnswer } from '@server/gateway/upstream';

/** A block as a node's head reports it. */
export interface HeadBlock {
  readonly number: number;
  readonly hash: string;
  readonly parentHash: string;
}

/** Weight of the newest answer time in a node's running average. */
const latencyWeight = 0.2;

/**
 * One node of a network, as this replica knows it: its connection pool, its head, the hashes of its
 * recent blocks (to see a reorganisation), its recent answer time, and whether it is in rotation.
 */
export class FleetNode {
  /** Shown anywhere a node is named (status page, metrics): its place in the list, never its URL. */
  readonly label: string;
  readonly upstream: Upstream;
  /** Its head as last seen (a poll, or an answer naming a later block); null before any. */
  head: number | null = null;
  /** Why it is out of rotation; null = in rotation. */
  out: string | null = null;
  /** Since when (epoch ms) it is out. */
  outSince = 0;
  /** Running average of its answer times (ms); null before its first answer. */
  latencyMs: number | null = null;
  /** Block hashes it reported, by number, for the recent blocks only. */
  readonly hashes = new Map<number, string>();
  /** A head check is under way (checks never pile up on a node that does not answer). */
  polling = false;

  constructor(
    readonly index: number,
    readonly spec: NodeSpec,
    timeoutMs: number,
  ) {
    this.label = `node ${index + 1}`;
    this.upstream = new Upstream(spec.url, timeoutMs);
  }

  answered(ms: number): void {
    this.latencyMs = this.latencyMs === null ? ms : this.latencyMs + latencyWeight * (ms - this.latencyMs);
  }

  /** The reads it should get against another node: its weight over its recent answer time. */
  score(): number {
    return this.spec.weight / Math.max(this.latencyMs ?? 1, 1);
  }

  /** Notes its block `number`'s hash (and its parent's), forgetting those older than `keep` blocks below it. */
  remember(block: HeadBlock, keep: number): void {
    this.hashes.set(block.number, block.hash);
    if (block.number > 0) this.hashes.set(block.number - 1, block.parentHash);
    for (const number of this.hashes.keys()) if (number < block.number - keep || number > block.number) this.hashes.delete(number);
  }
}

const headRequest = Buffer.from('{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["latest",false]}');

function blockRequest(number: number): Buffer {
  return Buffer.from(`{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["0x${number.toString(16)}",false]}`);
}

/** A block number as a JSON-RPC quantity ('0x1f'); null when it is not one. */
export function readQuantity(value: unknown): number | null {
  return typeof value === 'string' && /^0x[0-9a-f]{1,14}$/i.test(value) ? Number.parseInt(value, 16) : null;
}

/** The result of a node's whole 200 answer to one call; undefined when it is none (an error, a batch, a stream, not JSON). */
export function resultOf(answer: UpstreamAnswer): unknown {
  if (answer.status !== 200 || !Buffer.isBuffer(answer.body)) return undefined;
  let message: unknown;
  try {
    message = JSON.parse(answer.body.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message) || 'error' in message || !('result' in message)) {
    return undefined;
  }
  return message.result;
}

/** A block's number and hashes from a node's answer to eth_getBlockByNumber; null when it is not one. */
export function readHeadBlock(answer: UpstreamAnswer): HeadBlock | null {
  const block = resultOf(answer);
  if (typeof block !== 'object' || block === null) return null;
  if (!('number' in block && 'hash' in block && 'parentHash' in block)) return null;
  const { hash, parentHash } = block;
  const number = readQuantity(block.number);
  if (number === null || typeof hash !== 'string' || typeof parentHash !== 'string') return null;
  return { number, hash, parentHash };
}

/** The node's latest block; throws (UpstreamError, or an Error saying what came) when it gives none. */
export async function fetchHead(node: FleetNode, timeoutMs: number): Promise<HeadBlock> {
  return fetchBlock(node, headRequest, timeoutMs);
}

/** The node's block `number`; throws when it gives none. */
export async function fetchBlockAt(node: FleetNode, number: number, timeoutMs: number): Promise<HeadBlock> {
  return fetchBlock(node, blockRequest(number), timeoutMs);
}

/** Largest answer read whole: a head check's (a block without its transactions is a few kB), one to keep, a transaction's. */
export const wholeAnswerLimit = 1024 * 1024;

/**
 * An answer with its body whole when it is at most `limit` bytes, however the node sent it (a proxy
 * may send a small answer chunked); a bigger one stays a stream, the bytes read so far given first.
 */
export async function bufferedAnswer(answer: UpstreamAnswer, limit: number): Promise<UpstreamAnswer> {
  if (Buffer.isBuffer(answer.body)) return answer;
  const source = answer.body;
  const reading = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let bytes = 0;
  for (;;) {
    const next = await reading.next();
    if (next.done === true) {
      const body = Buffer.concat(chunks);
      return { status: answer.status, contentType: answer.contentType, body, shape: shapeOf(body) };
    }
    const chunk: unknown = next.value;
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    chunks.push(buffer);
    bytes += buffer.length;
    if (bytes > limit) break;
  }
  async function* rest(): AsyncGenerator<Buffer> {
    yield* chunks;
    for (;;) {
      const next = await reading.next();
      if (next.done === true) return;
      yield next.value as Buffer;
    }
  }
  const body = Readable.from(rest(), { objectMode: false });
  // The client went away: stop reading from the node too.
  body.once('close', () => source.destroy());
  return { status: answer.status, contentType: answer.contentType, body, shape: answer.shape };
}

async function fetchBlock(node: FleetNode, request: Buffer, timeoutMs: number): Promise<HeadBlock> {
  const answer = await bufferedAnswer(await node.upstream.forward(request, timeoutMs), wholeAnswerLimit);
  if (!Buffer.isBuffer(answer.body)) answer.body.destroy();
  const block = readHeadBlock(answer);
  if (block === null) throw new Error(answer.status >= 500 ? 'answering with errors' : 'answering without a block');
  return block;
}
