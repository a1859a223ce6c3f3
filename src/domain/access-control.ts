/**
 * Access-control values of SPEC.md §5 (allowed domains, IPs and CIDRs), shared by the SPA's rule
 * editor and the server's PUT /accessControl: one set of rules, the specification's messages word
 * for word. Values are compared and stored in a canonical form (`normalizeAccessValue`) so that the
 * gateway matches what the user meant: surrounding spaces dropped, domains and IPv6 in lower case.
 */

export const ACCESS_KINDS = ['domains', 'ips', 'cidrs'] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

/** The three allow-lists (an empty list puts no restriction of its kind). */
export type AccessLists = Readonly<Record<AccessKind, readonly string[]>>;

/**
 * The lists and whether Allowed Domains lets in calls without an Origin header (servers, curl:
 * browsers always send one); false, the default, refuses them once the domain list has values.
 */
export type AccessSettings = AccessLists & { readonly allowNoOrigin: boolean };

/** The contract's maxItems for each list (openapi.yaml AccessControl). */
export const MAX_ACCESS_VALUES = 100;

export const ACCESS_MESSAGES = {
  empty: 'Value cannot be empty',
  duplicate: 'This value already exists',
  localhost: '"localhost" is not a valid domain in this context',
  domain: 'Please enter a valid domain name',
  ip: 'Please enter a valid IP address',
  cidr: 'Please enter a valid CIDR notation',
  // Not a SPEC.md text: worded like its webhook limit ('You can only add up to 25 addresses').
  full: `You can only add up to ${MAX_ACCESS_VALUES} values`,
} as const;

/** Whether a list holds as many values as the contract allows (the editor's Add is then disabled). */
export function isAccessListFull(values: readonly string[]): boolean {
  return values.length >= MAX_ACCESS_VALUES;
}

/** One label: letters, digits, inner hyphens, 1-63 characters (RFC 1035 host names). */
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** The top-level part is alphabetic, at least 2 letters (SPEC.md §5). */
const TOP_LEVEL = /^[a-z]{2,63}$/;
const MAX_DOMAIN_LENGTH = 253;

/** 0-255 without leading zeros: '01' could be read as octal by some resolvers, so it is refused. */
const IPV4_OCTET = /^(?:0|[1-9][0-9]{0,2})$/;
const IPV6_GROUP = /^[0-9a-f]{1,4}$/;
const PREFIX = /^(?:0|[1-9][0-9]?)$/;

function isDomain(value: string): boolean {
  if (value.length > MAX_DOMAIN_LENGTH) return false;
  const labels = value.split('.');
  const topLevel = labels.at(-1) ?? '';
  return labels.length >= 2 && TOP_LEVEL.test(topLevel) && labels.every((label) => DOMAIN_LABEL.test(label));
}

function isIpv4(value: string): boolean {
  const octets = value.split('.');
  return octets.length === 4 && octets.every((octet) => IPV4_OCTET.test(octet) && Number(octet) <= 255);
}

/** Only the full form of eight groups (SPEC.md §5): '::' shortcuts and embedded IPv4 are refused. */
function isFullIpv6(value: string): boolean {
  const groups = value.split(':');
  return groups.length === 8 && groups.every((group) => IPV6_GROUP.test(group));
}

function isIpv4Cidr(value: string): boolean {
  const parts = value.split('/');
  const [address, prefix] = parts;
  if (parts.length !== 2 || address === undefined || prefix === undefined) return false;
  return isIpv4(address) && PREFIX.test(prefix) && Number(prefix) <= 32;
}

/**
 * The stored form of a value: trimmed; domains lower-cased; IPv6 groups lower-cased without
 * leading zeros (so '2001:0DB8:…' and '2001:db8:…' are the same entry). Unknown shapes are only
 * trimmed, so the validator still reports them.
 */
export function normalizeAccessValue(kind: AccessKind, value: string): string {
  const trimmed = value.trim();
  if (kind === 'domains') return trimmed.toLowerCase();
  if (kind === 'ips' && isFullIpv6(trimmed.toLowerCase())) {
    return trimmed
      .toLowerCase()
      .split(':')
      .map((group) => group.replace(/^0+(?=.)/, ''))
      .join(':');
  }
  return trimmed;
}

function formatProblem(kind: AccessKind, value: string): string | null {
  switch (kind) {
    case 'domains':
      if (value === 'localhost') return ACCESS_MESSAGES.localhost;
      return isDomain(value) ? null : ACCESS_MESSAGES.domain;
    case 'ips':
      return isIpv4(value) || isFullIpv6(value) ? null : ACCESS_MESSAGES.ip;
    case 'cidrs':
      return isIpv4Cidr(value) ? null : ACCESS_MESSAGES.cidr;
  }
}

/**
 * The SPEC.md §5 message for a value about to join a list, or null when it may be added.
 * `existing` are the values already in the list (compared in canonical form). A full list refuses
 * any value first: whatever is typed, it cannot join.
 */
export function validateAccessValue(kind: AccessKind, value: string, existing: readonly string[]): string | null {
  if (isAccessListFull(existing)) return ACCESS_MESSAGES.full;
  const candidate = normalizeAccessValue(kind, value);
  if (candidate === '') return ACCESS_MESSAGES.empty;
  const problem = formatProblem(kind, candidate.toLowerCase());
  if (problem) return problem;
  const taken = existing.some((other) => normalizeAccessValue(kind, other) === candidate);
  return taken ? ACCESS_MESSAGES.duplicate : null;
}

/** One refused value of a list, with its SPEC.md §5 message. */
export interface AccessValueProblem {
  value: string;
  message: string;
}

/**
 * Every problem of a whole list, in order (the server's PUT refuses a list with any), each value
 * checked as the editor checks it (`check`): against the values before it.
 */
export function listProblems(
  values: readonly string[],
  check: (value: string, before: readonly string[]) => string | null,
): AccessValueProblem[] {
  return values.flatMap((value, index) => {
    const message = check(value, values.slice(0, index));
    return message === null ? [] : [{ value, message }];
  });
}

/** Every problem of one of the project's lists (listProblems). */
export function accessListProblems(kind: AccessKind, values: readonly string[]): AccessValueProblem[] {
  return listProblems(values, (value, before) => validateAccessValue(kind, value, before));
}
