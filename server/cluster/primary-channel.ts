import {
  isPrimaryMessage,
  type LeaseAnswer,
  type LeaseRequest,
  type PrimaryMessage,
  type KeyOnChannel,
  type WorkerMessage,
} from '@server/cluster/protocol';

type Waiting = (message: PrimaryMessage) => void;

/**
 * A worker's line to the main process (Node's IPC channel): requests with an id, answered in any
 * order; invalidations and the stop order pushed. If the main process goes away the worker exits
 * (it cannot admit a call without it).
 */
export class PrimaryChannel {
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private invalidate: (apiKey: string | null, userId: number | null) => void = () => undefined;
  private stop: () => void = () => undefined;
  private drain: () => void = () => undefined;
  private recount: (userIds: readonly number[]) => void = () => undefined;

  constructor() {
    if (process.send === undefined) throw new Error('an HTTP worker must be started by the main process (WORKERS > 1)');
    process.on('message', (message: unknown) => {
      if (isPrimaryMessage(message)) this.receive(message);
    });
    process.once('disconnect', () => process.exit(0));
  }

  key(apiKey: string): Promise<KeyOnChannel | null> {
    return this.request<KeyOnChannel | null>(
      (id) => ({ type: 'key', id, apiKey }),
      (message) => (message.type === 'key' ? message.key : undefined),
    );
  }

  lease(request: LeaseRequest): Promise<LeaseAnswer> {
    return this.request<LeaseAnswer>(
      (id) => ({ type: 'lease', id, request }),
      (message) => (message.type === 'lease' ? message.answer : undefined),
    );
  }

  /** A WebSocket connection slot of the user, counted in the main process (or Redis, by it) for every worker. */
  slot(userId: number, limit: number): Promise<string | null> {
    return this.request<string | null>(
      (id) => ({ type: 'slot', id, userId, limit }),
      (message) => (message.type === 'slot' ? message.slot : undefined),
    );
  }

  /** This worker's slots of the user beyond `limit`, in the order of opening across every worker (and replica). */
  beyond(userId: number, limit: number): Promise<readonly string[]> {
    return this.request<readonly string[]>(
      (id) => ({ type: 'beyond', id, userId, limit }),
      (message) => (message.type === 'beyond' ? message.slots : undefined),
    );
  }

  /** `listener` hears the users whose connections the main process found grown behind the workers' backs. */
  onRecount(listener: (userIds: readonly number[]) => void): void {
    this.recount = listener;
  }

  send(message: WorkerMessage): void {
    process.send?.(message);
  }

  /**
   * Resolves once the message (and every one sent before it, in order) is written to the channel:
   * a disconnect closes the channel at once, dropping plain messages whose write was still queued.
   */
  sendAndWait(message: WorkerMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      if (process.send === undefined) resolve();
      else process.send(message, undefined, {}, (error: Error | null) => (error === null ? resolve() : reject(error)));
    });
  }

  onInvalidate(listener: (apiKey: string | null, userId: number | null) => void): void {
    this.invalidate = listener;
  }

  onStop(listener: () => void): void {
    this.stop = listener;
  }

  onDrain(listener: () => void): void {
    this.drain = listener;
  }

  disconnect(): void {
    process.disconnect();
  }

  private request<T>(make: (id: number) => WorkerMessage, read: (message: PrimaryMessage) => T | undefined): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, (message) => {
        if (message.type === 'failed') {
          reject(new Error(`the main process could not answer: ${message.message}`));
          return;
        }
        const value = read(message);
        if (value === undefined) reject(new Error(`the main process answered request ${id} with a ${message.type} message`));
        else resolve(value);
      });
      this.send(make(id));
    });
  }

  private receive(message: PrimaryMessage): void {
    switch (message.type) {
      case 'key':
      case 'lease':
      case 'slot':
      case 'beyond':
      case 'failed': {
        const waiting = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        waiting?.(message);
        return;
      }
      case 'invalidate':
        this.invalidate(message.apiKey, message.userId);
        return;
      case 'recount':
        this.recount(message.userIds);
        return;
      case 'drain':
        this.drain();
        return;
      case 'stop':
        this.stop();
        return;
    }
  }
}
