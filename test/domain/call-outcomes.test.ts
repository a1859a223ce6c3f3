import { describe, expect, it } from 'vitest';
import { CALL_OUTCOMES, OUTCOME_LABELS, zeroOutcomes } from '@/domain/call-outcomes';

describe('call outcomes', () => {
  it('labels every outcome once, in words of its own', () => {
    expect(Object.keys(OUTCOME_LABELS).sort()).toEqual([...CALL_OUTCOMES].sort());
    expect(new Set(Object.values(OUTCOME_LABELS)).size).toBe(CALL_OUTCOMES.length);
  });

  it('counts every outcome from 0', () => {
    expect(Object.entries(zeroOutcomes())).toEqual(CALL_OUTCOMES.map((outcome) => [outcome, 0]));
  });
});
