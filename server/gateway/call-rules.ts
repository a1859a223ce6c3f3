import { decode } from '@ethereumjs/rlp';
import { methodFacts } from '@/domain/rpc-method-registry';
import { SUBSCRIBE_METHOD, type SubscriptionType } from '@/domain/rpc-subscriptions';

/**
 * A key's Allowed Methods and Allowed Contract Addresses (src/domain/key-rules.ts), compiled once
 * per key load. Every call of a batch must pass; a call whose contract cannot be told (a filter over
 * every address, a contract creation, a transaction that does not decode) fails a contract list:
 * it fails closed.
 */
export interface CallRules {
  /** The allowed methods; null: any. */
  readonly methods: ReadonlySet<string> | null;
  /** The allowed contract addresses, in lower case; null: any. */
  readonly contracts: ReadonlySet<string> | null;
}

export type CallRefusal = 'methods' | 'contracts';

export const ANY_CALL: CallRules = { methods: null, contracts: null };

export function compileCallRules(lists: { readonly methods: readonly string[]; readonly contracts: readonly string[] }): CallRules {
  if (lists.methods.length === 0 && lists.contracts.length === 0) return ANY_CALL;
  return {
    methods: lists.methods.length === 0 ? null : new Set(lists.methods),
    contracts: lists.contracts.length === 0 ? null : new Set(lists.contracts.map((address) => address.toLowerCase())),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstParam(params: unknown): unknown {
  return Array.isArray(params) ? params[0] : undefined;
}

/** An address as compared: lower case; null when it is not a string. */
function address(value: unknown): string | null {
  return typeof value === 'string' ? value.toLowerCase() : null;
}

/** A transaction object's `to`; null for a creation or a malformed object. */
function callTarget(value: unknown): string[] | null {
  if (!isRecord(value)) return null;
  const to = address(value.to);
  return to === null ? null : [to];
}

/** A log filter's `address`, one or a list; null when it names none (every contract's logs). */
export function filterTargets(filter: unknown): string[] | null {
  if (!isRecord(filter)) return null;
  const named = filter.address;
  if (typeof named === 'string') return [named.toLowerCase()];
  if (!Array.isArray(named) || named.length === 0) return null;
  const addresses: string[] = [];
  for (const entry of named) {
    const one = address(entry);
    if (one === null) return null;
    addresses.push(one);
  }
  return addresses;
}

/** Every `to` of eth_simulateV1's blocks; null when a call has none or the shape is not one. */
function simulatedTargets(params: unknown): string[] | null {
  const request = firstParam(params);
  if (!isRecord(request) || !Array.isArray(request.blockStateCalls)) return null;
  const targets: string[] = [];
  for (const block of request.blockStateCalls) {
    if (!isRecord(block) || !Array.isArray(block.calls)) return null;
    for (const call of block.calls) {
      const target = callTarget(call);
      if (target === null) return null;
      targets.push(...target);
    }
  }
  return targets;
}

/**
 * Where each transaction type holds `to` among its RLP fields: legacy [nonce, gasPrice, gas, to, …];
 * EIP-2930 [chainId, nonce, gasPrice, gas, to, …]; EIP-1559, EIP-4844 and EIP-7702
 * [chainId, nonce, maxPriorityFee, maxFee, gas, to, …].
 */
const TO_FIELD: Readonly<Record<number, number>> = { 1: 4, 2: 5, 3: 5, 4: 5 };
const LEGACY_TO_FIELD = 3;
const ADDRESS_BYTES = 20;

function hexBytes(hex: string): Uint8Array | null {
  if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(hex)) return null;
  return Uint8Array.from(Buffer.from(hex.slice(2), 'hex'));
}

/** The fields of a signed transaction's RLP list, as EIP-2718 envelopes them; null when it does not decode. */
function transactionFields(bytes: Uint8Array): { fields: unknown[]; toField: number } | null {
  const first = bytes[0];
  if (first === undefined) return null;
  // A legacy transaction is an RLP list (0xc0 and up); a typed one starts with its type (0x00-0x7f).
  const typed = first <= 0x7f;
  const toField = typed ? TO_FIELD[first] : LEGACY_TO_FIELD;
  if (toField === undefined) return null;
  let decoded: unknown;
  try {
    decoded = decode(typed ? bytes.subarray(1) : bytes);
  } catch {
    return null;
  }
  if (!Array.isArray(decoded)) return null;
  // EIP-4844's network form wraps the transaction with its blobs: [[fields…], blobs, commitments, proofs].
  const fields = first === 3 && Array.isArray(decoded[0]) ? decoded[0] : decoded;
  return Array.isArray(fields) ? { fields, toField } : null;
}

/** A signed transaction's `to`; null for a creation or bytes that are no transaction. */
export function rawTransactionTarget(raw: unknown): string[] | null {
  if (typeof raw !== 'string') return null;
  const bytes = hexBytes(raw);
  if (bytes === null) return null;
  const decoded = transactionFields(bytes);
  if (decoded === null) return null;
  const to = decoded.fields[decoded.toField];
  if (!(to instanceof Uint8Array) || to.length !== ADDRESS_BYTES) return null;
  return [`0x${Buffer.from(to).toString('hex')}`];
}

/** The contracts a call addresses; [] when its method addresses none, null when they cannot be told. */
export function contractsOf(method: string, params: unknown): readonly string[] | null {
  switch (methodFacts(method)?.contract) {
    case undefined:
      return [];
    case 'call':
      return callTarget(firstParam(params));
    case 'filter':
      return filterTargets(firstParam(params));
    case 'raw':
      return rawTransactionTarget(firstParam(params));
    case 'simulate':
      return simulatedTargets(params);
  }
}

/** Whether every contract named is allowed (null, none could be told: not allowed). */
export function contractsAllowed(rules: CallRules, contracts: readonly string[] | null): boolean {
  if (rules.contracts === null) return true;
  if (contracts === null) return false;
  const allowed = rules.contracts;
  return contracts.every((contract) => allowed.has(contract));
}

/** Null when every call may go on; else the list that refused the first call it refuses. */
export function checkCalls(rules: CallRules, methods: readonly string[], params: readonly unknown[]): CallRefusal | null {
  if (rules === ANY_CALL) return null;
  for (const [index, method] of methods.entries()) {
    if (rules.methods !== null && !rules.methods.has(method)) return 'methods';
    if (rules.contracts !== null && !contractsAllowed(rules, contractsOf(method, params[index]))) return 'contracts';
  }
  return null;
}

/** The contracts a subscription addresses: a "logs" filter's addresses (null: every contract's); none for the others. */
export function subscriptionContracts(type: SubscriptionType, params: unknown): readonly string[] | null {
  return type === 'logs' ? filterTargets(Array.isArray(params) ? params[1] : undefined) : [];
}

/** Null when the key may hold a subscription addressing `contracts`; else the list that refuses it. */
export function checkSubscription(rules: CallRules, contracts: readonly string[] | null): CallRefusal | null {
  if (rules.methods !== null && !rules.methods.has(SUBSCRIBE_METHOD)) return 'methods';
  return contractsAllowed(rules, contracts) ? null : 'contracts';
}
