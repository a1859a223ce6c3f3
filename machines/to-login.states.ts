/**
 * How a screen ends when it leads to /login after saying why (a failed sign-in callback, a reset
 * password): its message stays up for `redirectDelay`, then `redirected` runs `goToLogin` and the
 * machine is done. A machine names its message state and takes these two as its last states.
 */

/** How long the message stays up before /login (SPEC.md: three seconds). */
export const REDIRECT_DELAY_MS = 3000;

/** The state that shows the message: on to `redirected` after `redirectDelay`. */
export const messageShown = { after: { redirectDelay: { target: 'redirected' } } } as const;

/** The last state: `goToLogin`, final. */
export const redirectedToLogin = { type: 'final', entry: 'goToLogin' } as const;
