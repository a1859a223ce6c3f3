import ipaddr from 'ipaddr.js';

/**
 * Whether an address is one of the reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY).
 * Compiled once from the configured list by `proxyTrust`.
 */
export type ProxyTrust = (address: string) => boolean;

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Range = readonly [Address, number];

/** An address or a CIDR as a range; IPv4-mapped IPv6 (::ffff:10.0.0.0/104) as its IPv4 range. */
function parseRange(entry: string): Range {
  if (ipaddr.isValidCIDR(entry)) {
    const [address, prefix] = ipaddr.parseCIDR(entry);
    if (address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress() && prefix >= 96) return [address.toIPv4Address(), prefix - 96];
    return [address, prefix];
  }
  const address = ipaddr.process(entry);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

const trustNone: ProxyTrust = () => false;

/** The trust test for TRUST_PROXY's entries (addresses or CIDRs, validated by the config); none: nobody. */
export function proxyTrust(entries: readonly string[]): ProxyTrust {
  if (entries.length === 0) return trustNone;
  const ranges = entries.map(parseRange);
  return (value) => {
    if (!ipaddr.isValid(value)) return false;
    // A socket on a dual-stack port reports an IPv4 client as ::ffff:a.b.c.d.
    const address = ipaddr.process(value);
    return ranges.some(([range, prefix]) => range.kind() === address.kind() && address.match(range, prefix));
  };
}

/** Spaces and tabs around a list element (RFC 9110 OWS), as Fastify's X-Forwarded-For reader drops them. */
const outerSpace = /^[ \t]+|[ \t]+$/g;

/**
 * The client's address: the connection's, unless it comes from a trusted proxy; then X-Forwarded-For
 * is walked from the right (each proxy appends the address it was reached from), skipping trusted
 * hops, and the first untrusted one is the client. If every hop is trusted, the leftmost is. What an
 * untrusted client writes in the header is never read. The same rule as Fastify's `request.ip`
 * with `trustProxy: trust` (@fastify/proxy-addr), so both server modes see the same address.
 */
export function clientAddress(socketAddress: string, forwardedFor: string | readonly string[] | undefined, trust: ProxyTrust): string {
  if (forwardedFor === undefined || !trust(socketAddress)) return socketAddress;
  const hops = (typeof forwardedFor === 'string' ? forwardedFor : forwardedFor.join(',')).split(',');
  let client = socketAddress;
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = (hops[index] ?? '').replace(outerSpace, '');
    if (hop === '') continue;
    client = hop;
    if (!trust(hop)) return hop;
  }
  return client;
}
