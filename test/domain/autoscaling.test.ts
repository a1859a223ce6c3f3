import { describe, expect, it } from 'vitest';
import {
  AUTOSCALING_INITIAL,
  AUTOSCALING_PREMIUM_TEXT,
  autoscalingLevel,
  autoscalingMessage,
  autoscalingTitle,
  autoscalingValueText,
  clampAutoscalingPercent,
} from '@/domain/autoscaling';

describe('clampAutoscalingPercent', () => {
  it.each([
    [25, 25],
    [0, 0],
    [100, 100],
    [-1, 0],
    [101, 100],
    [1e9, 100],
    [49.5, 50],
    [0.4, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 100],
    [Number.NEGATIVE_INFINITY, 0],
  ])('%d → %d', (value, clamped) => {
    expect(clampAutoscalingPercent(value)).toBe(clamped);
  });
});

describe('autoscalingLevel: the five ranges of SPEC.md (0; 1-25; 26-50; 51-75; 76-100)', () => {
  it.each([
    [0, 'none'],
    [1, 'limited'],
    [25, 'limited'],
    [26, 'moderate'],
    [50, 'moderate'],
    [51, 'high'],
    [75, 'high'],
    [76, 'maximum'],
    [100, 'maximum'],
    [150, 'maximum'],
    [-5, 'none'],
    // Rounded first: 25.4 is 25 on the slider, 25.6 is 26.
    [25.4, 'limited'],
    [25.6, 'moderate'],
  ] as const)('%d %% → %s', (percent, level) => {
    expect(autoscalingLevel(percent)).toBe(level);
  });
});

describe('autoscalingMessage', () => {
  it.each([
    [0, "No autoscaling: requests above your plan's rate limit are refused until traffic slows down."],
    [1, 'Limited autoscaling: your rate limit can grow by up to 1% during traffic spikes, enough for short bursts.'],
    [25, 'Limited autoscaling: your rate limit can grow by up to 25% during traffic spikes, enough for short bursts.'],
    [26, 'Moderate autoscaling: your rate limit can grow by up to 26% during traffic spikes, for busy periods.'],
    [50, 'Moderate autoscaling: your rate limit can grow by up to 50% during traffic spikes, for busy periods.'],
    [51, 'High autoscaling: your rate limit can grow by up to 51% during traffic spikes, for sustained heavy traffic.'],
    [75, 'High autoscaling: your rate limit can grow by up to 75% during traffic spikes, for sustained heavy traffic.'],
    [
      76,
      'Maximum autoscaling: your rate limit can grow by up to 76% during traffic spikes, the most capacity we can add; watch your credits.',
    ],
    [
      100,
      'Maximum autoscaling: your rate limit can grow by up to 100% during traffic spikes, the most capacity we can add; watch your credits.',
    ],
    [
      180,
      'Maximum autoscaling: your rate limit can grow by up to 100% during traffic spikes, the most capacity we can add; watch your credits.',
    ],
  ])('%d %%', (percent, message) => {
    expect(autoscalingMessage(percent)).toBe(message);
  });

  it('starts each message with its title, which names the range', () => {
    for (let percent = 0; percent <= 100; percent += 1) {
      expect(autoscalingMessage(percent).startsWith(`${autoscalingTitle(percent)}:`)).toBe(true);
    }
  });
});

describe('autoscalingValueText (what a screen reader says for the slider)', () => {
  it.each([
    [0, '0% (No autoscaling)'],
    [AUTOSCALING_INITIAL, '25% (Limited autoscaling)'],
    [60, '60% (High autoscaling)'],
  ])('%d → %s', (percent, text) => {
    expect(autoscalingValueText(percent)).toBe(text);
  });
});

describe('constants of SPEC.md §9', () => {
  it('starts at 25 % and notes the 20 % premium', () => {
    expect(AUTOSCALING_INITIAL).toBe(25);
    expect(AUTOSCALING_PREMIUM_TEXT).toContain('20% premium');
  });
});
