/**
 * Why the playground's call was refused by the owner's own RPC Access Control, and what to do.
 *
 * The gateway refuses a call that an allow-list does not let through with HTTP 403 and a message
 * starting 'Not allowed:' (server/gateway/rpc-errors.ts; test/domain/rpc-refusal.test.ts runs these
 * rules on its real messages). The playground runs in the browser, so its calls carry this
 * dashboard's address as their Origin and come from the visitor's own IP address: with Allowed
 * Domains set, every call from here is refused, as it must be (the lists are not weakened for the
 * dashboard). The screen says so plainly instead of leaving a bare 403.
 */
import { validateAccessValue } from './access-control';
import type { RpcExchange } from './rpc-exchange';

/** Which list refused the call; 'unknown' when the gateway's message does not say. */
export type AccessRefusal = 'domains' | 'ips' | 'cidrs' | 'unknown';

/** The gateway's allow-list refusal: HTTP 403, message 'Not allowed: …'. */
const NOT_ALLOWED = /^Not allowed:/;
const LISTS: ReadonlyArray<readonly [Exclude<AccessRefusal, 'unknown'>, RegExp]> = [
  ['domains', /allowed domains/i],
  ['ips', /allowed IPs/i],
  ['cidrs', /CIDR/i],
];

/** The JSON-RPC error message of an exchange's JSON, or null. */
function errorMessage(json: string): string | null {
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null || !('error' in parsed)) return null;
    const { error } = parsed;
    if (typeof error !== 'object' || error === null || !('message' in error)) return null;
    return typeof error.message === 'string' ? error.message : null;
  } catch {
    return null;
  }
}

/** The allow-list that refused this answer, or null when it is not an access-control refusal. */
export function accessRefusalOf(exchange: Pick<RpcExchange, 'status' | 'json'> | null): AccessRefusal | null {
  if (exchange?.status !== 403) return null;
  const message = errorMessage(exchange.json);
  if (message === null || !NOT_ALLOWED.test(message)) return null;
  return LISTS.find(([, pattern]) => pattern.test(message))?.[0] ?? 'unknown';
}

export interface RefusalAdvice {
  title: string;
  /** Why: in plain words, naming the list. */
  reason: string;
  /** What to do, naming the Access Control card. */
  action: string;
}

/** Where the lists are edited, as the screen names it. */
export const ACCESS_CONTROL_PLACE = 'the RPC Access Control card on the Endpoints page';

/**
 * The explanation for a refusal of `kind`, for a dashboard served from `dashboardHost` (the
 * Origin its calls carry). Adding the dashboard's host is suggested only when it is a name the
 * Allowed Domains list accepts (never 'localhost' or an IP address).
 */
export function refusalAdvice(kind: AccessRefusal, dashboardHost: string): RefusalAdvice {
  switch (kind) {
    case 'domains': {
      const addable = validateAccessValue('domains', dashboardHost, []) === null;
      return {
        title: 'Refused by your Allowed Domains',
        reason: `Your API keys answer only calls made from the domains in Allowed Domains. This playground runs in your browser on ${dashboardHost}, which is not one of them, so the gateway refuses every call it makes. Your keys still work from the sites you allowed.`,
        action: addable
          ? `To test here, add ${dashboardHost} to Allowed Domains in ${ACCESS_CONTROL_PLACE}, or test from one of your allowed sites.`
          : `${dashboardHost} cannot be an allowed domain. To test here, empty Allowed Domains for a while in ${ACCESS_CONTROL_PLACE}, or test from one of your allowed sites.`,
      };
    }
    case 'ips':
    case 'cidrs': {
      const list = kind === 'ips' ? 'Allowed IPs' : 'Allowed CIDRs';
      return {
        title: `Refused by your ${list}`,
        reason: `Your API keys answer only calls from the addresses in ${list}. This playground calls from your own computer's address, which is not one of them.`,
        action: `To test here, add your address to ${list} in ${ACCESS_CONTROL_PLACE}, or test from an allowed machine.`,
      };
    }
    case 'unknown':
      return {
        title: 'Refused by your RPC Access Control',
        reason:
          'Your API keys answer only calls that your access-control lists let through, and this call from your browser is not one of them.',
        action: `Check the lists in ${ACCESS_CONTROL_PLACE}.`,
      };
  }
}
