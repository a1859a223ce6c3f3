import { describe, expect, it } from 'vitest';
import { FAQ_SECTION_TITLES, type FaqSection, faqSections } from '@/domain/faq';
import {
  creditCostFigures,
  creditQuotaSentence,
  joinNames,
  keyLimitSentence,
  planListSentence,
  priceSentence,
  rateLimitFigures,
  rateLimitSentence,
} from '@/domain/faq-figures';
import { type CatalogPlan, planCatalog } from '@/domain/plan-catalog';

/** The plan table with one plan's figures changed: the FAQ must follow it. */
function withPlan(name: CatalogPlan['name'], change: Partial<CatalogPlan>): CatalogPlan[] {
  return planCatalog.map((plan) => (plan.name === name ? { ...plan, ...change } : plan));
}

const answerText = (section: FaqSection | undefined, id: string) =>
  section?.items
    .find((item) => item.id === id)
    ?.answer.flat()
    .join(' ') ?? '';

const allText = (sections: readonly FaqSection[]) =>
  sections.flatMap((section) => section.items.flatMap((item) => [item.question, ...item.answer.flat()])).join('\n');

describe('FAQ figures from the plan table', () => {
  it.each([
    [planCatalog, 'Free 10, Developer 50, Business 200, Professional 500 requests per second'],
    [withPlan('Developer', { ratePerSecond: 75 }), 'Free 10, Developer 75, Business 200, Professional 500 requests per second'],
    [withPlan('Professional', { ratePerSecond: null }), 'Free 10, Developer 50, Business 200 requests per second'],
  ])('rate limits of table %# read %j', (plans, expected) => {
    expect(rateLimitFigures(plans)).toBe(expected);
  });

  it.each([
    [planCatalog, 'Free 10, Developer 50, Business 200, Professional 500 requests per second. Enterprise has no fixed limit.'],
    [
      withPlan('Professional', { ratePerSecond: null }),
      'Free 10, Developer 50, Business 200 requests per second. Professional and Enterprise have no fixed limit.',
    ],
    [
      withPlan('Enterprise', { ratePerSecond: 1_000 }),
      'Free 10, Developer 50, Business 200, Professional 500, Enterprise 1,000 requests per second.',
    ],
  ])('rate-limit sentence of table %#', (plans, expected) => {
    expect(rateLimitSentence(plans)).toBe(expected);
  });

  it.each([
    [
      planCatalog,
      'Free 500,000, Developer 1,500,000, Business 3,000,000, Professional 5,000,000 credits a month. Enterprise has no fixed limit.',
    ],
    [
      withPlan('Free', { creditsPerMonth: 250_000 }),
      'Free 250,000, Developer 1,500,000, Business 3,000,000, Professional 5,000,000 credits a month. Enterprise has no fixed limit.',
    ],
  ])('credit quotas of table %#', (plans, expected) => {
    expect(creditQuotaSentence(plans)).toBe(expected);
  });

  it.each([
    [planCatalog, 'Free 3, Developer 10, Business 25 API keys. Professional and Enterprise have no fixed limit.'],
    [
      withPlan('Professional', { maxKeys: 100 }),
      'Free 3, Developer 10, Business 25, Professional 100 API keys. Enterprise has no fixed limit.',
    ],
  ])('key limits of table %#', (plans, expected) => {
    expect(keyLimitSentence(plans)).toBe(expected);
  });

  it.each([
    [
      planCatalog,
      'Free $0.00, Developer $49.00, Business $249.00, Professional $499.00 a month; paid yearly, a plan costs 12 months less 10%.',
    ],
    [
      withPlan('Business', { monthlyPriceUsd: 199 }),
      'Free $0.00, Developer $49.00, Business $199.00, Professional $499.00 a month; paid yearly, a plan costs 12 months less 10%.',
    ],
  ])('prices of table %# (Enterprise, sold by contract, left out)', (plans, expected) => {
    expect(priceSentence(plans)).toBe(expected);
  });

  it.each([
    [planCatalog, 'Free, Developer, Business and Professional, plus Enterprise by contract with sales.'],
    [
      withPlan('Professional', { listed: false, sold: 'contract' }),
      'Free, Developer and Business, plus Professional and Enterprise by contract with sales.',
    ],
    [planCatalog.filter((plan) => plan.sold !== 'contract'), 'Free, Developer, Business and Professional.'],
  ])('names the plans of table %# (the listed ones, then those by contract)', (plans, expected) => {
    expect(planListSentence(plans)).toBe(expected);
  });

  it.each([
    [
      { standard: 20, logs: 60, transaction: 40 },
      'about 20 credits per standard call, 60 for eth_getLogs and 40 for eth_sendRawTransaction',
    ],
    [
      { standard: 10, logs: 30, transaction: 25 },
      'about 10 credits per standard call, 30 for eth_getLogs and 25 for eth_sendRawTransaction',
    ],
  ])('credit costs %j', (costs, expected) => {
    expect(creditCostFigures(costs)).toBe(expected);
  });

  it("states the gateway's own credit costs by default (SPEC.md §9)", () => {
    expect(creditCostFigures()).toBe('about 20 credits per standard call, 60 for eth_getLogs and 40 for eth_sendRawTransaction');
  });

  it.each([
    [[], ''],
    [['Enterprise'], 'Enterprise'],
    [['Professional', 'Enterprise'], 'Professional and Enterprise'],
    [['Free', 'Developer', 'Business'], 'Free, Developer and Business'],
  ])('joins %j as %j', (names, expected) => {
    expect(joinNames(names)).toBe(expected);
  });
});

