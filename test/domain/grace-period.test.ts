import { describe, expect, it } from 'vitest';
import { graceEndsAt, graceHasEnded, type GraceState } from '@/domain/grace-period';

const failed = new Date('2026-11-02T10:00:00Z');
const day = 24 * 60 * 60_000;
const at = (offsetMs: number) => new Date(failed.getTime() + offsetMs);

describe('graceEndsAt and graceHasEnded', () => {
  it.each<[string, GraceState, number, Date, Date | null, boolean]>([
    ['past due, within the grace period', { status: 'past_due', pastDueSince: failed }, 7, at(6 * day), at(7 * day), false],
    ['past due, at the end of the grace period', { status: 'past_due', pastDueSince: failed }, 7, at(7 * day), at(7 * day), true],
    ['past due, after it', { status: 'past_due', pastDueSince: failed }, 7, at(8 * day), at(7 * day), true],
    ['past due with no grace at all', { status: 'past_due', pastDueSince: failed }, 0, failed, failed, true],
    ['past due, a millisecond before a zero grace', { status: 'past_due', pastDueSince: failed }, 0, at(-1), failed, false],
    ['paid again (active): nothing ends', { status: 'active', pastDueSince: null }, 0, at(30 * day), null, false],
    ['active with a stale date: nothing ends', { status: 'active', pastDueSince: failed }, 0, at(30 * day), null, false],
    ['cancelled already: nothing ends again', { status: 'canceled', pastDueSince: failed }, 0, at(30 * day), null, false],
    ['past due without a date (never recorded): nothing ends', { status: 'past_due', pastDueSince: null }, 0, at(30 * day), null, false],
  ])('%s', (_, state, graceDays, now, ends, ended) => {
    expect(graceEndsAt(state, graceDays)).toEqual(ends);
    expect(graceHasEnded(state, graceDays, now)).toBe(ended);
  });
});
