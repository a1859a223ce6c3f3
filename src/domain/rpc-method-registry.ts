import {
  EXAMPLE_ADDRESS,
  EXAMPLE_BLOCK_HASH,
  EXAMPLE_RAW_TRANSACTION,
  EXAMPLE_SENDER,
  EXAMPLE_TRANSACTION_HASH,
  EXAMPLE_TRANSFER,
} from './rpc-examples';

/**
 * Every JSON-RPC method the gateway serves, and what is known of each: the one table. The method
 * policy serves exactly these names (src/domain/rpc-method-policy.ts), the gateway charges each by
 * its credit class (src/domain/credits.ts), lets a call go to the node before it is admitted only when
 * none of its methods mutates, and the RPC playground offers the methods with an example
 * (src/domain/rpc-methods.ts). test/domain/one-place-for-each-fact.test.ts fails when a method name
 * is listed anywhere else.
 *
 * What a public RPC provider serves: the public eth_, net_ and web3_ methods, on nodes shared by every
 * user. Checked against what viem 2 and ethers 6 call and against ethereum/execution-apis
 * (src/eth/*.yaml and its tests): every eth_ method there that needs no account of the node's is here.
 * A method the node does not implement (anvil has no eth_baseFee, eth_capabilities or
 * eth_getBlockAccessList) is still forwarded: the node's own -32601 reaches the client, which falls
 * back as it would on any node without it.
 */

/** The credit class of a call (SPEC.md §9); the contract's UsageType spells the same three names. */
export type UsageType = 'standard' | 'logs' | 'transaction';

/** The groups of the playground's method list, in the order it shows them. */
export type RpcMethodGroup = 'Chain' | 'Accounts' | 'Blocks' | 'Transactions' | 'Logs & filters' | 'Node';

/**
 * Whether and how an answer may be kept and given again for the same call:
 * - 'never': it follows the chain's head, the pending pool or the node's filters, or the call has effects;
 * - 'byBlock': it is fixed once the block it names is: kept under the params with the block as a
 *   number or hash (never 'latest' or 'pending'), until a reorganisation replaces that block;
 * - 'byHash': it is fixed by the block or transaction hash it names, once the node has it (an
 *   answer of null is not kept: the transaction may not be mined yet);
 * - 'byChain': the same answer on every call of a network;
 * - 'byParams': a pure function of its params.
 */
export type CachePolicy = 'never' | 'byBlock' | 'byHash' | 'byChain' | 'byParams';

export interface MethodFacts {
  readonly group: RpcMethodGroup;
  readonly credits: UsageType;
  /** The call changes what the node holds for later calls: a transaction sent, a filter created, polled or removed. */
  readonly mutates: boolean;
  readonly cache: CachePolicy;
  /**
   * Where a 'byBlock' method names its block: the index of the block tag among its params ('latest',
   * 'pending', a number, or an EIP-1898 { blockHash } / { blockNumber }), or 'filter' for eth_getLogs'
   * fromBlock/toBlock/blockHash; null for every other method. Absent at its index means 'latest'.
   */
  readonly block: number | 'filter' | null;
  /**
   * How the gateway's fleet serves it, where not as by default (a mutating call on the first node in
   * rotation, which holds its filters; a read on any node at the block it needs): 'all', sent to every
   * node in rotation; 'head', answered from the head the gateway follows, no node asked.
   */
  readonly route?: 'all' | 'head';
  /**
   * Where the contract a call addresses is, for a key's Allowed Contract Addresses: 'call', the `to`
   * of the transaction object first in its params; 'filter', the `address` (one or a list) of the
   * filter first in its params; 'raw', the `to` of the signed transaction first in its params;
   * 'simulate', the `to` of every call in eth_simulateV1's blocks. Absent: it addresses none.
   */
  readonly contract?: 'call' | 'filter' | 'raw' | 'simulate';
  /**
   * The playground's params for it, which work as they are against the networks' nodes (`[]` when the
   * method takes none); null when the playground does not offer it (anvil lacks it, or block hashes
   * differ per node). test/server/rpc-methods-examples.test.ts runs every example against anvil.
   */
  readonly example: readonly unknown[] | null;
}

/** A read charged as a standard call; most methods are one. */
const read = (group: RpcMethodGroup, cache: CachePolicy, example: readonly unknown[] | null, block: number | null = null) =>
  ({ group, credits: 'standard', mutates: false, cache, example, block }) as const satisfies MethodFacts;

