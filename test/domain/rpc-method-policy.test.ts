import { describe, expect, it } from 'vitest';
import { callVerdict, methodVerdict, onlyReads, paramsHoldSecrets } from '@/domain/rpc-method-policy';
import { PUBLIC_METHODS } from '@/domain/rpc-method-registry';
import { RPC_METHODS } from '@/domain/rpc-methods';

const notAvailable = (method: string) => `The method ${method} is not available on this service.`;
const nodeAccounts = (method: string, instead: string) =>
  `${method} needs the node's own accounts, which this service does not offer: ${instead}`;

describe('the method policy', () => {
  it.each([
    'eth_chainId',
    'eth_blockNumber',
    'eth_getBalance',
    'eth_getStorageAt',
    'eth_getProof',
    'eth_getAccount',
    'eth_getBlockReceipts',
    'eth_call',
    'eth_estimateGas',
    'eth_createAccessList',
    'eth_sendRawTransaction',
    'eth_getLogs',
    'eth_newFilter',
    'eth_getFilterChanges',
    'eth_uninstallFilter',
    'eth_feeHistory',
    'eth_maxPriorityFeePerGas',
    'eth_blobBaseFee',
    'eth_getUncleByBlockHashAndIndex',
    'eth_getUncleByBlockNumberAndIndex',
    'eth_getTransactionByBlockHashAndIndex',
    'eth_getTransactionByBlockNumberAndIndex',
    'eth_syncing',
    'eth_mining',
    'eth_hashrate',
    'eth_protocolVersion',
    'net_version',
    'net_listening',
    'net_peerCount',
    'web3_clientVersion',
    'web3_sha3',
    // viem asks it before every send; ethereum/execution-apis (src/eth/fill.yaml).
    'eth_fillTransaction',
    // ethereum/execution-apis' other public methods (src/eth/*.yaml).
    'eth_getStorageValues',
    'eth_baseFee',
    'eth_capabilities',
    'eth_getBlockAccessList',
    // What viem 2 calls besides (sendRawTransactionSync, getTransaction by sender and nonce).
    'eth_sendRawTransactionSync',
    'eth_getTransactionBySenderAndNonce',
  ])('serves %s', (method) => {
    expect(methodVerdict(method)).toEqual({ allowed: true });
  });

  it.each([
    ['eth_sendTransaction', nodeAccounts('eth_sendTransaction', 'sign the transaction yourself and send it with eth_sendRawTransaction.')],
    ['eth_signTransaction', nodeAccounts('eth_signTransaction', 'sign the transaction yourself and send it with eth_sendRawTransaction.')],
    ['eth_sign', nodeAccounts('eth_sign', 'sign with your own wallet or key.')],
    ['eth_signTypedData', nodeAccounts('eth_signTypedData', 'sign with your own wallet or key.')],
    ['eth_signTypedData_v4', nodeAccounts('eth_signTypedData_v4', 'sign with your own wallet or key.')],
    ['eth_accounts', nodeAccounts('eth_accounts', "use your own wallet's addresses.")],
    ['eth_coinbase', nodeAccounts('eth_coinbase', "use your own wallet's addresses.")],
    ['eth_getWork', "eth_getWork controls the node's mining, which this service does not offer."],
    ['eth_submitWork', "eth_submitWork controls the node's mining, which this service does not offer."],
    ['eth_submitHashrate', "eth_submitHashrate controls the node's mining, which this service does not offer."],
  ])('refuses %s, saying why', (method, message) => {
    expect(methodVerdict(method)).toEqual({ allowed: false, message });
  });

  it.each([
    'anvil_setBalance',
    'anvil_setCode',
    'anvil_impersonateAccount',
    'evm_setAutomine',
    'evm_mine',
    'hardhat_setBalance',
    'admin_addPeer',
    'admin_nodeInfo',
    'debug_traceTransaction',
    'debug_setHead',
    'personal_unlockAccount',
    'personal_sendTransaction',
    'miner_stop',
    'txpool_content',
    'trace_block',
    'engine_newPayloadV4',
    'eth_subscribe',
    'no_suchMethod',
    // Case-sensitive, as JSON-RPC is.
    'ETH_CHAINID',
    'Eth_chainId',
    'eth_chainid',
    'eth_chainId ',
    '',
    '\u0000',
  ])('refuses %j as not available', (method) => {
    expect(methodVerdict(method)).toEqual({ allowed: false, message: notAvailable(method) });
  });

  it('quotes at most 64 characters of a name in its refusal', () => {
    const long = 'x'.repeat(100_000);
    expect(methodVerdict(long)).toEqual({ allowed: false, message: notAvailable(`${'x'.repeat(64)}…`) });
  });

  it('serves nothing outside the public eth_, net_ and web3_ namespaces, and lists each method once', () => {
    for (const method of PUBLIC_METHODS) expect(method).toMatch(/^(eth|net|web3)_[a-zA-Z0-9]+$/);
    expect(new Set(PUBLIC_METHODS).size).toBe(PUBLIC_METHODS.length);
  });

  // The methods of ethereum/execution-apis (src/eth/*.yaml, commit 033ca6e of 2026-08-07), and the
  // eth_ and net_ methods viem 2.57 and ethers 6.17 send to a node: a dapp's ordinary calls.
  const executionApis = [
    ...['eth_getBlockByHash', 'eth_getBlockByNumber', 'eth_getBlockTransactionCountByHash', 'eth_getBlockTransactionCountByNumber'],
    ...['eth_getBlockReceipts', 'eth_getBlockAccessList', 'eth_capabilities', 'eth_chainId', 'eth_syncing', 'eth_blockNumber'],
    ...['eth_config', 'net_version', 'eth_call', 'eth_estimateGas', 'eth_createAccessList', 'eth_simulateV1', 'eth_gasPrice'],
    ...['eth_baseFee', 'eth_blobBaseFee', 'eth_maxPriorityFeePerGas', 'eth_feeHistory', 'eth_fillTransaction', 'eth_newFilter'],
    ...['eth_newBlockFilter', 'eth_newPendingTransactionFilter', 'eth_uninstallFilter', 'eth_getFilterChanges', 'eth_getFilterLogs'],
    ...['eth_getLogs', 'eth_getBalance', 'eth_getStorageAt', 'eth_getStorageValues', 'eth_getTransactionCount', 'eth_getCode'],
    ...['eth_getProof', 'eth_sendRawTransaction', 'eth_getTransactionByHash', 'eth_getTransactionByBlockHashAndIndex'],
    ...['eth_getTransactionByBlockNumberAndIndex', 'eth_getTransactionReceipt'],
  ];
  const clientCalls = ['eth_sendRawTransactionSync', 'eth_getTransactionBySenderAndNonce', 'eth_getRawTransactionByHash'];
  it.each([...executionApis, ...clientCalls])('serves %s, a public method of the execution APIs or the clients', (method) => {
    expect(methodVerdict(method)).toEqual({ allowed: true });
  });

  it("refuses of the execution APIs only what needs the node's accounts", () => {
    for (const method of ['eth_coinbase', 'eth_accounts', 'eth_sign', 'eth_signTransaction', 'eth_sendTransaction'])
      expect(methodVerdict(method)).toMatchObject({ allowed: false, message: expect.stringContaining("needs the node's own accounts") });
  });

  it('serves every method the RPC playground offers', () => {
    for (const { name } of RPC_METHODS) expect(methodVerdict(name), name).toEqual({ allowed: true });
  });
});

