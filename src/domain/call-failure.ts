/**
 * What a failed call to the API (or the gateway) was, as one value: every call module and the
 * API client's middleware produce it, and failureMessage (failure-message.ts) turns it into the
 * text the screen shows.
 */
export type CallFailure =
  /** No HTTP answer at all: offline, DNS, connection refused, CORS, time-out. */
  | { kind: 'no-answer' }
  /** An HTTP error status; `message` is the server's error envelope `{ message }`, null when the body is not one (HTML, text). */
  | { kind: 'refused'; status: number; message: string | null }
  /** A success status whose body is not what the contract promises. */
  | { kind: 'bad-answer'; status: number }
  /** Never sent: nothing to send it with. */
  | { kind: 'not-sent'; reason: 'no-token' | 'key-not-stored' }
  /** Anything else that was thrown: a bug of ours. */
  | { kind: 'unexpected' };

/** A call that failed, as a real Error (TanStack Query and xstate expect one) carrying its CallFailure. */
export class CallFailed extends Error {
  override readonly name: string = 'CallFailed';

  constructor(readonly failure: CallFailure) {
    super(`Call failed: ${JSON.stringify(failure)}`);
  }

  /** Two failures differ by their value (xstate/graph tells events apart by their JSON, where an Error is `{}`). */
  toJSON(): unknown {
    return { failure: this.failure };
  }
}

/** The failure a rejection carries; anything that is not a CallFailed is unexpected. */
export function failureIn(error: unknown): CallFailure {
  return error instanceof CallFailed ? error.failure : { kind: 'unexpected' };
}

/** Whether a rejection is the refusal of a call with this HTTP status. */
export function isRefusedWith(error: unknown, status: number): boolean {
  const failure = failureIn(error);
  return failure.kind === 'refused' && failure.status === status;
}

/** The HTTP status the call got back, or null when it got none. */
export function httpStatusOf(failure: CallFailure): number | null {
  return failure.kind === 'refused' || failure.kind === 'bad-answer' ? failure.status : null;
}

/**
 * The message of the API's error envelope `{ message }` in a parsed body: a text, or a list of
 * texts joined with ', '. Null when the body is not an envelope or its message is blank.
 */
export function envelopeMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('message' in body)) return null;
  const { message } = body;
  if (typeof message === 'string') return message.trim() || null;
  if (!Array.isArray(message)) return null;
  const parts = message.filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  return parts.length > 0 ? parts.join(', ') : null;
}

/** The JSON of a body's text, or undefined when it is not JSON. */
export function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
