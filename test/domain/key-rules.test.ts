import { describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES, type AccessSettings } from '@/domain/access-control';
import {
  effectiveAccess,
  hasOwnRules,
  KEY_CAP_MAX,
  KEY_CAP_MESSAGE,
  keyCapProblem,
  parseKeyCap,
  KEY_RULE_MESSAGES,
  type KeyRuleKind,
  type KeyRules,
  normalizeKeyRuleValue,
  PROJECT_RULES,
  RULE_METHODS,
  validateKeyRuleValue,
} from '@/domain/key-rules';

const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('validateKeyRuleValue', () => {
  const cases: ReadonlyArray<readonly [KeyRuleKind, string, readonly string[], string | null]> = [
    ['methods', 'eth_call', [], null],
    ['methods', ' eth_getLogs ', [], null],
    ['methods', 'eth_subscribe', [], null],
    ['methods', 'ETH_CALL', [], KEY_RULE_MESSAGES.method],
    ['methods', 'debug_traceCall', [], KEY_RULE_MESSAGES.method],
    ['methods', 'eth_call', ['eth_call'], ACCESS_MESSAGES.duplicate],
    ['methods', '   ', [], ACCESS_MESSAGES.empty],
    ['contracts', CONTRACT, [], null],
    ['contracts', CONTRACT.toLowerCase(), [CONTRACT], ACCESS_MESSAGES.duplicate],
    ['contracts', '0x5FbDB2315678afecb367f032d93F642f64180aa', [], KEY_RULE_MESSAGES.contract],
    ['contracts', '5FbDB2315678afecb367f032d93F642f64180aa3', [], KEY_RULE_MESSAGES.contract],
    ['contracts', '0xZZbDB2315678afecb367f032d93F642f64180aa3', [], KEY_RULE_MESSAGES.contract],
    ['contracts', CONTRACT, Array.from({ length: 100 }, (_, index) => `0x${index.toString(16).padStart(40, '0')}`), ACCESS_MESSAGES.full],
    // The project's kinds keep the project's rules and messages.
    ['domains', 'app.example.com', [], null],
    ['domains', 'localhost', [], ACCESS_MESSAGES.localhost],
    ['ips', '300.1.1.1', [], ACCESS_MESSAGES.ip],
    ['cidrs', '10.0.0.0/8', [], null],
  ];
  it.each(cases)('%s %j (after %j) → %j', (kind, value, existing, message) => {
    expect(validateKeyRuleValue(kind, value, existing)).toBe(message);
  });
});

describe('normalizeKeyRuleValue', () => {
  it.each([
    ['contracts', ` ${CONTRACT} `, CONTRACT.toLowerCase()],
    ['methods', ' eth_call ', 'eth_call'],
  ] as const)('%s %j → %j', (kind, value, stored) => {
    expect(normalizeKeyRuleValue(kind, value)).toBe(stored);
  });
});

describe('effectiveAccess', () => {
  const project: AccessSettings = { domains: ['example.com'], ips: ['192.0.2.1'], cidrs: [], allowNoOrigin: false };
  const cases: ReadonlyArray<readonly [string, Partial<KeyRules>, AccessSettings]> = [
    ['no rules of its own: the project', {}, project],
    ['its own domains, even an empty list', { domains: [] }, { ...project, domains: [] }],
    ['its own Origin choice', { allowNoOrigin: true }, { ...project, allowNoOrigin: true }],
    ['its own addresses', { ips: [], cidrs: ['10.0.0.0/8'] }, { ...project, ips: [], cidrs: ['10.0.0.0/8'] }],
  ];
  it.each(cases)('%s', (_, own, expected) => {
    expect(effectiveAccess(project, { ...PROJECT_RULES, ...own })).toEqual(expected);
  });
});

describe('hasOwnRules', () => {
  it.each([
    [{}, false],
    [{ domains: [] }, true],
    [{ allowNoOrigin: false }, true],
    [{ methods: ['eth_call'] }, true],
    [{ contracts: [CONTRACT] }, true],
  ] as const)('%j → %s', (own, expected) => {
    expect(hasOwnRules({ ...PROJECT_RULES, ...own })).toBe(expected);
  });
});

it('offers every served method and eth_subscribe, once each', () => {
  expect(new Set(RULE_METHODS).size).toBe(RULE_METHODS.length);
  expect(RULE_METHODS).toContain('eth_subscribe');
  expect(RULE_METHODS).toContain('eth_sendRawTransaction');
});

describe('spend caps as typed', () => {
  it.each<[string, number | null, string | null]>([
    ['', null, null],
    ['   ', null, null],
    ['1', 1, null],
    [' 5000 ', 5000, null],
    ['2,500,000', 2_500_000, null],
    [String(KEY_CAP_MAX), KEY_CAP_MAX, null],
    [String(KEY_CAP_MAX + 1), null, KEY_CAP_MESSAGE],
    ['0', null, KEY_CAP_MESSAGE],
    ['-5', null, KEY_CAP_MESSAGE],
    ['1.5', null, KEY_CAP_MESSAGE],
    ['1e6', null, KEY_CAP_MESSAGE],
    ['lots', null, KEY_CAP_MESSAGE],
    ['99999999999999999999', null, KEY_CAP_MESSAGE],
  ])('%j → %j (%j)', (text, cap, problem) => {
    expect(parseKeyCap(text)).toBe(cap);
    expect(keyCapProblem(text)).toBe(problem);
  });

  it('counts a cap as a rule of its own', () => {
    expect(hasOwnRules({ ...PROJECT_RULES, creditsPerDay: 10 })).toBe(true);
    expect(hasOwnRules({ ...PROJECT_RULES, creditsPerCycle: 10 })).toBe(true);
  });
});
