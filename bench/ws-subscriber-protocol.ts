/** What bench/gateway-websocket.ts and its subscriber processes (bench/ws-subscriber-process.ts) say to each other. */
export type ChildCommand =
  | { readonly type: 'open'; readonly urls: readonly string[] }
  | { readonly type: 'clock' }
  /** Wait until every subscriber heard `last` (or `drainMs` passed), then send what each heard. */
  | { readonly type: 'collect'; readonly last: number; readonly drainMs: number }
  | { readonly type: 'close' };

export interface RemoteHeard {
  readonly blocks: readonly number[];
  /** Epoch ms of the child's clock. */
  readonly times: readonly number[];
  readonly lost: string | null;
}

export type ChildReport =
  | { readonly type: 'opened' }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'clock'; readonly now: number }
  | { readonly type: 'heard'; readonly heard: readonly RemoteHeard[] };
