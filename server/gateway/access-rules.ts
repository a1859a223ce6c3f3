import ipaddr from 'ipaddr.js';
import type { AccessSettings } from '@/domain/access-control';
import type { AccessRefusal } from '@/domain/call-outcomes';
import { effectiveAccess, type KeyRules } from '@/domain/key-rules';
import { type CallRules, compileCallRules } from '@server/gateway/call-rules';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * A user's allow-lists, parsed once per key load. Each non-empty list must pass:
 * - domains: the host of the Origin header equals an allowed domain or is a subdomain of it
 *   (`example.com` allows `example.com` and `app.example.com`, not `badexample.com`); the port and
 *   the scheme do not matter. A call without an Origin header (a server, curl: browsers always
 *   send one) passes only when the user allows it (`allowNoOrigin`); `Origin: null` (a sandboxed
 *   page, a file) is a browser's and never passes a non-empty list;
 * - ips: the client address equals one of them, compared as parsed addresses;
 * - cidrs: the client address lies in one of the ranges.
 * So with both an IP list and a CIDR list, the address must be in both (each list is a condition).
 * IPv4-mapped IPv6 addresses (::ffff:192.0.2.1) count as the IPv4 address, on both sides.
 */
export interface AccessRules {
  /** True when no list restricts anything (the common case: nothing to check). */
  readonly open: boolean;
  readonly domains: readonly string[];
  /** A call without an Origin header passes the domain list (HTTP and WebSocket handshakes alike). */
  readonly allowNoOrigin: boolean;
  /** Canonical strings of the allowed addresses (IPv4 dotted, IPv6 normalized). */
  readonly ips: ReadonlySet<string>;
  readonly ranges: ReadonlyArray<readonly [Address, number]>;
  /** Which lists are non-empty (a list whose values all fail to parse still restricts: to nothing). */
  readonly restricts: { readonly domains: boolean; readonly ips: boolean; readonly cidrs: boolean };
  /** The key's Allowed Methods and Contract Addresses (server/gateway/call-rules.ts). */
  readonly calls: CallRules;
  /** The refusals that come from the key's own rules rather than the project's (what a refusal points to). */
  readonly own: ReadonlySet<AccessRefusal>;
}

/**
 * What a key's rules are compiled from: the lists in force for it (its own where it has them, else
 * the project's: src/domain/key-rules.ts effectiveAccess) and its own call rules. The main process
 * sends these to its HTTP workers, which compile their own.
 */
export interface AccessLists {
  readonly domains: readonly string[];
  readonly ips: readonly string[];
  readonly cidrs: readonly string[];
  /** Left out: false, the fail-closed choice. */
  readonly allowNoOrigin?: boolean;
  /** Left out or empty: any method, any contract. */
  readonly methods?: readonly string[];
  readonly contracts?: readonly string[];
  /** Which of the lists above are the key's own; left out: none (all the project's). */
  readonly own?: readonly AccessRefusal[];
}

/** `noOrigin`: the domain list refused a call that had no Origin header at all. */
export type { AccessRefusal };

/** Parses an address, an IPv4-mapped IPv6 one as its IPv4 address; null when it is not one. */
export function parseAddress(value: string): Address | null {
  if (!ipaddr.isValid(value)) return null;
  return ipaddr.process(value);
}

function canonical(address: Address): string {
  return address.kind() === 'ipv6' ? address.toNormalizedString() : address.toString();
}

function parseRange(value: string): [Address, number] | null {
  if (!ipaddr.isValidCIDR(value)) return null;
  const [address, prefix] = ipaddr.parseCIDR(value);
  // ::ffff:10.0.0.0/104 is the IPv4 range 10.0.0.0/8.
  if (address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress() && prefix >= 96) return [address.toIPv4Address(), prefix - 96];
  return [address, prefix];
}

function normalizeHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, '');
}

/**
 * Values were validated when saved; one that does not parse any more matches nothing (the list
 * stays non-empty, so the check fails closed rather than opening up).
 */
export function compileAccessRules(lists: AccessLists): AccessRules {
  const ips = new Set<string>();
  for (const value of lists.ips) {
    const address = parseAddress(value.trim());
    if (address !== null) ips.add(canonical(address));
  }
  const ranges = lists.cidrs.flatMap((value) => {
    const range = parseRange(value.trim());
    return range === null ? [] : [range];
  });
  const domains = lists.domains.map((domain) => normalizeHost(domain.trim()));
  const restricts = { domains: lists.domains.length > 0, ips: lists.ips.length > 0, cidrs: lists.cidrs.length > 0 };
  return {
    open: !restricts.domains && !restricts.ips && !restricts.cidrs,
    domains,
    allowNoOrigin: lists.allowNoOrigin ?? false,
    ips,
    ranges,
    restricts,
    calls: compileCallRules({ methods: lists.methods ?? [], contracts: lists.contracts ?? [] }),
    own: new Set<AccessRefusal>(['methods', 'contracts', ...(lists.own ?? [])]),
  };
}

/** The lists in force for a key: its own where it has them, the project's for the rest (src/domain/key-rules.ts). */
export function keyAccessLists(project: AccessSettings, own: KeyRules): AccessLists {
  const inForce = effectiveAccess(project, own);
  const ownLists: AccessRefusal[] = [];
  if (own.domains !== null) ownLists.push('domains', 'noOrigin');
  else if (own.allowNoOrigin !== null) ownLists.push('noOrigin');
  if (own.ips !== null) ownLists.push('ips');
  if (own.cidrs !== null) ownLists.push('cidrs');
  return { ...inForce, methods: own.methods, contracts: own.contracts, own: ownLists };
}

/** The host of an Origin header value (`https://app.example.com:8443` → `app.example.com`), or null. */
function originHost(origin: string | undefined): string | null {
  if (origin === undefined || origin === 'null') return null;
  try {
    const host = new URL(origin).hostname;
    return host === '' ? null : normalizeHost(host);
  } catch {
    return null;
  }
}

function domainAllowed(rules: AccessRules, origin: string | undefined): boolean {
  const host = originHost(origin);
  if (host === null) return false;
  return rules.domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

function inRanges(rules: AccessRules, address: Address): boolean {
  return rules.ranges.some(([network, prefix]) => network.kind() === address.kind() && address.match(network, prefix));
}

/** Null when the call may go on; else the first list that refused it. */
export function checkAccess(rules: AccessRules, origin: string | undefined, clientIp: string): AccessRefusal | null {
  if (rules.open) return null;
  if (rules.restricts.domains) {
    if (origin === undefined) {
      if (!rules.allowNoOrigin) return 'noOrigin';
    } else if (!domainAllowed(rules, origin)) return 'domains';
  }
  if (!rules.restricts.ips && !rules.restricts.cidrs) return null;
  const address = parseAddress(clientIp);
  if (rules.restricts.ips && (address === null || !rules.ips.has(canonical(address)))) return 'ips';
  if (rules.restricts.cidrs && (address === null || !inRanges(rules, address))) return 'cidrs';
  return null;
}
