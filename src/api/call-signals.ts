/**
 * The two ways a call stops before its answer: the caller's abort (nobody listens any more) and
 * a time-out (the call got no answer in time).
 */

/** The caller aborted (the machine left the state, the query was cancelled): nobody listens any more. */
export const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

/**
 * Runs `call` with a signal that aborts when the caller's does, or after `ms` with a TimeoutError
 * (which the API client reports as no answer, unlike the caller's abort). Written with a plain timer
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
