import type { PublicMethod } from './rpc-method-policy';

/**
 * The Ethereum JSON-RPC methods the RPC testing playground offers (SPEC.md "/rpc-testing": about 48),
 * each with params that work as they are against the networks' nodes, so that Run answers something
 * useful before the user edits anything. Methods without params send `[]` (SPEC.md §3). Every one
 * is a method the gateway serves: names are typed from the method policy's table
 * (src/domain/rpc-method-policy.ts), so the playground cannot offer a method the gateway refuses.
 *
 * Two examples cannot answer on a fresh node: eth_getFilterChanges and eth_getFilterLogs name a
 * filter, and anvil gives filters random ids, so they keep the shape (one id, where the user puts
 * the one eth_newFilter returned). The lookups by transaction hash find EXAMPLE_TRANSACTION_HASH
 * once eth_sendRawTransaction has run (before, they answer null). The policy's methods anvil does
 * not have (eth_mining, net_peerCount) and the uncle lookups by hash (anvil answers an error for a
 * block it does not have, and block hashes differ per node) are served but not offered here.
 * test/server/rpc-methods-examples.test.ts runs every example against anvil.
 */

/** Anvil's first development account: funded on every fresh node, so balance and nonce calls answer. */
export const EXAMPLE_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** Anvil's second development account, which signed EXAMPLE_RAW_TRANSACTION. */
export const EXAMPLE_SENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/**
 * A legacy (EIP-155) transfer of 0.001 ETH from EXAMPLE_SENDER to EXAMPLE_ADDRESS, nonce 0, 21,000
 * gas at 2 gwei, signed offline for chain 80094 (mainnet) with the sender's well-known development
 * key. The first send on a fresh node is mined; any later one is refused by the node ("nonce too
 * low"), and on devnet (chain 80069) it is refused for its chain id: both are JSON-RPC errors the
 * screen shows as they come.
 */
export const EXAMPLE_RAW_TRANSACTION =
  '0xf86d80847735940082520894f39fd6e51aad88f6f4ce6ab8827279cfffb9226687038d7ea4c6800080830271e0a02fbd05cc74e3e55de7b00079fae7403b45c8103e58146473205de3cc220023b2a0387f40bed4a67b6f1db81f48f82b898111a626b137fa8f59ada3e551382de2e8';
/** The hash of EXAMPLE_RAW_TRANSACTION: the lookups by hash find it once it was sent. */
export const EXAMPLE_TRANSACTION_HASH = '0xc4225b7d50b0e71ceb923ea8fd6176bc14a44e76436a11fcbf16ffe584a8babb';
/** A block hash no node has: the lookups by block hash answer null (a valid, empty answer). */
export const EXAMPLE_BLOCK_HASH = `0x${'0'.repeat(64)}`;

const transfer = { from: EXAMPLE_ADDRESS, to: EXAMPLE_SENDER, value: '0x1' };

export type RpcMethodGroup = 'Chain' | 'Accounts' | 'Blocks' | 'Transactions' | 'Logs & filters' | 'Node';

export interface RpcMethod {
  readonly name: PublicMethod;
  readonly group: RpcMethodGroup;
  /** Params that work as they are; `[]` when the method takes none. */
  readonly params: readonly unknown[];
}

const method = (group: RpcMethodGroup, name: PublicMethod, params: readonly unknown[] = []): RpcMethod => ({ name, group, params });

export const RPC_METHODS: readonly RpcMethod[] = [
  method('Chain', 'eth_chainId'),
  method('Chain', 'eth_blockNumber'),
  method('Chain', 'eth_gasPrice'),
  method('Chain', 'eth_maxPriorityFeePerGas'),
  method('Chain', 'eth_blobBaseFee'),
  method('Chain', 'eth_feeHistory', [4, 'latest', [25, 75]]),
  method('Chain', 'eth_syncing'),
  method('Chain', 'eth_config'),
  method('Chain', 'net_version'),

  method('Accounts', 'eth_getBalance', [EXAMPLE_ADDRESS, 'latest']),
  method('Accounts', 'eth_getTransactionCount', [EXAMPLE_ADDRESS, 'latest']),
  method('Accounts', 'eth_getCode', [EXAMPLE_ADDRESS, 'latest']),
  method('Accounts', 'eth_getStorageAt', [EXAMPLE_ADDRESS, '0x0', 'latest']),
  method('Accounts', 'eth_getProof', [EXAMPLE_ADDRESS, [], 'latest']),
  method('Accounts', 'eth_getAccount', [EXAMPLE_ADDRESS, 'latest']),

  method('Blocks', 'eth_getBlockByNumber', ['latest', false]),
  method('Blocks', 'eth_getBlockByHash', [EXAMPLE_BLOCK_HASH, false]),
  method('Blocks', 'eth_getBlockReceipts', ['latest']),
  method('Blocks', 'eth_getBlockTransactionCountByNumber', ['latest']),
  method('Blocks', 'eth_getBlockTransactionCountByHash', [EXAMPLE_BLOCK_HASH]),
  method('Blocks', 'eth_getUncleCountByBlockNumber', ['latest']),
  method('Blocks', 'eth_getUncleByBlockNumberAndIndex', ['latest', '0x0']),

  method('Transactions', 'eth_call', [{ from: EXAMPLE_ADDRESS, to: EXAMPLE_SENDER, data: '0x' }, 'latest']),
  method('Transactions', 'eth_estimateGas', [transfer]),
  method('Transactions', 'eth_createAccessList', [transfer, 'latest']),
  method('Transactions', 'eth_simulateV1', [{ blockStateCalls: [{ calls: [transfer] }] }, 'latest']),
  method('Transactions', 'eth_sendRawTransaction', [EXAMPLE_RAW_TRANSACTION]),
  method('Transactions', 'eth_getTransactionByHash', [EXAMPLE_TRANSACTION_HASH]),
  method('Transactions', 'eth_getTransactionReceipt', [EXAMPLE_TRANSACTION_HASH]),
  method('Transactions', 'eth_getTransactionByBlockNumberAndIndex', ['latest', '0x0']),
  method('Transactions', 'eth_getTransactionByBlockHashAndIndex', [EXAMPLE_BLOCK_HASH, '0x0']),
  method('Transactions', 'eth_getRawTransactionByHash', [EXAMPLE_TRANSACTION_HASH]),
  method('Transactions', 'eth_getRawTransactionByBlockNumberAndIndex', ['latest', '0x0']),
  method('Transactions', 'eth_getRawTransactionByBlockHashAndIndex', [EXAMPLE_BLOCK_HASH, '0x0']),

  method('Logs & filters', 'eth_getLogs', [{ fromBlock: '0x0', toBlock: '0x0' }]),
  method('Logs & filters', 'eth_newFilter', [{ fromBlock: 'latest', toBlock: 'latest' }]),
  method('Logs & filters', 'eth_newBlockFilter'),
  method('Logs & filters', 'eth_newPendingTransactionFilter'),
  method('Logs & filters', 'eth_getFilterChanges', ['0x1']),
  method('Logs & filters', 'eth_getFilterLogs', ['0x1']),
  method('Logs & filters', 'eth_uninstallFilter', ['0x1']),

  method('Node', 'web3_clientVersion'),
  method('Node', 'web3_sha3', ['0x68656c6c6f20776f726c64']),
  method('Node', 'net_listening'),
  method('Node', 'eth_protocolVersion'),
  method('Node', 'eth_hashrate'),
];

/** The method of that name, or undefined when the playground does not list it. */
export function findRpcMethod(name: string): RpcMethod | undefined {
  return RPC_METHODS.find((candidate) => candidate.name === name);
}