describe('the FAQ (SPEC.md "/support")', () => {
  const sections = faqSections();
  const section = (title: string) => sections.find((candidate) => candidate.title === title);

  it("has SPEC.md's seven sections, in its order and words", () => {
    expect(sections.map((candidate) => candidate.title)).toEqual([
      'Subscriptions & Billing',
      'Limits & Endpoints',
      'RPC',
      'Dedicated Nodes & gRPC',
      'Websocket & Webhooks',
      'Berachain RPC APIs',
      'Error Codes',
    ]);
    expect(FAQ_SECTION_TITLES).toEqual(sections.map((candidate) => candidate.title));
  });

  it('gives every section questions with answers, each with an id unique in its section and the page', () => {
    for (const { items } of sections) {
      expect(items.length).toBeGreaterThan(0);
      expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
      for (const item of items) expect(item.answer.length).toBeGreaterThan(0);
    }
    expect(new Set(sections.map((candidate) => candidate.id)).size).toBe(sections.length);
  });

  it.each([
    ['Limits & Endpoints', 'rate-limits', 'Free 10, Developer 50, Business 200, Professional 500 requests per second'],
    ['Limits & Endpoints', 'credits', 'about 20 credits per standard call, 60 for eth_getLogs and 40 for eth_sendRawTransaction'],
    ['Limits & Endpoints', 'keys', 'Free 3, Developer 10, Business 25 API keys'],
    ['Subscriptions & Billing', 'plans', 'Developer $49.00'],
    [
      'Websocket & Webhooks',
      'websocket',
      'Free 5, Developer 50, Business 250, Professional 1,000, Enterprise 5,000 WebSocket connections open at once (all your API keys together), and on each connection Free 10, Developer 50, Business 100, Professional 250, Enterprise 1,000 subscriptions.',
    ],
    ['Websocket & Webhooks', 'websocket', 'Each notification delivered costs 20 credits'],
    ['Websocket & Webhooks', 'websocket', 'A message may be up to 1 MiB. The server pings every 30 seconds'],
  ])('%s › %s quotes the plan and credit tables: %j', (title, id, figure) => {
    expect(answerText(section(title), id)).toContain(figure);
  });

  it('follows the plan table it is given', () => {
    const changed = faqSections(withPlan('Business', { ratePerSecond: 250 }));
    expect(
      answerText(
        changed.find((candidate) => candidate.title === 'Limits & Endpoints'),
        'rate-limits',
      ),
    ).toContain('Business 250');
  });

  it.each([
    ['secure RPC URLs', 'rate-limited by IP address at 5 TPS'],
    ['autoscaling', 'billed at a 20% premium'],
    ['autoscaling on Free', 'Free plans cannot use autoscaling'],
    ['webhook addresses in the form', 'Up to 25 addresses'],
    ['webhook addresses through the API', 'up to 100,000 through the API'],
    ['webhook changes', 'Up to 2 minutes'],
    ['webhook acknowledgement', 'within 10 seconds'],
    ['the list limit', 'At most 1,000 results per request'],
    ['paging', 'starting_after, ending_before and offset parameters'],
    ['refunds', 'evaluated within 7 days'],
    ['crypto confirmation', 'up to 15 minutes to be confirmed'],
  ])("states SPEC.md §9's fact on %s", (_fact, text) => {
    expect(allText(sections)).toContain(text);
  });

  it.each([
    ['401', /401/, /Invalid API key/],
    ['402', /402/, /-32005[\s\S]*"quota"[\s\S]*next billing cycle/],
    ['403', /403/, /Access Control[\s\S]*-32002[\s\S]*-32601/],
    ['429', /429/, /-32005[\s\S]*"rate"[\s\S]*402[\s\S]*"quota"/],
    ['500', /500/, /-32603/],
    ['execution-reverted', /execution reverted/, /revert reason/],
    ['nonce-too-low', /nonce too low/, /eth_getTransactionCount/],
  ])('explains the error %s as the gateway and the node answer it', (id, question, answer) => {
    const item = section('Error Codes')?.items.find((candidate) => candidate.id === id);
    expect(item?.question).toMatch(question);
    expect(item?.answer.flat().join(' ')).toMatch(answer);
  });

  it('never names -32006, which EIP-1474 defines as "JSON-RPC version not supported"', () => {
    expect(allText(sections)).not.toMatch(/-32006/);
  });
});
