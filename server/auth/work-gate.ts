/** Thrown by WorkGate.run when every slot is busy and the queue is full. */
export class GateFullError extends Error {
  override name = 'GateFullError';
}

/**
 * At most `concurrency` tasks at once, at most `maxWaiting` more waiting in order; past that a
 * task is refused at once instead of piling up behind the others.
 */
export class WorkGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running += 1;
    } else {
      if (this.waiting.length >= this.maxWaiting) throw new GateFullError('every slot and the queue are busy');
      // The finishing task hands its slot over: `running` stays the same.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next === undefined) this.running -= 1;
      else next();
    }
  }

  /** Tasks running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
