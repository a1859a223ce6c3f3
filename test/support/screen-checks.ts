import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { wcagViolations } from './axe';
import { horizontalOverflow } from './page';
import { screenshot } from './screenshots';

/**
 * No WCAG 2.1 AA violation on the page as it stands. `soft`: a violation fails the test, and the
 * rest of a long story still runs and says what else is wrong.
 */
export async function expectNoViolations(page: Page, where: string, { soft = false } = {}): Promise<void> {
  const violations = await wcagViolations(page);
  (soft ? expect.soft : expect)(violations, `WCAG 2.1 AA violations on ${where}`).toEqual([]);
}

/** Nothing is wider than the window: the page does not scroll sideways. */
export async function expectNoOverflow(page: Page, where: string): Promise<void> {
  expect(await horizontalOverflow(page), `horizontal overflow on ${where}`).toBeLessThanOrEqual(0);
}

/** Looks at a screen as it stands: the width, axe, and a screenshot named `shot`. */
export async function checkScreen(page: Page, where: string, shot: string): Promise<void> {
  await expectNoOverflow(page, where);
  await expectNoViolations(page, where);
  await screenshot(page, shot);
}
