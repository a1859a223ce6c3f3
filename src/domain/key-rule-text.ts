import { ORIGIN_CAVEAT, ORIGIN_FACTS } from './access-rule-text';
import type { CallRuleKind, KeyCapPeriod } from './key-rules';

/** How the key's own call lists read in its rules dialog (the project's kinds read as on /endpoints: ACCESS_RULE_TEXT). */
export const CALL_RULE_TEXT: Readonly<Record<CallRuleKind, { title: string; valueLabel: string; placeholder: string; help: string }>> = {
  methods: {
    title: 'Allowed Methods',
    valueLabel: 'Method',
    placeholder: 'Choose a method',
    help: 'Only these methods may be called with this key; a call of another is refused. Empty: any method.',
  },
  contracts: {
    title: 'Allowed Contract Addresses',
    valueLabel: 'Contract address',
    placeholder: '0x…',
    help: 'Calls that name a contract (eth_call, eth_estimateGas and their kin, the transaction eth_sendRawTransaction sends, eth_getLogs, log filters and logs subscriptions) must name one of these: a call naming another contract, or none, is refused. Other methods are not limited. Empty: any contract.',
  },
};

/** The choice of each of the project's kinds: its list, or the key's own. */
export const USE_PROJECT_LIST = "Use the project's list";
export const USE_OWN_LIST = "This key's own list";
export const NO_OWN_VALUES = 'No values: this key accepts any of this kind.';

export const ORIGIN_CHOICE_TITLE = 'Calls without an Origin';
export const ORIGIN_CHOICE_HELP = `When Allowed Domains has values. ${ORIGIN_FACTS} ${ORIGIN_CAVEAT}`;
export const REFUSE_NO_ORIGIN_LABEL = 'Refuse calls without an Origin (servers, curl, scripts)';

/** "Use the project's choice" with what the project chose. */
export function projectOriginLabel(projectAccepts: boolean): string {
  return `Use the project's choice (now: ${projectAccepts ? 'accept' : 'refuse'} them)`;
}

export const keyRulesTitle = (name: string) => `Rules of ${name}`;
export const keyRulesSaved = (name: string) => `Rules of ${name} saved. The gateway enforces them within a second.`;
export const OWN_RULES_BADGE = 'Own rules';

/** The spend caps' section of a key's rules. */
export const KEY_CAPS_TITLE = 'Spend Caps';
export const KEY_CAPS_HELP =
  "Credits this key may spend; a call past a cap is refused (HTTP 403, JSON-RPC -32005) until the period ends, and you are e-mailed once. Your account's quota still applies. Empty: no cap.";
export const KEY_CAP_TEXT: Readonly<Record<KeyCapPeriod, { label: string; hint: string }>> = {
  day: { label: 'Credits per day', hint: 'Each UTC day, from midnight.' },
  cycle: { label: 'Credits per billing cycle', hint: "Each of your account's billing cycles, as the plan's quota counts." },
};
