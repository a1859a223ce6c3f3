import type { AccessKind } from '@/domain/access-control';

/**
 * The access-control rules of SPEC.md §5 as tables, shared by the domain's own test
 * (validateAccessValue) and the server's (PUT /accessControl runs every case), so the server is
 * held to exactly the SPA's rules. The messages are written out, not imported: the tests check the texts.
 */
export const EMPTY = 'Value cannot be empty';
export const DUPLICATE = 'This value already exists';
export const LOCALHOST = '"localhost" is not a valid domain in this context';
export const DOMAIN = 'Please enter a valid domain name';
export const IP = 'Please enter a valid IP address';
export const CIDR = 'Please enter a valid CIDR notation';

/** [value, the message it gets joining an empty list (null: accepted)]. */
export type ValueCase = [string, string | null];

/** Refused as empty, whatever the kind. */
export const blankValues = ['', '   ', '\t\n'];

export const domainCases: ValueCase[] = [
  ['example.com', null],
  ['api.example.co.uk', null],
  ['my-app.example.io', null],
  ['a.io', null],
  ['xn--bcher-kva.example', null],
  ['123.example.com', null],
  // Upper case is the same domain: accepted, stored in lower case
  ['Example.COM', null],
  // Surrounding spaces are dropped before checking
  ['  example.com  ', null],
  ['localhost', LOCALHOST],
  ['LocalHost', LOCALHOST],
  [' localhost ', LOCALHOST],
  ['example', DOMAIN],
  ['example.c', DOMAIN],
  ['example.c0m', DOMAIN],
  ['example.123', DOMAIN],
  ['1.2.3.4', DOMAIN],
  ['-example.com', DOMAIN],
  ['example-.com', DOMAIN],
  ['exa mple.com', DOMAIN],
  ['example..com', DOMAIN],
  ['.example.com', DOMAIN],
  ['example.com.', DOMAIN],
  ['*.example.com', DOMAIN],
  ['https://example.com', DOMAIN],
  ['example.com/path', DOMAIN],
  ['example.com:8080', DOMAIN],
  ['under_score.com', DOMAIN],
  [`${'a'.repeat(64)}.com`, DOMAIN],
  [`${'a'.repeat(63)}.com`, null],
  [`${Array.from({ length: 63 }, () => 'abc').join('.')}.com`, DOMAIN],
];

export const ipCases: ValueCase[] = [
  ['1.2.3.4', null],
  ['0.0.0.0', null],
  ['255.255.255.255', null],
  ['192.168.0.1', null],
  [' 10.0.0.1 ', null],
  ['2001:0db8:85a3:0000:0000:8a2e:0370:7334', null],
  ['2001:DB8:85A3:0:0:8A2E:370:7334', null],
  ['0:0:0:0:0:0:0:1', null],
  ['256.1.1.1', IP],
  ['1.2.3.256', IP],
  ['999.1.1.1', IP],
  ['300.1.1.1', IP],
  // A leading zero could be read as octal: refused
  ['01.2.3.4', IP],
  ['1.2.3.04', IP],
  ['1.2.3', IP],
  ['1.2.3.4.5', IP],
  ['1.2.3.', IP],
  ['1..2.3', IP],
  ['1.2.3.4/32', IP],
  ['-1.2.3.4', IP],
  ['+1.2.3.4', IP],
  ['1.2.3.4a', IP],
  ['1 .2.3.4', IP],
  ['example.com', IP],
  // Only the full eight-group IPv6 form (SPEC.md §5)
  ['::1', IP],
  ['2001:db8::1', IP],
  ['2001:db8:85a3:0:0:8a2e:370', IP],
  ['2001:db8:85a3:0:0:8a2e:370:7334:1', IP],
  ['2001:db8:85a3:0:0:8a2e:370:g334', IP],
  ['2001:db8:85a3:0:0:8a2e:370:12345', IP],
  ['::ffff:1.2.3.4', IP],
  ['0:0:0:0:0:ffff:1.2.3.4', IP],
];

export const cidrCases: ValueCase[] = [
  ['10.0.0.0/8', null],
  ['192.168.1.0/24', null],
  ['0.0.0.0/0', null],
  ['1.2.3.4/32', null],
  [' 172.16.0.0/12 ', null],
  ['1.2.3.4/33', CIDR],
  ['1.2.3.4/100', CIDR],
  ['1.2.3.4/-1', CIDR],
  ['1.2.3.4/08', CIDR],
  ['1.2.3.4/', CIDR],
  ['1.2.3.4', CIDR],
  ['10.0.0.0', CIDR],
  ['10.0.0.0/33', CIDR],
  ['/24', CIDR],
  ['256.0.0.0/8', CIDR],
  ['01.2.3.0/24', CIDR],
  ['1.2.3.0 /24', CIDR],
  ['1.2.3.0/2 4', CIDR],
  ['1.2.3.0/24/8', CIDR],
  ['2001:db8:0:0:0:0:0:0/32', CIDR],
  ['example.com/24', CIDR],
];

export const valueCases: Record<AccessKind, ValueCase[]> = { domains: domainCases, ips: ipCases, cidrs: cidrCases };

/** [kind, value, the values already in the list]: each is refused as DUPLICATE. */
export const duplicateCases: Array<[AccessKind, string, string[]]> = [
  ['domains', 'example.com', ['example.com']],
  ['domains', 'EXAMPLE.com', ['example.com']],
  ['domains', ' example.com', ['Example.Com']],
  ['domains', ' Example.com', ['example.com']],
  ['ips', '10.0.0.1', ['10.0.0.1']],
  ['ips', '1.2.3.4', ['5.6.7.8', '1.2.3.4']],
  ['ips', '2001:DB8:0:0:0:0:0:1', ['2001:0db8:0000:0000:0000:0000:0000:0001']],
  ['cidrs', '10.0.0.0/8 ', ['10.0.0.0/8']],
];
