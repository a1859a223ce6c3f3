import { hiddenCharactersProblem } from './name-characters';
import { demoPlan, type Entitlements } from './plan-catalog';
import { formatLimit } from './plan-display';

/**
 * The project of SPEC.md "Settings (demo)": one project per account, its name, its ID, its one user
 * (the owner, §6) and no invites; and the plan the screen shows (§4 "Plan view in settings").
 */

/** The name a project has until its owner renames it. */
export const DEFAULT_PROJECT_NAME = 'My Project';
export const PROJECT_NAME_MAX_LENGTH = 64;
export const PROJECT_NAME_BLANK = 'A project name cannot be empty.';
export const PROJECT_NAME_SAVE_FALLBACK = 'Failed to save the project name. Please try again.';
export const PROJECT_LOAD_FALLBACK = 'Failed to load your project. Please try again.';

/** The name as it is stored: without the spaces around it. */
export function normalizeProjectName(draft: string): string {
  return draft.trim();
}

/** SPEC.md: "an empty name is ignored": blank (or only spaces) is never saved. */
export function isBlankProjectName(draft: string): boolean {
  return normalizeProjectName(draft) === '';
}

export const PROJECT_NAME_TOO_LONG = `A project name can have at most ${PROJECT_NAME_MAX_LENGTH} characters.`;

/**
 * Why a name cannot be stored, or null when it can: the one rule of the editor and of PATCH /project.
 * Counted in UTF-16 units once trimmed, as the field's maxLength counts; no control or invisible
 * formatting character (./name-characters.ts).
 */
export function projectNameProblem(draft: string): string | null {
  const name = normalizeProjectName(draft);
  if (name === '') return PROJECT_NAME_BLANK;
  if (name.length > PROJECT_NAME_MAX_LENGTH) return PROJECT_NAME_TOO_LONG;
  return hiddenCharactersProblem(name);
}

/**
 * The project's ID, from the account's (User.id): the project is the account's own, so it is as
 * stable as the account. 'prj_00000042' for user 42.
 */
export function projectIdFor(userId: number): string {
  return `prj_${String(Math.max(0, Math.trunc(userId))).padStart(8, '0')}`;
}

/** The account id a project ID names ('prj_00000042' → 42), or null when it is not a project ID (the X-Project header). */
export function projectNumberOf(projectId: string): number | null {
  const match = /^prj_([0-9]{1,10})$/.exec(projectId);
  const id = match?.[1] === undefined ? Number.NaN : Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** SPEC.md §6: the only project role shown is Owner, with no actions. */
export const OWNER_ROLE = 'Owner';
export const NO_ACTIONS = 'No actions available';
/** SPEC.md §6: "invites are 0 on Free"; inviting is not built, so no plan has any yet. */
export const INVITES_LEFT = 0;

/** The two positions of the settings toggle: the account as it is, or the Professional demo. */
export type PlanView = 'account' | 'premiumDemo';
export const PLAN_VIEWS: readonly PlanView[] = ['account', 'premiumDemo'];
export const PREMIUM_DEMO_LABEL = 'Premium Plan Demo';

/**
 * The toggle's labels: the account's side names the user's real plan ('Free Plan View' on Free,
 * as SPEC.md words it; 'Enterprise Plan View' on Enterprise), 'Your Plan View' until it is known.
 */
export function planViewLabels(accountPlan: string | null | undefined): Record<PlanView, string> {
  return { account: `${accountPlan?.trim() || 'Your'} Plan View`, premiumDemo: PREMIUM_DEMO_LABEL };
}

/** What the settings screen needs of the account's plan (GET /users/plan): its name and what it unlocks. */
export interface AccountPlan {
  readonly name: string;
  readonly entitlements: Entitlements;
}

/** The plan the screen shows: the demo's (the plan table's demo plan), or the account's (null until it is known). */
export function planShown(view: PlanView, accountPlan: AccountPlan | null | undefined): AccountPlan | null {
  return view === 'premiumDemo' ? demoPlan : (accountPlan ?? null);
}

/**
 * SPEC.md §6: "invites are 0 on Free", so the invite card offers an upgrade only when the plan
 * shown lacks the invites entitlement (Free). A plan with it (the Professional demo, Enterprise
 * above all) is never told to upgrade for invites; nor is a plan not known yet.
 */
export function offersInviteUpgrade(view: PlanView, accountPlan: AccountPlan | null | undefined): boolean {
  const shown = planShown(view, accountPlan);
  return shown !== null && !shown.entitlements.invites;
}

export function isPlanView(value: string | null): value is PlanView {
  return value === 'account' || value === 'premiumDemo';
}

export const DEMO_PLAN_FEATURES = ['5M credits per month', 'unlimited API keys', 'advanced analytics', '24/7 priority support'] as const;

/** The demo's renewal date: a month after `now` (the last day of a shorter month when the day is missing there). */
export function demoRenewalDate(now: Date): Date {
  const next = new Date(now.getTime());
  const day = now.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** A real plan's figures as the Current Plan card lists them. */
export function planFeatures(plan: { credit: number | null; rate: number | null; maxKey: number | null }): string[] {
  return [
    plan.credit === null ? 'unlimited credits' : `${formatLimit(plan.credit)} credits per month`,
    plan.rate === null ? 'unlimited requests per second' : `${formatLimit(plan.rate)} requests per second`,
    plan.maxKey === null ? 'unlimited API keys' : `${formatLimit(plan.maxKey)} API ${plan.maxKey === 1 ? 'key' : 'keys'}`,
  ];
}

/**
 * SPEC.md §6: free plans cannot use autoscaling: the form is locked unless the plan shown has the
 * autoscaling entitlement. The Premium Plan Demo shows the settings of a Professional plan, so a
 * visitor on Free can try the form there; the account's own view follows the real plan (a plan not
 * known yet unlocks nothing).
 */
export function autoscalingLocked(view: PlanView, accountPlan: AccountPlan | null | undefined): boolean {
  return !(planShown(view, accountPlan)?.entitlements.autoscaling ?? false);
}