/**
 * Rows in the order the playground lists them. Two examples cannot answer on a fresh node:
 * eth_getFilterChanges and eth_getFilterLogs name a filter, and anvil gives filters random ids, so
 * they keep the shape (one id, where the user puts the one eth_newFilter returned). The lookups by
 * transaction hash find EXAMPLE_TRANSACTION_HASH once eth_sendRawTransaction has run (before, they
 * answer null).
 */
export const RPC_METHOD_REGISTRY = {
  // Chain and fees
  eth_chainId: read('Chain', 'byChain', []),
  eth_blockNumber: { ...read('Chain', 'never', []), route: 'head' },
  eth_gasPrice: read('Chain', 'never', []),
  eth_maxPriorityFeePerGas: read('Chain', 'never', []),
  eth_blobBaseFee: read('Chain', 'never', []),
  eth_feeHistory: read('Chain', 'byBlock', [4, 'latest', [25, 75]], 1),
  eth_syncing: read('Chain', 'never', []),
  eth_config: read('Chain', 'never', []),
  net_version: read('Chain', 'byChain', []),
  eth_baseFee: read('Chain', 'never', null),
  eth_capabilities: read('Chain', 'never', null),
  // Accounts and state
  eth_getBalance: read('Accounts', 'byBlock', [EXAMPLE_ADDRESS, 'latest'], 1),
  eth_getTransactionCount: read('Accounts', 'byBlock', [EXAMPLE_ADDRESS, 'latest'], 1),
  eth_getCode: read('Accounts', 'byBlock', [EXAMPLE_ADDRESS, 'latest'], 1),
  eth_getStorageAt: read('Accounts', 'byBlock', [EXAMPLE_ADDRESS, '0x0', 'latest'], 2),
  eth_getProof: read('Accounts', 'byBlock', [EXAMPLE_ADDRESS, [], 'latest'], 2),
  eth_getAccount: read('Accounts', 'byBlock', [EXAMPLE_ADDRESS, 'latest'], 1),
  eth_getStorageValues: read('Accounts', 'byBlock', null, 1),
  // Blocks
  eth_getBlockByNumber: read('Blocks', 'byBlock', ['latest', false], 0),
  eth_getBlockByHash: read('Blocks', 'byHash', [EXAMPLE_BLOCK_HASH, false]),
  eth_getBlockReceipts: read('Blocks', 'byBlock', ['latest'], 0),
  eth_getBlockTransactionCountByNumber: read('Blocks', 'byBlock', ['latest'], 0),
  eth_getBlockTransactionCountByHash: read('Blocks', 'byHash', [EXAMPLE_BLOCK_HASH]),
  eth_getUncleCountByBlockNumber: read('Blocks', 'byBlock', ['latest'], 0),
  eth_getUncleByBlockNumberAndIndex: read('Blocks', 'byBlock', ['latest', '0x0'], 0),
  eth_getBlockAccessList: read('Blocks', 'byBlock', null, 0),
  // Anvil answers an error for a block it does not have, and block hashes differ per node.
  eth_getUncleCountByBlockHash: read('Blocks', 'byHash', null),
  eth_getUncleByBlockHashAndIndex: read('Blocks', 'byHash', null),
  // Simulation, sending what the client signed itself, and transactions
  eth_call: {
    ...read('Transactions', 'byBlock', [{ from: EXAMPLE_ADDRESS, to: EXAMPLE_SENDER, data: '0x' }, 'latest'], 1),
    contract: 'call',
  },
  eth_estimateGas: { ...read('Transactions', 'byBlock', [EXAMPLE_TRANSFER], 1), contract: 'call' },
  eth_createAccessList: { ...read('Transactions', 'byBlock', [EXAMPLE_TRANSFER, 'latest'], 1), contract: 'call' },
  eth_simulateV1: {
    ...read('Transactions', 'byBlock', [{ blockStateCalls: [{ calls: [EXAMPLE_TRANSFER] }] }, 'latest'], 1),
    contract: 'simulate',
  },
  eth_sendRawTransaction: {
    group: 'Transactions',
    credits: 'transaction',
    mutates: true,
    cache: 'never',
    example: [EXAMPLE_RAW_TRANSACTION],
    block: null,
    route: 'all',
    contract: 'raw',
  },
  eth_getTransactionByHash: read('Transactions', 'byHash', [EXAMPLE_TRANSACTION_HASH]),
  eth_getTransactionReceipt: read('Transactions', 'byHash', [EXAMPLE_TRANSACTION_HASH]),
  eth_getTransactionByBlockNumberAndIndex: read('Transactions', 'byBlock', ['latest', '0x0'], 0),
  eth_getTransactionByBlockHashAndIndex: read('Transactions', 'byHash', [EXAMPLE_BLOCK_HASH, '0x0']),
  eth_getRawTransactionByHash: read('Transactions', 'byHash', [EXAMPLE_TRANSACTION_HASH]),
  eth_getRawTransactionByBlockNumberAndIndex: read('Transactions', 'byBlock', ['latest', '0x0'], 0),
  eth_getRawTransactionByBlockHashAndIndex: read('Transactions', 'byHash', [EXAMPLE_BLOCK_HASH, '0x0']),
  // Nonce, gas and fees of an unsigned transaction, signed by nobody: viem asks it before every send.
  eth_fillTransaction: { ...read('Transactions', 'never', null), contract: 'call' },
  // EIP-7966: the same send, answered with the receipt once mined (viem's sendRawTransactionSync); it costs what a send costs.
  eth_sendRawTransactionSync: {
    group: 'Transactions',
    credits: 'transaction',
    mutates: true,
    cache: 'never',
    example: null,
    block: null,
    contract: 'raw',
  },
  eth_getTransactionBySenderAndNonce: read('Transactions', 'never', null),
  // Logs and filters
  eth_getLogs: {
    group: 'Logs & filters',
    credits: 'logs',
    mutates: false,
    cache: 'byBlock',
    example: [{ fromBlock: '0x0', toBlock: '0x0' }],
    block: 'filter',
    contract: 'filter',
  },
  eth_newFilter: {
    group: 'Logs & filters',
    credits: 'standard',
    mutates: true,
    cache: 'never',
    example: [{ fromBlock: 'latest', toBlock: 'latest' }],
    block: null,
    contract: 'filter',
  },
  eth_newBlockFilter: { group: 'Logs & filters', credits: 'standard', mutates: true, cache: 'never', example: [], block: null },
  eth_newPendingTransactionFilter: {
    group: 'Logs & filters',
    credits: 'standard',
    mutates: true,
    cache: 'never',
    example: [],
    block: null,
  },
  // Taking a filter's changes is a change: the next poll no longer returns them.
  eth_getFilterChanges: { group: 'Logs & filters', credits: 'standard', mutates: true, cache: 'never', example: ['0x1'], block: null },
  eth_getFilterLogs: read('Logs & filters', 'never', ['0x1']),
  eth_uninstallFilter: { group: 'Logs & filters', credits: 'standard', mutates: true, cache: 'never', example: ['0x1'], block: null },
  // Node facts
  web3_clientVersion: read('Node', 'never', []),
  web3_sha3: read('Node', 'byParams', ['0x68656c6c6f20776f726c64']),
  net_listening: read('Node', 'never', []),
  eth_protocolVersion: read('Node', 'never', []),
  eth_hashrate: read('Node', 'never', []),
  // Anvil has neither.
  eth_mining: read('Node', 'never', null),
  net_peerCount: read('Node', 'never', null),
} as const satisfies Record<string, MethodFacts>;

export type PublicMethod = keyof typeof RPC_METHOD_REGISTRY;

/** Whether the gateway serves `name`. Names are case-sensitive, as in JSON-RPC: 'ETH_CHAINID' is not 'eth_chainId'. */
export function isPublicMethod(name: string): name is PublicMethod {
  return Object.hasOwn(RPC_METHOD_REGISTRY, name);
}

/** The served methods, in the registry's order. */
export const PUBLIC_METHODS: readonly PublicMethod[] = Object.keys(RPC_METHOD_REGISTRY).filter(isPublicMethod);

const facts: ReadonlyMap<string, MethodFacts> = new Map(Object.entries(RPC_METHOD_REGISTRY));

/** What is known of `method`, or undefined when it is not served. Names are case-sensitive, as in JSON-RPC. */
export function methodFacts(method: string): MethodFacts | undefined {
  return facts.get(method);
}
