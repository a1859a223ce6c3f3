import { describe, expect, it } from 'vitest';
import {
  ACCESS_KINDS,
  MAX_ACCESS_VALUES,
  accessListProblems,
  isAccessListFull,
  normalizeAccessValue,
  validateAccessValue,
} from '@/domain/access-control';
import { CIDR, DUPLICATE, EMPTY, IP, blankValues, cidrCases, domainCases, duplicateCases, ipCases } from './access-control-cases';

const FULL = 'You can only add up to 100 values';

/** `count` distinct valid values of a kind. */
function filled(kind: (typeof ACCESS_KINDS)[number], count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    kind === 'domains' ? `d${i}.example.com` : kind === 'ips' ? `10.0.${Math.floor(i / 250)}.${i % 250}` : `10.${i}.0.0/16`,
  );
}

describe('validateAccessValue: every kind', () => {
  it.each(ACCESS_KINDS.flatMap((kind) => blankValues.map((value) => [kind, value] as const)))(
    '%s refuses blank %j as empty',
    (kind, value) => {
      expect(validateAccessValue(kind, value, [])).toBe(EMPTY);
    },
  );

  it('lists the three kinds of SPEC.md §5', () => {
    expect(ACCESS_KINDS).toEqual(['domains', 'ips', 'cidrs']);
  });
});

describe('validateAccessValue: domains', () => {
  it.each(domainCases)('%j → %j', (value, message) => {
    expect(validateAccessValue('domains', value, [])).toBe(message);
  });
});

describe('validateAccessValue: IPs', () => {
  it.each(ipCases)('%j → %j', (value, message) => {
    expect(validateAccessValue('ips', value, [])).toBe(message);
  });
});

describe('validateAccessValue: CIDRs', () => {
  it.each(cidrCases)('%j → %j', (value, message) => {
    expect(validateAccessValue('cidrs', value, [])).toBe(message);
  });
});

describe('validateAccessValue: duplicates', () => {
  it.each(duplicateCases)('%s %j is already in %j', (kind, value, existing) => {
    expect(validateAccessValue(kind, value, existing)).toBe(DUPLICATE);
  });

  it('checks the format before the list, and accepts a value the list lacks', () => {
    expect(validateAccessValue('ips', '256.1.1.1', ['256.1.1.1'])).toBe(IP);
    expect(validateAccessValue('domains', 'other.com', ['example.com'])).toBeNull();
  });
});

describe('validateAccessValue: the 100-value limit of each list', () => {
  it.each([
    ['domains', 'new.example.com', 99, null],
    ['domains', 'new.example.com', 100, FULL],
    ['ips', '192.168.0.1', 99, null],
    ['ips', '192.168.0.1', 100, FULL],
    ['cidrs', '192.168.0.0/16', 100, FULL],
    // A full list refuses any value, whatever else is wrong with it
    ['cidrs', '', 100, FULL],
    ['domains', 'localhost', 100, FULL],
    ['domains', 'd0.example.com', 100, FULL],
  ] as const)('%s %j after %i values → %j', (kind, value, count, message) => {
    expect(validateAccessValue(kind, value, filled(kind, count))).toBe(message);
  });

  it('is the contract limit, and a list is full from it on', () => {
    expect(MAX_ACCESS_VALUES).toBe(100);
    expect(isAccessListFull(filled('ips', 99))).toBe(false);
    expect(isAccessListFull(filled('ips', 100))).toBe(true);
    expect(accessListProblems('ips', filled('ips', 100))).toEqual([]);
    expect(accessListProblems('ips', filled('ips', 101)).map((problem) => problem.message)).toEqual([FULL]);
  });
});

describe('normalizeAccessValue', () => {
  it.each([
    ['domains', '  API.Example.COM ', 'api.example.com'],
    ['ips', ' 10.0.0.1 ', '10.0.0.1'],
    ['ips', '2001:0DB8:0000:0000:0000:0000:0000:0001', '2001:db8:0:0:0:0:0:1'],
    ['cidrs', ' 10.0.0.0/8 ', '10.0.0.0/8'],
    // An invalid value is only trimmed, so the validator can still name its problem
    ['ips', ' not an ip ', 'not an ip'],
  ] as const)('%s %j → %j', (kind, value, stored) => {
    expect(normalizeAccessValue(kind, value)).toBe(stored);
  });
});

describe('accessListProblems', () => {
  it('accepts valid distinct lists, including empty ones', () => {
    expect(accessListProblems('domains', [])).toEqual([]);
    expect(accessListProblems('ips', ['1.2.3.4', '0:0:0:0:0:0:0:1'])).toEqual([]);
  });

  it('names every refused value of a list, in order, each checked against those before it', () => {
    expect(accessListProblems('cidrs', ['10.0.0.0/8', '1.2.3.4/33', ''])).toEqual([
      { value: '1.2.3.4/33', message: CIDR },
      { value: '', message: EMPTY },
    ]);
    expect(accessListProblems('domains', ['example.com', 'Example.com'])).toEqual([{ value: 'Example.com', message: DUPLICATE }]);
    expect(accessListProblems('ips', ['1.2.3.4', ' '])).toEqual([{ value: ' ', message: EMPTY }]);
  });
});