describe('the policy on a call', () => {
  it.each([
    [['eth_chainId'], false, { allowed: true }],
    [['eth_chainId', 'eth_getLogs', 'net_version'], true, { allowed: true }],
    [['anvil_setBalance'], false, { allowed: false, index: null, message: notAvailable('anvil_setBalance') }],
    // A batch of one is still a batch: its answer names the entry.
    [
      ['anvil_setBalance'],
      true,
      { allowed: false, index: 0, message: `Batch entry 0: ${notAvailable('anvil_setBalance')} No call of this batch was sent.` },
    ],
    [
      ['eth_chainId', 'eth_blockNumber', 'eth_sendTransaction', 'evm_mine'],
      true,
      {
        allowed: false,
        index: 2,
        message: `Batch entry 2: ${nodeAccounts('eth_sendTransaction', 'sign the transaction yourself and send it with eth_sendRawTransaction.')} No call of this batch was sent.`,
      },
    ],
  ])('%j (batch: %j) → %j', (methods, batch, verdict) => {
    expect(callVerdict(methods, batch)).toEqual(verdict);
  });
});

describe('calls that only read (may reach the node before they are admitted)', () => {
  it.each([
    [['eth_blockNumber'], true],
    [['eth_chainId', 'eth_getLogs', 'eth_call', 'eth_getFilterLogs'], true],
    [[], true],
    // Changes what the node holds: a transaction, a filter made or removed, a filter's changes taken.
    [['eth_sendRawTransaction'], false],
    [['eth_sendRawTransactionSync'], false],
    [['eth_fillTransaction', 'eth_getStorageValues'], true],
    [['eth_newFilter'], false],
    [['eth_newBlockFilter'], false],
    [['eth_newPendingTransactionFilter'], false],
    [['eth_getFilterChanges'], false],
    [['eth_uninstallFilter'], false],
    [['eth_blockNumber', 'eth_sendRawTransaction'], false],
    // Not served at all: never sent early either.
    [['anvil_setBalance'], false],
    [['eth_sendTransaction'], false],
    [['ETH_BLOCKNUMBER'], false],
  ])('%j → %j', (methods, reads) => {
    expect(onlyReads(methods)).toBe(reads);
  });
});

describe('methods whose params may hold secrets', () => {
  it.each([
    ['personal_importRawKey', true],
    ['personal_unlockAccount', true],
    ['personal_sendTransaction', true],
    ['personal_sign', true],
    ['personal_newAccount', true],
    ['Personal_ImportRawKey', true],
    ['PERSONAL_UNLOCKACCOUNT', true],
    ['signer_confirmRequest', true],
    ['parity_newAccountFromSecret', true],
    ['parity_exportAccount', true],
    ['parity_changePassword', true],
    ['eth_sign', false],
    ['eth_sendTransaction', false],
    ['eth_call', false],
    ['admin_peers', false],
    ['parity_pendingTransactions', false],
    ['', false],
  ])('%s: %s', (method, secret) => {
    expect(paramsHoldSecrets(method)).toBe(secret);
  });

  it('are all refused by the policy: no served method holds secrets', () => {
    for (const method of PUBLIC_METHODS) expect(paramsHoldSecrets(method), method).toBe(false);
    for (const method of ['personal_importRawKey', 'signer_confirmRequest', 'parity_testPassword']) {
      expect(methodVerdict(method).allowed, method).toBe(false);
    }
  });
});
