import { describe, expect, it } from 'vitest';
import { retarget } from '@server/gateway/ws/subscription-hub';

/** A node's notification given to one client under the client's own subscription id. */
describe('retarget', () => {
  const node = '0x9ce59a13059e417087c02d3236a0b1cc';
  const client = '0x00000000000000000000000000000001';
  it.each([
    [
      'compact, as geth and anvil write it',
      `{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"${node}","result":{"number":"0x1"}}}`,
      `{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"${client}","result":{"number":"0x1"}}}`,
    ],
    [
      'the result first, holding the id as a value elsewhere',
      `{"jsonrpc":"2.0","method":"eth_subscription","params":{"result":{"data":"${node}"},"subscription":"${node}"}}`,
      `{"jsonrpc":"2.0","method":"eth_subscription","params":{"result":{"data":"${node}"},"subscription":"${client}"}}`,
    ],
    [
      'spaced: parsed and written again',
      `{ "jsonrpc": "2.0", "method": "eth_subscription", "params": { "subscription": "${node}", "result": "0xabc" } }`,
      `{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"${client}","result":"0xabc"}}`,
    ],
  ])('%s', (_case, text, expected) => {
    expect(retarget(text, node, client)).toBe(expected);
    expect(JSON.parse(retarget(text, node, client))).toEqual(JSON.parse(expected));
  });
});
