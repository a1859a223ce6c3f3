import { describe, expect, it } from 'vitest';
import {
  ACCESS_REFUSALS,
  ACCESS_REFUSAL_REASONS,
  CALL_OUTCOMES,
  METERED_OUTCOMES,
  OUTCOME_LABELS,
  REFUSAL_REASONS,
  REFUSED_OUTCOMES,
  refusalReason,
  zeroOutcomes,
} from '@/domain/call-outcomes';

describe('call outcomes', () => {
  it('labels every outcome once, in words of its own', () => {
    expect(Object.keys(OUTCOME_LABELS).sort()).toEqual([...CALL_OUTCOMES].sort());
    expect(new Set(Object.values(OUTCOME_LABELS)).size).toBe(CALL_OUTCOMES.length);
  });

  it('counts every outcome from 0', () => {
    expect(Object.entries(zeroOutcomes())).toEqual(CALL_OUTCOMES.map((outcome) => [outcome, 0]));
  });

  it.each([
    ['answered', null, null],
    ['upstream_error', null, null],
    ['upstream_timeout', null, null],
    ['refused_method', null, REFUSAL_REASONS.refused_method],
    ['refused_quota', null, REFUSAL_REASONS.refused_quota],
    ['refused_rate', null, REFUSAL_REASONS.refused_rate],
    ['refused_allow_list', null, REFUSAL_REASONS.refused_allow_list],
    ['refused_allow_list', 'domains', ACCESS_REFUSAL_REASONS.domains],
    ['refused_allow_list', 'ips', ACCESS_REFUSAL_REASONS.ips],
    ['refused_allow_list', 'cidrs', ACCESS_REFUSAL_REASONS.cidrs],
  ] as const)('says why a %s call (%s) was refused', (outcome, list, reason) => {
    expect(refusalReason(outcome, list)).toBe(reason);
  });

  it('gives every refusal, and every allow-list, a reason of its own', () => {
    expect(REFUSED_OUTCOMES.every((outcome) => (METERED_OUTCOMES as readonly string[]).includes(outcome))).toBe(true);
    const reasons = [
      ...REFUSED_OUTCOMES.map((outcome) => REFUSAL_REASONS[outcome]),
      ...ACCESS_REFUSALS.map((list) => ACCESS_REFUSAL_REASONS[list]),
    ];
    expect(new Set(reasons).size).toBe(REFUSED_OUTCOMES.length + ACCESS_REFUSALS.length);
  });
});
