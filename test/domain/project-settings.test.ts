import { describe, expect, it } from 'vitest';
import { NAME_HIDDEN_CHARACTERS } from '@/domain/name-characters';
import {
  DEMO_PLAN_FEATURES,
  PROJECT_NAME_BLANK,
  PROJECT_NAME_MAX_LENGTH,
  PROJECT_NAME_TOO_LONG,
  autoscalingLocked,
  demoRenewalDate,
  isBlankProjectName,
  isPlanView,
  normalizeProjectName,
  offersInviteUpgrade,
  planFeatures,
  planShown,
  planViewLabels,
  projectIdFor,
  projectNameProblem,
} from '@/domain/project-settings';
import { accountPlanOf } from '../support/plan-fixtures';

describe('project name', () => {
  it.each([
    ['Payments API', 'Payments API', false],
    ['  Payments API ', 'Payments API', false],
    ['', '', true],
    ['   ', '', true],
    ['\t\n', '', true],
    [' a ', 'a', false],
  ])('%j → %j (blank: %s)', (draft, stored, blank) => {
    expect(normalizeProjectName(draft)).toBe(stored);
    expect(isBlankProjectName(draft)).toBe(blank);
  });
});

describe('projectNameProblem: the one rule of the field and of PATCH /project', () => {
  const longest = 'n'.repeat(PROJECT_NAME_MAX_LENGTH);
  it.each([
    ['Payments API', null],
    [`  ${longest}  `, null],
    ['', PROJECT_NAME_BLANK],
    [' \t ', PROJECT_NAME_BLANK],
    [`${longest}x`, PROJECT_NAME_TOO_LONG],
    ['Payroll\u202Egnp.exe', NAME_HIDDEN_CHARACTERS],
    ['line\nbreak', NAME_HIDDEN_CHARACTERS],
    ['zero\u200Bwidth', NAME_HIDDEN_CHARACTERS],
    ['  Trailing newline trimmed\n', null],
    ['Проект 🚀', null],
  ])('%j → %j', (draft, problem) => {
    expect(projectNameProblem(draft)).toBe(problem);
  });

  it('names the limit in its message', () => {
    expect(PROJECT_NAME_MAX_LENGTH).toBe(64);
    expect(PROJECT_NAME_TOO_LONG).toBe('A project name can have at most 64 characters.');
  });
});

describe('projectIdFor', () => {
  it.each([
    [1, 'prj_00000001'],
    [42, 'prj_00000042'],
    [123456789, 'prj_123456789'],
    [0, 'prj_00000000'],
  ])('user %d → %s', (id, projectId) => {
    expect(projectIdFor(id)).toBe(projectId);
  });
});

describe('plan view', () => {
  it.each([
    ['account', true],
    ['premiumDemo', true],
    ['premium', false],
    [null, false],
  ])('%j is a plan view: %s', (value, known) => {
    expect(isPlanView(value)).toBe(known);
  });

  it('lists the Professional demo features of SPEC.md word for word', () => {
    expect(DEMO_PLAN_FEATURES).toEqual(['5M credits per month', 'unlimited API keys', 'advanced analytics', '24/7 priority support']);
  });

  it.each([
    ['2025-02-07T10:00:00.000Z', '2025-03-07T10:00:00.000Z'],
    ['2025-01-31T10:00:00.000Z', '2025-02-28T10:00:00.000Z'],
    ['2024-01-31T10:00:00.000Z', '2024-02-29T10:00:00.000Z'],
    ['2025-12-15T00:00:00.000Z', '2026-01-15T00:00:00.000Z'],
  ])('the demo renews a month after %s: %s', (now, renewal) => {
    expect(demoRenewalDate(new Date(now)).toISOString()).toBe(renewal);
  });

  it.each([
    [{ credit: 500000, rate: 10, maxKey: 1 }, ['500,000 credits per month', '10 requests per second', '1 API key']],
    [{ credit: 1500000, rate: 50, maxKey: 10 }, ['1,500,000 credits per month', '50 requests per second', '10 API keys']],
    [{ credit: null, rate: null, maxKey: null }, ['unlimited credits', 'unlimited requests per second', 'unlimited API keys']],
  ])('a real plan %j lists %j', (plan, features) => {
    expect(planFeatures(plan)).toEqual(features);
  });
});

describe('autoscalingLocked (SPEC.md §6: free plans cannot use autoscaling)', () => {
  it.each([
    ['account', 'Free', true],
    ['account', undefined, true],
    ['account', 'Developer', false],
    ['account', 'Enterprise', false],
    ['premiumDemo', 'Free', false],
    ['premiumDemo', undefined, false],
    ['premiumDemo', 'Business', false],
  ] as const)('%s view on %j → locked: %s', (view, plan, locked) => {
    expect(autoscalingLocked(view, plan && accountPlanOf(plan))).toBe(locked);
  });
});

describe("the plan view toggle follows the user's real plan", () => {
  it.each([
    ['Free', 'Free Plan View'],
    ['Developer', 'Developer Plan View'],
    ['Enterprise', 'Enterprise Plan View'],
    [null, 'Your Plan View'],
    [undefined, 'Your Plan View'],
  ])('%j → %j, beside the Premium Plan Demo', (plan, label) => {
    expect(planViewLabels(plan)).toEqual({ account: label, premiumDemo: 'Premium Plan Demo' });
  });
});

describe('the plan shown, and whether the invite card offers an upgrade (SPEC.md §6: invites are 0 on Free)', () => {
  it.each([
    ['account', 'Free', 'Free', true],
    ['account', 'Developer', 'Developer', false],
    ['account', 'Professional', 'Professional', false],
    ['account', 'Enterprise', 'Enterprise', false],
    // Not known yet: nothing is offered that may have to be taken back.
    ['account', undefined, null, false],
    // The demo is Professional: never told to upgrade, whatever the account's plan.
    ['premiumDemo', 'Free', 'Professional', false],
    ['premiumDemo', undefined, 'Professional', false],
  ] as const)('%s view on %j shows %j; upgrade offered: %j', (view, plan, shown, offered) => {
    expect(planShown(view, plan && accountPlanOf(plan))?.name ?? null).toBe(shown);
    expect(offersInviteUpgrade(view, plan && accountPlanOf(plan))).toBe(offered);
  });
});
