/**
 * The values the RPC playground's examples name (src/domain/rpc-method-registry.ts): accounts,
 * a signed transaction and hashes that answer something useful on a fresh local node (anvil).
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

/** A transfer of 1 wei, for the methods that take a call object. */
export const EXAMPLE_TRANSFER = { from: EXAMPLE_ADDRESS, to: EXAMPLE_SENDER, value: '0x1' };
