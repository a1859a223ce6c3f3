import pg from 'pg';

export interface ListenOptions {
  readonly databaseUrl: string;
  /** A lower-case identifier: LISTEN takes no parameters, so it is checked, then quoted. */
  readonly channel: string;
  readonly onNotification: (payload: string) => void;
  /** The connection was lost and is back: whatever was sent on the channel meanwhile never arrived. */
  readonly onReconnect: () => void;
  /** A lost connection or a failed attempt to get it back (each attempt is retried). */
  readonly onTrouble: (error: unknown, what: string) => void;
  /** First wait before reconnecting, doubled after each failed attempt up to `maxRetryMs`. */
  readonly retryMs?: number;
  readonly maxRetryMs?: number;
}

export interface Listening {
  /** The connection now listening (tests cut it to check the reconnect). */
  readonly client: () => pg.Client | null;
  close(): Promise<void>;
}

/**
 * LISTEN on a connection of its own (a pooled one would go back to the pool and stop hearing):
 * connected before this returns, so a wrong DATABASE_URL fails at start-up; reconnected, with a
 * backoff, whenever it drops, and `onReconnect` called once it listens again.
 */
export async function listen(options: ListenOptions): Promise<Listening> {
  if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error(`Not a channel name: ${options.channel}`);
  const firstRetryMs = options.retryMs ?? 100;
  const maxRetryMs = options.maxRetryMs ?? 2000;
  let current: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let nextRetryMs = firstRetryMs;

  async function connect(): Promise<pg.Client> {
    // keepAlive: a connection cut without a word (a NAT, a failover) is noticed, then replaced.
    const client = new pg.Client({ connectionString: options.databaseUrl, keepAlive: true });
    let lost = false;
    const onLost = (error: unknown) => {
      if (lost) return;
      lost = true;
      if (current === client) current = null;
      client.end().catch(() => undefined);
      if (closed) return;
      options.onTrouble(error, 'the LISTEN connection was lost: reconnecting');
      schedule();
    };
    client.on('error', onLost);
    client.on('end', () => onLost(new Error('the connection ended')));
    client.on('notification', (message) => {
      if (message.channel === options.channel && message.payload !== undefined) options.onNotification(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${options.channel}"`);
    } catch (error) {
      lost = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  }

  function schedule(): void {
    if (closed || retry !== null) return;
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        (client) => {
          if (closed) {
            client.end().catch(() => undefined);
            return;
          }
          current = client;
          nextRetryMs = firstRetryMs;
          options.onReconnect();
        },
        (error: unknown) => {
          options.onTrouble(error, 'the LISTEN connection could not be opened again: retrying');
          nextRetryMs = Math.min(maxRetryMs, nextRetryMs * 2);
          schedule();
        },
      );
    }, nextRetryMs);
    retry.unref();
  }

  current = await connect();
  return {
    client: () => current,
    close: async () => {
      closed = true;
      if (retry !== null) clearTimeout(retry);
      retry = null;
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
}
