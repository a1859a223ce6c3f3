/**
 * The grace period of a failed renewal: a past-due subscription keeps its plan for `graceDays`
 * from its first failed payment, then ends. One rule for what the API shows (graceEndsAt), what
 * the customer portal shows and what the sweep that ends subscriptions decides.
 */

const dayMs = 24 * 60 * 60_000;

export interface GraceState {
  readonly status: 'active' | 'past_due' | 'canceled';
  /** The first failed payment of the current unpaid period; null when nothing is owed. */
  readonly pastDueSince: Date | null;
}

/** When the plan ends unless the renewal is paid; null when nothing is owed. */
export function graceEndsAt(state: GraceState, graceDays: number): Date | null {
  if (state.status !== 'past_due' || state.pastDueSince === null) return null;
  return new Date(state.pastDueSince.getTime() + graceDays * dayMs);
}

/** True when the subscription is still unpaid and its grace period is over at `now`. */
export function graceHasEnded(state: GraceState, graceDays: number, now: Date): boolean {
  const ends = graceEndsAt(state, graceDays);
  return ends !== null && ends.getTime() <= now.getTime();
}
