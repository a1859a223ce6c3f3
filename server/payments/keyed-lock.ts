/**
 * Runs the calls of one key one after another (e.g. one user's checkouts), other keys in parallel.
 * The API runs in one process per database (HTTP workers forward it to the main process), so a
 * user's concurrent subscribes are serialised here; the database's unique index on the user's live
 * subscription backs it up.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await result;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
