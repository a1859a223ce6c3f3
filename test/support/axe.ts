import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** axe-core's browser bundle, read once. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules of WCAG 2.1 A and AA, the level the dashboard is held to. */
const wcag21aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

function isViolationList(value: unknown): value is AxeViolation[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && 'id' in item && 'nodes' in item);
}

/**
 * The WCAG 2.1 AA violations axe-core finds on the page as it stands, one line each with the
 * elements concerned ('color-contrast (serious): Elements must meet minimum color contrast ratio
 * thresholds — #id'). Evaluated through the DevTools protocol, so the page's CSP (no inline
 * scripts) does not stand in the way.
 */
export async function wcagViolations(page: Page): Promise<string[]> {
  // Mid-animation (a drawer or modal fading in) colours are not those a user reads.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.evaluate(axeSource);
  const violations: unknown = await page.evaluate(async (tags) => {
    const axe: unknown = Reflect.get(window, 'axe');
    if (typeof axe !== 'object' || axe === null || !('run' in axe) || typeof axe.run !== 'function')
      throw new Error('axe-core did not load');
    const result: unknown = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return typeof result === 'object' && result !== null ? Reflect.get(result, 'violations') : undefined;
  }, wcag21aa);
  if (!isViolationList(violations)) throw new Error('axe-core answered no list of violations');
  return violations.map(
    ({ id, impact, help, nodes }) =>
      `${id} (${impact ?? 'unknown'}): ${help} — ${nodes.map((node) => `${JSON.stringify(node.target)} ${node.failureSummary ?? ''}`).join('; ')}`,
  );
}
