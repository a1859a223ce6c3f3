import {
  ACCESS_KINDS,
  ACCESS_MESSAGES,
  type AccessKind,
  type AccessSettings,
  type AccessValueProblem,
  isAccessListFull,
  listProblems,
  normalizeAccessValue,
  validateAccessValue,
} from './access-control';
import { PUBLIC_METHODS } from './rpc-method-registry';
import { SUBSCRIBE_METHOD } from './rpc-subscriptions';

/**
 * A key's own access rules (the API Keys screen), overriding the project's (the Endpoints screen)
 * for that key alone. Each of the project's lists, and its choice for calls without an Origin, is
 * either the project's (null) or the key's own (a value; an empty list restricts nothing of its
 * kind): so a browser key can be held to the frontend's domain while the backend's key takes calls
 * without an Origin. Allowed Methods and Allowed Contract Addresses are the key's alone; empty, any
 * method or contract is allowed.
 */
export interface KeyRules {
  readonly domains: readonly string[] | null;
  readonly ips: readonly string[] | null;
  readonly cidrs: readonly string[] | null;
  readonly allowNoOrigin: boolean | null;
  readonly methods: readonly string[];
  readonly contracts: readonly string[];
  /** Spend caps: at most this many credits a UTC day, and a billing cycle; null: no cap. */
  readonly creditsPerDay: number | null;
  readonly creditsPerCycle: number | null;
}

/** The periods a key's spend is capped over: the UTC day, and the owner's billing cycle. */
export const KEY_CAP_PERIODS = ['day', 'cycle'] as const;
export type KeyCapPeriod = (typeof KEY_CAP_PERIODS)[number];

/** The rule field of each period's cap. */
export const KEY_CAP_FIELDS = { day: 'creditsPerDay', cycle: 'creditsPerCycle' } as const satisfies Record<KeyCapPeriod, keyof KeyRules>;

/** The largest cap a key may have (a trillion credits: above any plan's quota). */
export const KEY_CAP_MAX = 1_000_000_000_000;

export const KEY_CAP_MESSAGE = `Please enter a whole number of credits from 1 to ${KEY_CAP_MAX.toLocaleString('en-US')}, or leave it empty for no cap`;

/** The message for a cap as typed (empty: no cap), or null when it may be saved. */
export function keyCapProblem(text: string): string | null {
  return text.trim() === '' || parseKeyCap(text) !== null ? null : KEY_CAP_MESSAGE;
}

/** A cap as typed: null for no cap (empty) or for a value that is not one (see keyCapProblem). */
export function parseKeyCap(text: string): number | null {
  const trimmed = text.trim().replaceAll(',', '');
  if (!/^[0-9]{1,13}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return isKeyCap(value) ? value : null;
}

/** Whether a stored or sent cap is one (a whole number of credits from 1 to KEY_CAP_MAX). */
export function isKeyCap(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1 && value <= KEY_CAP_MAX;
}

/** The key's own lists: methods, and the contracts its calls may address. */
export const CALL_RULE_KINDS = ['methods', 'contracts'] as const;
export type CallRuleKind = (typeof CALL_RULE_KINDS)[number];

/** Every list a key may hold, in the order the screen shows them. */
export const KEY_RULE_KINDS = [...ACCESS_KINDS, ...CALL_RULE_KINDS] as const;
export type KeyRuleKind = AccessKind | CallRuleKind;

/** A key with no rules of its own: the project's lists apply, any method and contract, no cap. */
export const PROJECT_RULES: KeyRules = {
  domains: null,
  ips: null,
  cidrs: null,
  allowNoOrigin: null,
  methods: [],
  contracts: [],
  creditsPerDay: null,
  creditsPerCycle: null,
};

/**
 * The methods a key may be limited to: every method the gateway serves, and eth_subscribe (over
 * the WebSocket; its eth_unsubscribe needs no rule: it only ends a subscription the key holds).
 */
export const RULE_METHODS: readonly string[] = [...PUBLIC_METHODS, SUBSCRIBE_METHOD];

const ruleMethods: ReadonlySet<string> = new Set(RULE_METHODS);

export const KEY_RULE_MESSAGES = {
  method: 'Please choose a method the gateway serves',
  contract: 'Please enter a contract address: 0x followed by 40 hexadecimal digits',
} as const;

const CONTRACT_ADDRESS = /^0x[0-9a-f]{40}$/;

function isCallRuleKind(kind: KeyRuleKind): kind is CallRuleKind {
  return kind === 'methods' || kind === 'contracts';
}

/**
 * The stored form of a value: the project's for its kinds; trimmed, and contract addresses in lower
 * case (the checksum's case is not part of the address).
 */
export function normalizeKeyRuleValue(kind: KeyRuleKind, value: string): string {
  if (!isCallRuleKind(kind)) return normalizeAccessValue(kind, value);
  const trimmed = value.trim();
  return kind === 'contracts' ? trimmed.toLowerCase() : trimmed;
}

function callRuleProblem(kind: CallRuleKind, value: string): string | null {
  if (kind === 'methods') return ruleMethods.has(value) ? null : KEY_RULE_MESSAGES.method;
  return CONTRACT_ADDRESS.test(value) ? null : KEY_RULE_MESSAGES.contract;
}

/**
 * The message for a value about to join one of a key's lists, or null when it may: the project's
 * rules for its kinds (src/domain/access-control.ts), the method list or an address for the others.
 */
export function validateKeyRuleValue(kind: KeyRuleKind, value: string, existing: readonly string[]): string | null {
  if (!isCallRuleKind(kind)) return validateAccessValue(kind, value, existing);
  if (isAccessListFull(existing)) return ACCESS_MESSAGES.full;
  const candidate = normalizeKeyRuleValue(kind, value);
  if (candidate === '') return ACCESS_MESSAGES.empty;
  const problem = callRuleProblem(kind, candidate);
  if (problem !== null) return problem;
  return existing.some((other) => normalizeKeyRuleValue(kind, other) === candidate) ? ACCESS_MESSAGES.duplicate : null;
}

/** Every problem of a whole list, in order, each value checked against the values before it (as the editor adds them). */
export function keyRuleListProblems(kind: KeyRuleKind, values: readonly string[]): AccessValueProblem[] {
  return listProblems(values, (value, before) => validateKeyRuleValue(kind, value, before));
}

/** What the gateway enforces for a key: each list the key's own where it has one, else the project's. */
export function effectiveAccess(project: AccessSettings, key: KeyRules): AccessSettings {
  return {
    domains: key.domains ?? project.domains,
    ips: key.ips ?? project.ips,
    cidrs: key.cidrs ?? project.cidrs,
    allowNoOrigin: key.allowNoOrigin ?? project.allowNoOrigin,
  };
}

/** Whether the key has any rule of its own (the keys screen marks such a key). */
export function hasOwnRules(rules: KeyRules): boolean {
  return (
    ACCESS_KINDS.some((kind) => rules[kind] !== null) ||
    rules.allowNoOrigin !== null ||
    rules.methods.length > 0 ||
    rules.contracts.length > 0 ||
    rules.creditsPerDay !== null ||
    rules.creditsPerCycle !== null
  );
}
