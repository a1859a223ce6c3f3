import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Schemas } from '@/api/client';
import { $api } from '@/api/query-hooks';
import { queryClient } from '@/app/query-client';
import { planOf } from '@/domain/plan-catalog';
import { FAQ_SECTION_TITLES, faqSections } from '@/domain/faq';
import SupportPage from '@/views/support/support-page';
import { renderInApp } from './app-harness';
import { seedConfig, unseedConfig } from './seed-config';
import { seedQuery } from './seed-queries';
import { testConfig } from '../support/test-config';

afterEach(() => {
  queryClient.clear();
  unseedConfig();
});

const PAID_ONLY = 'Chat support is available for paid plans';

function seedPlan(name: Schemas['PlanName']) {
  seedQuery($api.queryOptions('get', '/users/plan').queryKey, {
    id: 1,
    name,
    description: '',
    price: 0,
    credit: 500_000,
    rate: 10,
    maxKey: 3,
    billingFrequency: 'MONTHLY',
    entitlements: planOf(name).entitlements,
  } satisfies Schemas['UserPlan']);
}

function renderSupport(plan: Schemas['PlanName'] | null = 'Free') {
  seedConfig();
  if (plan === null) queryClient.setQueryDefaults(['get', '/users/plan'], { retry: false });
  else seedPlan(plan);
  return renderInApp(<SupportPage />, { path: '/support' });
}

const card = (name: string) => screen.getByRole('article', { name });
const section = (title: string) => screen.getByRole('region', { name: title });
const question = (title: string, name: string | RegExp) => within(section(title)).getByRole('button', { name });
const expanded = (trigger: HTMLElement) => trigger.getAttribute('aria-expanded') === 'true';

/** The link of a card: opens `href` in a new tab without a handle on the dashboard, and says so. */
function expectNewTabLink(link: HTMLElement, href: string) {
  expect(link.getAttribute('href')).toBe(href);
  expect(link.getAttribute('target')).toBe('_blank');
  expect(link.getAttribute('rel')).toBe('noopener noreferrer');
}

