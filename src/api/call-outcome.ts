import type { ApiFailure } from '@/domain/auth-errors';

/**
 * What every API call module shares: how a call that got no answer, an abort, a refusal and a
 * time-out are told apart.
 */

/** The caller aborted (the machine left the state, the query was cancelled): nobody listens any more. */
export const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

/** The server's `{ message }` envelope when the body has one; anything else (HTML, text) has none. */
function messageIn(body: unknown): ApiFailure['message'] {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  const { message } = body;
  if (typeof message === 'string') return message;
  if (Array.isArray(message)) return message.filter((m): m is string => typeof m === 'string');
  return undefined;
}

/** One place turns a failed call into an ApiFailure. */
export const failureOf = (response: Response, body: unknown): ApiFailure => ({
  status: response.status,
  message: messageIn(body),
});

/**
 * Awaits a call; a fetch that never got a response (offline, DNS, refused, CORS, timed out) becomes
 * a failure without status (null). An abort by the caller is rethrown as is.
 */
export async function reach<T>(call: Promise<T>, describe: (failure: ApiFailure) => string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new Error(describe({ status: null }));
  }
}

/**
 * A refused call whose text is the screen's, keeping the HTTP status under the name the API's
 * error envelope uses, so SessionExpiryWatcher (src/app/session-expiry.tsx) sees a 401 from any
 * query, whatever its queryFn throws.
 */
export class RefusedCall extends Error {
  override readonly name = 'RefusedCall';

  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

/**
 * Runs `call` with a signal that aborts when the caller's does, or after `ms` with a TimeoutError
 * (which `reach` reports as no response, unlike the caller's abort). Written with a plain timer
 * rather than AbortSignal.any, which is newer than the browsers of the build target (Chrome 116,
 * Safari 17.4 lack it); the timer and the listener go once the call settles.
 */
export async function withTimeout<T>(signal: AbortSignal | undefined, ms: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const follow = () => controller.abort(signal?.reason);
  const timer = setTimeout(() => controller.abort(new DOMException(`No answer within ${ms} ms`, 'TimeoutError')), ms);
  if (signal?.aborted) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  try {
    return await call(controller.signal);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', follow);
  }
}
