import { describe, expect, it } from 'vitest';
import { CREDITS_PER_NOTIFICATION, creditsFor } from '@/domain/credits';
import { EMPTY_TALLY, notificationAnnouncement, subscriptionCredits } from '@/domain/subscription-tally';

describe('what a subscription cost and received', () => {
  it.each([
    [EMPTY_TALLY, 0],
    [{ notifications: 0, subscribes: 1, unsubscribes: 0 }, 20],
    [{ notifications: 2, subscribes: 1, unsubscribes: 0 }, 60],
    [{ notifications: 2, subscribes: 1, unsubscribes: 1 }, 80],
    [{ notifications: 10, subscribes: 2, unsubscribes: 1 }, 260],
  ])('%j costs %i credits', (tally, credits) => {
    expect(subscriptionCredits(tally)).toBe(credits);
    expect(subscriptionCredits(tally)).toBe(
      tally.notifications * CREDITS_PER_NOTIFICATION +
        tally.subscribes * creditsFor('eth_subscribe') +
        tally.unsubscribes * creditsFor('eth_unsubscribe'),
    );
  });

  it.each([
    [0, ''],
    [1, 'First notification received.'],
    [2, 'First notification received.'],
    [9, 'First notification received.'],
    [10, '10 notifications received.'],
    [19, '10 notifications received.'],
    [20, '20 notifications received.'],
    [1_234, '1230 notifications received.'],
  ])('after %i notifications the live region says %j', (count, text) => {
    expect(notificationAnnouncement(count)).toBe(text);
  });

  it('speaks at most once per 10 notifications after the first: 11 times for 100 blocks', () => {
    const spoken = new Set(Array.from({ length: 100 }, (_, i) => notificationAnnouncement(i + 1)));
    expect(spoken.size).toBe(11);
  });
});
