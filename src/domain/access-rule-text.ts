import type { AccessKind } from '@/domain/access-control';

/** How each rule of the RPC Access Control card reads (SPEC.md "Endpoints": the three rules). */
export interface AccessRuleText {
  title: string;
  /** The label of the modal's input. */
  valueLabel: string;
  placeholder: string;
  help: string;
}

export const ACCESS_RULE_TEXT: Readonly<Record<AccessKind, AccessRuleText>> = {
  domains: {
    title: 'Allowed Domains',
    valueLabel: 'Domain',
    placeholder: 'app.example.com',
    help: 'A call is accepted only when its Origin header names one of these domains or a subdomain of them.',
  },
  ips: {
    title: 'Allowed IPs',
    valueLabel: 'IP address',
    placeholder: '203.0.113.7',
    help: 'Calls are accepted only from these addresses: IPv4, or IPv6 written with all 8 groups.',
  },
  cidrs: {
    title: 'Allowed CIDRs',
    valueLabel: 'CIDR range',
    placeholder: '203.0.113.0/24',
    help: 'Calls are accepted only from addresses inside these IPv4 ranges.',
  },
};

/** SPEC.md "Endpoints": what a rule without values shows. */
export const NO_VALUES_SET = 'No values set';

/**
 * What Allowed Domains refuses, with values set, for each choice about calls without an Origin.
 * Browsers always send an Origin; servers, curl and scripts usually do not, and can send any they
 * like, so a domain list binds browsers only.
 */
export function domainsRefusal(allowNoOrigin: boolean): string {
  return allowNoOrigin
    ? 'Refused: calls whose Origin names another site. Accepted: calls without an Origin (servers, curl, scripts).'
    : 'Refused: calls whose Origin names another site, and calls without an Origin (servers, curl, scripts).';
}

export const NO_ORIGIN_LABEL = 'Accept calls without an Origin (servers, curl, scripts)';
/** Why calls without an Origin are told apart, and what that cannot prove (each Origin choice says both). */
export const ORIGIN_FACTS = "Browsers always send the page's Origin; other programs usually send none.";
export const ORIGIN_CAVEAT = 'A program can send any Origin, so limit servers with Allowed IPs or CIDRs.';
export const NO_ORIGIN_HINT = `${ORIGIN_FACTS} Leave this off to refuse them; turn it on to keep server calls working while browsers are limited to these domains. ${ORIGIN_CAVEAT}`;
