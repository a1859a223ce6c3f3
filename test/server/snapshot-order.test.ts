import { describe, expect, it } from 'vitest';
import { mayFollow } from '@server/payments/snapshot-order';

const day = 24 * 60 * 60_000;
const start = new Date('2026-11-01T00:00:00Z');
const state = (status: 'active' | 'past_due' | 'canceled', periodOffsetDays = 0, lengthDays = 30) => ({
  status,
  currentPeriodStart: new Date(start.getTime() + periodOffsetDays * day),
  currentPeriodEnd: new Date(start.getTime() + (periodOffsetDays + lengthDays) * day),
});

describe('mayFollow: two states of one subscription in the same second', () => {
  it.each([
    ['a cancellation follows an active state', state('active'), state('canceled'), true],
    ['an active state never follows a cancellation', state('canceled'), state('active'), false],
    ['nor a past-due one', state('canceled'), state('past_due', 30), false],
    ['a cancellation after a cancellation (a replay of the state)', state('canceled'), state('canceled'), true],
    ['a renewal follows the period before it', state('active'), state('active', 30), true],
    ['the period before never follows its renewal', state('active', 30), state('past_due'), false],
    ['a longer period from the same start (a switch to yearly) follows', state('active', 0, 30), state('active', 0, 365), true],
    ['the shorter one does not follow it', state('active', 0, 365), state('active', 0, 30), false],
    ['fields that cannot tell them apart keep the order of arrival', state('past_due'), state('active'), true],
    ['either way', state('active'), state('past_due'), true],
  ])('%s', (_, stored, incoming, follows) => {
    expect(mayFollow(stored, incoming)).toBe(follows);
  });
});
