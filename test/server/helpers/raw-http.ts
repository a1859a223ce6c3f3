import { connect, type Socket } from 'node:net';

/** One whole answer read off the wire (a sized body; no chunked framing). */
export interface RawAnswer {
  readonly status: number;
  readonly headers: ReadonlyMap<string, string>;
  readonly body: string;
}

/** The first whole answer in `bytes`, or null while it is incomplete. */
export function firstAnswer(bytes: Buffer): RawAnswer | null {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const [statusLine = '', ...lines] = bytes.toString('latin1', 0, headEnd).split('\r\n');
  const headers = new Map(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as const),
  );
  const length = Number(headers.get('content-length') ?? 0);
  if (bytes.length < headEnd + 4 + length) return null;
  return { status: Number(statusLine.split(' ')[1]), headers, body: bytes.toString('utf8', headEnd + 4, headEnd + 4 + length) };
}

/**
 * A client connection driven byte by byte, as an attacker would: what it wrote is up to the test,
 * and it can wait for the server's first answer or for the server to close the connection.
 */
export class RawConnection {
  private received = Buffer.alloc(0);
  private closedFlag = false;
  private readonly waiters = new Set<() => void>();

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake();
    });
    // A reset is one way for the server to close: the test looks at what arrived before it.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.closedFlag = true;
      this.wake();
    });
  }

  static open(port: number, host: string, localAddress?: string): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port, host, ...(localAddress === undefined ? {} : { localAddress }) });
      const connection = new RawConnection(socket);
      socket.once('connect', () => resolve(connection));
      socket.once('error', reject);
    });
  }

  get bytes(): Buffer {
    return this.received;
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  write(bytes: string | Buffer): void {
    if (!this.closedFlag) this.socket.write(bytes);
  }

  /** Resolves once `ready` holds (checked at each byte received and at close). */
  until<T>(ready: () => T | null): Promise<T> {
    return new Promise((resolve) => {
      const check = () => {
        const value = ready();
        if (value === null) return;
        this.waiters.delete(check);
        resolve(value);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** The first answer, or null if the server closed the connection without a whole one. */
  answer(): Promise<RawAnswer | null> {
    return this.until(() => {
      const answer = firstAnswer(this.received);
      if (answer !== null) return { answer };
      return this.closedFlag ? { answer: null } : null;
    }).then(({ answer }) => answer);
  }

  /** Resolves once the server has closed the connection. */
  closing(): Promise<void> {
    return this.until(() => (this.closedFlag ? true : null)).then(() => undefined);
  }

  destroy(): void {
    this.socket.destroy();
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