describe('support screen: header and cards', () => {
  it('has one h1, its page title, and the four cards', () => {
    renderSupport();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Support']);
    expect(document.title).toBe('Support | Test RPC');
    for (const name of ['Chat Support', 'Documentation', 'Discord', 'Telegram']) expect(card(name)).toBeTruthy();
  });

  it('opens Documentation, Discord and Telegram at the configured addresses in a new tab', () => {
    renderSupport();
    expectNewTabLink(
      within(card('Documentation')).getByRole('link', { name: 'Read the docs (opens in a new tab)' }),
      testConfig.documentationUrl,
    );
    expectNewTabLink(within(card('Discord')).getByRole('link', { name: 'Join Discord (opens in a new tab)' }), testConfig.discordUrl);
    expectNewTabLink(within(card('Telegram')).getByRole('link', { name: 'Open Telegram (opens in a new tab)' }), testConfig.telegramUrl);
  });

  it("on Free, Chat Support is disabled and says 'Chat support is available for paid plans'", () => {
    renderSupport('Free');
    const chat = card('Chat Support');
    const button = within(chat).getByRole('button', { name: 'Start a chat' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(within(chat).getByText(PAID_ONLY)).toBeTruthy();
    expect(button.getAttribute('aria-describedby')).toBe('chat-support-status');
    expect(document.getElementById('chat-support-status')?.textContent).toBe(PAID_ONLY);
    expect(within(chat).queryByRole('link')).toBeNull();
  });

  it.each(['Developer', 'Business', 'Professional', 'Enterprise'] as const)(
    'on %s, Chat Support opens the configured support address in a new tab',
    (plan) => {
      renderSupport(plan);
      const chat = card('Chat Support');
      expectNewTabLink(within(chat).getByRole('link', { name: 'Start a chat (opens in a new tab)' }), testConfig.supportUrl);
      expect(within(chat).queryByText(PAID_ONLY)).toBeNull();
    },
  );

  it('unlocks nothing before the plan is known, and offers Retry when it could not be loaded', async () => {
    // No API server in jsdom: the plan's real query fails.
    renderSupport(null);
    const chat = card('Chat Support');
    expect(within(chat).getByRole('button', { name: 'Start a chat' }).hasAttribute('disabled')).toBe(true);
    expect(within(chat).getByText('Checking your plan...')).toBeTruthy();
    const retry = await within(chat).findByRole('button', { name: 'Retry' });
    expect(within(chat).getByText(/Your plan could not be loaded/)).toBeTruthy();
    expect(within(chat).queryByRole('link')).toBeNull();
    await userEvent.click(retry);
    // Asking again: the card checks the plan again, then fails again without a server.
    await within(chat).findByRole('button', { name: 'Retry' });
    // The FAQ does not wait for the plan.
    expect(section('Error Codes')).toBeTruthy();
  });

  it('keeps the cards without the configuration: Documentation goes to /docs, the others wait disabled', () => {
    seedPlan('Developer');
    renderInApp(<SupportPage />, { path: '/support' });
    expect(within(card('Documentation')).getByRole('link', { name: 'Read the docs (opens in a new tab)' }).getAttribute('href')).toBe(
      '/docs',
    );
    expect(within(card('Discord')).getByRole('button', { name: 'Join Discord' }).hasAttribute('disabled')).toBe(true);
    expect(within(card('Telegram')).getByRole('button', { name: 'Open Telegram' }).hasAttribute('disabled')).toBe(true);
    expect(within(card('Chat Support')).getByRole('button', { name: 'Start a chat' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('support screen: the FAQ', () => {
  it("shows SPEC.md's seven sections in order, each with its questions, all closed", () => {
    renderSupport();
    const faq = screen.getByRole('region', { name: 'Frequently Asked Questions' });
    expect(
      within(faq)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([...FAQ_SECTION_TITLES]);
    for (const { title, items } of faqSections()) {
      const triggers = within(section(title)).getAllByRole('button');
      expect(triggers.map((trigger) => trigger.textContent)).toEqual(items.map((item) => item.question));
      expect(triggers.some(expanded)).toBe(false);
    }
  });

  it('opens one answer at a time per section, and closes the open one again (mouse)', async () => {
    const user = userEvent.setup();
    renderSupport();
    const rates = question('Limits & Endpoints', 'What are the rate limits?');
    const credits = question('Limits & Endpoints', 'How are credits counted?');
    await user.click(rates);
    expect(expanded(rates)).toBe(true);
    expect(
      within(section('Limits & Endpoints')).getByText(/Free 10, Developer 50, Business 200, Professional 500 requests per second/),
    ).toBeTruthy();
    await user.click(credits);
    expect(expanded(credits)).toBe(true);
    expect(expanded(rates)).toBe(false);
    // Another section keeps its own open answer.
    const refunds = question('Subscriptions & Billing', 'Can I get a refund?');
    await user.click(refunds);
    expect(expanded(refunds)).toBe(true);
    expect(expanded(credits)).toBe(true);
    expect(within(section('Subscriptions & Billing')).getByText(/evaluated within 7 days/)).toBeTruthy();
    await user.click(credits);
    expect(expanded(credits)).toBe(false);
  });

  it('works by keyboard: Tab reaches each question, Enter and Space open and close, arrows, Home and End move', async () => {
    const user = userEvent.setup();
    renderSupport();
    const errors = faqSections().find((candidate) => candidate.title === 'Error Codes');
    const triggers = within(section('Error Codes')).getAllByRole('button');
    const first = triggers[0];
    const second = triggers[1];
    const last = triggers.at(-1);
    if (!errors || !first || !second || !last) throw new Error('the Error Codes section has no questions');
    first.focus();
    await user.keyboard('{Enter}');
    expect(expanded(first)).toBe(true);
    expect(within(section('Error Codes')).getByText(/Invalid API key/)).toBeTruthy();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(second);
    await user.keyboard(' ');
    expect(expanded(second)).toBe(true);
    expect(expanded(first)).toBe(false);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(last);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(first);
    second.focus();
    await user.keyboard('{Enter}');
    expect(expanded(second)).toBe(false);
    // Every question is in the Tab order.
    first.focus();
    await user.tab();
    expect(document.activeElement).toBe(second);
    expect(triggers.map((trigger) => trigger.textContent)).toEqual(errors.items.map((item) => item.question));
  });
});
