import type { RpcId } from '@server/gateway/json-rpc';

/**
 * Answers that cannot change, kept by network and call (call-plan.ts says which and for how long),
 * bounded in bytes: the least recently used go first. An answer tied to a block is dropped when a
 * reorganisation replaces that block or one below it (dropFrom); one kept 'always' (eth_chainId,
 * net_version, web3_sha3) never is. In this process's memory: each replica keeps its own, so a
 * reorganisation one replica sees is dropped there when its own head tracking sees it.
 */
interface Entry {
  readonly network: string;
  /** The result's JSON, as written into an answer. */
  readonly result: string;
  /** The highest block the answer depends on; null = none (kept for good). */
  readonly block: number | null;
  readonly bytes: number;
}

export interface CacheCounts {
  readonly hits: number;
  readonly misses: number;
  readonly bytes: number;
  readonly entries: number;
}

/** An answer's bytes as a client gets them: the kept result under the client's own id. */
export function answerBody(id: RpcId, result: string): Buffer {
  return Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${result}}`);
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private bytesHeld = 0;
  private hits = 0;
  private misses = 0;

  /** maxBytes 0: nothing is kept. */
  constructor(readonly maxBytes: number) {}

  get(network: string, key: string): string | undefined {
    const full = `${network}\n${key}`;
    const entry = this.entries.get(full);
    if (entry === undefined) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    // Most recently used last: the Map's order is the eviction order.
    this.entries.delete(full);
    this.entries.set(full, entry);
    return entry.result;
  }

  set(network: string, key: string, result: string, block: number | null): void {
    const full = `${network}\n${key}`;
    const bytes = Buffer.byteLength(full) + Buffer.byteLength(result);
    if (bytes > this.maxBytes) return;
    this.remove(full);
    this.entries.set(full, { network, result, block, bytes });
    this.bytesHeld += bytes;
    for (const [oldest] of this.entries) {
      if (this.bytesHeld <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  /** A reorganisation on `network` replaced blocks from `block` up: what depends on them goes. Answers how many were dropped. */
  dropFrom(network: string, block: number): number {
    let dropped = 0;
    for (const [key, entry] of this.entries) {
      if (entry.network === network && entry.block !== null && entry.block >= block) {
        this.remove(key);
        dropped += 1;
      }
    }
    return dropped;
  }

  counts(): CacheCounts {
    return { hits: this.hits, misses: this.misses, bytes: this.bytesHeld, entries: this.entries.size };
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.bytesHeld -= entry.bytes;
  }
}
