/**
 * A user's open WebSocket connections, counted where every process that serves them sees the count:
 * this process's memory (one process), the main process (HTTP workers ask it over their channel,
 * server/cluster), or Redis (replicas; server/shared/redis-connection-slots.ts). A connection holds
 * one slot from its handshake to its close.
 */
export interface ConnectionSlots {
  /** A slot for one more connection of `userId` when fewer than `limit` are open; null: refused. */
  take(userId: number, limit: number): Promise<string | null> | string | null;
  /** The connection closed: its slot is free again. */
  release(slot: string): void;
  /**
   * Of the slots this process holds for `userId`, those beyond the first `limit` the user opened,
   * every process's counted: the newest, to close when the limit dropped below what is open.
   */
  beyond(userId: number, limit: number): Promise<readonly string[]> | readonly string[];
  /**
   * `recount` hears users whose connections grew behind the gateway's back (Redis back, with the
   * connections each replica opened while it was away): the gateway asks beyond() again with the
   * plan's limit and closes what is beyond it. Absent: never happens.
   */
  onRecount?(recount: (userIds: readonly number[]) => void): void;
}

/** Slots in this process's memory: exact for the connections this process serves. */
export class MemorySlots implements ConnectionSlots {
  private readonly byUser = new Map<number, Set<string>>();
  private readonly owners = new Map<string, number>();
  private last = 0;

  constructor(private readonly prefix = 'local') {}

  take(userId: number, limit: number): string | null {
    const open = this.byUser.get(userId) ?? new Set<string>();
    if (open.size >= limit) return null;
    this.last += 1;
    const slot = `${this.prefix}:${this.last}`;
    open.add(slot);
    this.byUser.set(userId, open);
    this.owners.set(slot, userId);
    return slot;
  }

  release(slot: string): void {
    const userId = this.owners.get(slot);
    if (userId === undefined) return;
    this.owners.delete(slot);
    const open = this.byUser.get(userId);
    open?.delete(slot);
    if (open?.size === 0) this.byUser.delete(userId);
  }

  /** The user's set keeps the order of taking: the newest are last. */
  beyond(userId: number, limit: number): readonly string[] {
    return [...(this.byUser.get(userId) ?? [])].slice(Math.max(0, limit));
  }

  /** Connections of `userId` open here. */
  count(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }
}
