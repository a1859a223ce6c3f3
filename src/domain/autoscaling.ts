/**
 * The autoscaling settings of SPEC.md "Autoscaling settings UI" and §9: a percentage from 0 to 100
 * (25 at first), the message for each range, and the 20 % premium autoscaled usage is billed at.
 */
export const AUTOSCALING_MIN = 0;
export const AUTOSCALING_MAX = 100;
/** SPEC.md §9: "initial autoscaling value 25 percent". */
export const AUTOSCALING_INITIAL = 25;
/** SPEC.md §9: "Autoscaling usage billed at a 20% premium". */
export const AUTOSCALING_PREMIUM_PERCENT = 20;

/** The five ranges of SPEC.md: 0; 1-25; 26-50; 51-75; 76-100. */
export type AutoscalingLevel = 'none' | 'limited' | 'moderate' | 'high' | 'maximum';

/** A whole percentage within 0-100; anything unreadable (NaN) is 0, the safe value: no autoscaling. */
export function clampAutoscalingPercent(value: number): number {
  if (Number.isNaN(value)) return AUTOSCALING_MIN;
  return Math.min(AUTOSCALING_MAX, Math.max(AUTOSCALING_MIN, Math.round(value)));
}

export function autoscalingLevel(percent: number): AutoscalingLevel {
  const value = clampAutoscalingPercent(percent);
  if (value === 0) return 'none';
  if (value <= 25) return 'limited';
  if (value <= 50) return 'moderate';
  if (value <= 75) return 'high';
  return 'maximum';
}

const LEVEL_TITLES: Record<AutoscalingLevel, string> = {
  none: 'No autoscaling',
  limited: 'Limited autoscaling',
  moderate: 'Moderate autoscaling',
  high: 'High autoscaling',
  maximum: 'Maximum autoscaling',
};

/** 'Limited autoscaling', shown as the message's title. */
export function autoscalingTitle(percent: number): string {
  return LEVEL_TITLES[autoscalingLevel(percent)];
}

/** The sentence under the slider for a percentage (SPEC.md's five messages). */
export function autoscalingMessage(percent: number): string {
  const value = clampAutoscalingPercent(percent);
  const grow = `your rate limit can grow by up to ${value}% during traffic spikes`;
  switch (autoscalingLevel(value)) {
    case 'none':
      return "No autoscaling: requests above your plan's rate limit are refused until traffic slows down.";
    case 'limited':
      return `Limited autoscaling: ${grow}, enough for short bursts.`;
    case 'moderate':
      return `Moderate autoscaling: ${grow}, for busy periods.`;
    case 'high':
      return `High autoscaling: ${grow}, for sustained heavy traffic.`;
    case 'maximum':
      return `Maximum autoscaling: ${grow}, the most capacity we can add; watch your credits.`;
  }
}

/** The slider's spoken value: '25% (Limited autoscaling)'. */
export function autoscalingValueText(percent: number): string {
  const value = clampAutoscalingPercent(percent);
  return `${value}% (${autoscalingTitle(value)})`;
}

export const AUTOSCALING_PREMIUM_TEXT = `Usage served by autoscaling is billed at a ${AUTOSCALING_PREMIUM_PERCENT}% premium over your plan's rate.`;
export const AUTOSCALING_FREE_TEXT = 'Autoscaling is not available on free plans. Upgrade to a paid plan to use it.';
export const AUTOSCALING_OFF_TEXT = 'Autoscaling is disabled: the percentage applies once you enable it.';
export const AUTOSCALING_SAVED_TEXT = 'Autoscaling settings saved.';
export const AUTOSCALING_SAVE_FALLBACK = 'Failed to save the autoscaling settings. Please try again.';

/** What the form sends on Save Settings. */
export interface AutoscalingSettings {
  percent: number;
  enabled: boolean;
}
