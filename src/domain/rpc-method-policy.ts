import { isPublicMethod, methodFacts } from './rpc-method-registry';

/**
 * Which JSON-RPC methods the gateway serves: the methods of the registry
 * (src/domain/rpc-method-registry.ts), the one table the RPC playground lists its methods from too.
 *
 * Refused: the methods that act as the node's own accounts or mining (named, with the reason and
 * what to do instead), and everything else — the node's control and debugging namespaces (anvil_,
 * evm_, hardhat_, admin_, debug_, personal_, miner_, txpool_, trace_...) and unknown names.
 * Method names are case-sensitive, as in JSON-RPC: 'ETH_CHAINID' is not 'eth_chainId'.
 */

const signYourself = 'sign the transaction yourself and send it with eth_sendRawTransaction.';
const useYourWallet = 'sign with your own wallet or key.';
const yourAddresses = "use your own wallet's addresses.";

/** The methods that would act as the node's own accounts or mining: what to do instead. */
const NODE_ACCOUNT_METHODS: ReadonlyMap<string, string> = new Map([
  ['eth_sendTransaction', signYourself],
  ['eth_signTransaction', signYourself],
  ['eth_sign', useYourWallet],
  ['eth_signTypedData', useYourWallet],
  ['eth_signTypedData_v1', useYourWallet],
  ['eth_signTypedData_v3', useYourWallet],
  ['eth_signTypedData_v4', useYourWallet],
  ['eth_accounts', yourAddresses],
  ['eth_coinbase', yourAddresses],
]);

/** Proof-of-work mining control: no node of this service mines for its clients. */
const MINING_METHODS: ReadonlySet<string> = new Set(['eth_getWork', 'eth_submitWork', 'eth_submitHashrate']);

/** Longest method name quoted in a refusal: a client's name can be anything, of any length. */
const quotedNameMax = 64;

export type MethodVerdict = { readonly allowed: true } | { readonly allowed: false; readonly message: string };

const allowed: { readonly allowed: true } = { allowed: true };

function quoted(method: string): string {
  return method.length > quotedNameMax ? `${method.slice(0, quotedNameMax)}…` : method;
}

/** Whether the gateway serves `method`, and if not, the refusal's message (it says why). */
export function methodVerdict(method: string): MethodVerdict {
  if (isPublicMethod(method)) return allowed;
  const instead = NODE_ACCOUNT_METHODS.get(method);
  if (instead !== undefined) {
    return { allowed: false, message: `${method} needs the node's own accounts, which this service does not offer: ${instead}` };
  }
  if (MINING_METHODS.has(method))
    return { allowed: false, message: `${method} controls the node's mining, which this service does not offer.` };
  return { allowed: false, message: `The method ${quoted(method)} is not available on this service.` };
}

export type CallVerdict =
  | { readonly allowed: true }
  | {
      readonly allowed: false;
      readonly message: string;
      /** The first refused batch entry; null for a single call. */
      readonly index: number | null;
    };

/**
 * A call (one method) or a batch (its methods in order). A batch is served whole or refused whole,
 * like every other gateway decision on a batch: the first refused entry refuses it, and the message
 * names that entry's index.
 */
export function callVerdict(methods: readonly string[], batch: boolean): CallVerdict {
  for (let index = 0; index < methods.length; index += 1) {
    const method = methods[index] ?? '';
    if (isPublicMethod(method)) continue;
    const verdict = methodVerdict(method);
    if (verdict.allowed) continue;
    if (!batch) return { allowed: false, message: verdict.message, index: null };
    return { allowed: false, message: `Batch entry ${index}: ${verdict.message} No call of this batch was sent.`, index };
  }
  return allowed;
}

/**
 * Methods whose params carry account secrets: geth's and Parity's personal_ (raw private keys,
 * passphrases: personal_importRawKey, personal_unlockAccount, personal_sendTransaction...), Parity's
 * signer_ (passphrases) and its account methods that take a secret, phrase or password. The
 * policy refuses them all (none is served); the request log never keeps their params, whatever
 * became of the call. Matched whatever the case: a client's 'Personal_importRawKey' is refused as
 * unknown, and its params hold the same secret.
 */
const SECRET_NAMESPACES = ['personal_', 'signer_'] as const;
const SECRET_METHODS: ReadonlySet<string> = new Set([
  'parity_newaccountfromphrase',
  'parity_newaccountfromsecret',
  'parity_newaccountfromwallet',
  'parity_exportaccount',
  'parity_changepassword',
  'parity_testpassword',
  'parity_deriveaddresshash',
  'parity_deriveaddressindex',
  'parity_signmessage',
]);

/** Whether `method`'s params may hold a secret (a private key, a passphrase): they are never stored. */
export function paramsHoldSecrets(method: string): boolean {
  const name = method.toLowerCase();
  return SECRET_NAMESPACES.some((prefix) => name.startsWith(prefix)) || SECRET_METHODS.has(name);
}

/**
 * Whether every method of a call only reads: served, and without effect on the node. Only such a
 * call may reach the node before it is admitted (its answer is dropped if it is refused).
 */
export function onlyReads(methods: readonly string[]): boolean {
  for (const method of methods) if (methodFacts(method)?.mutates !== false) return false;
  return true;
}
