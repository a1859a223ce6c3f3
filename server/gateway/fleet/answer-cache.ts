import type { RpcId } from '@server/gateway/json-rpc';

/**
 * Answers that cannot change, kept by network and call (call-plan.ts says which and for how long),
 * bounded in bytes: the oldest not used since it was last passed over goes first (second chance:
 * a hit only marks its entry, where moving it to the back of the order on every hit cost as much as
 * the rest of the lookup). An answer tied to a block is dropped when a
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
  /** Hit since eviction last passed over it: it goes to the back once instead of out. */
  used: boolean;
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
    entry.used = true;
    return entry.result;
  }

  set(network: string, key: string, result: string, block: number | null): void {
    const full = `${network}\n${key}`;
    const bytes = Buffer.byteLength(full) + Buffer.byteLength(result);
    if (bytes > this.maxBytes) return;
    this.remove(full);
    this.entries.set(full, { network, result, block, bytes, used: false });
    this.bytesHeld += bytes;
    // The Map's order is the eviction order: a used entry moves to the back (its mark cleared), so
    // each is passed over at most once and the walk ends.
    for (const [oldest, entry] of this.entries) {
      if (this.bytesHeld <= this.maxBytes) break;
      this.entries.delete(oldest);
      if (entry.used) {
        entry.used = false;
        this.entries.set(oldest, entry);
      } else this.bytesHeld -= entry.bytes;
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
