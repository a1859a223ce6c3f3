import { describe, expect, it } from 'vitest';
import { firstCallSnippet } from '@/domain/first-call';

const url = 'https://rpc.example.com/api/v1/mainnet/rpc_live_0001abc';

describe('firstCallSnippet: a first call to the real URL', () => {
  it.each([
    [
      'curl',
      url,
      `curl '${url}' \\\n  -H 'Content-Type: application/json' \\\n  -d '{"jsonrpc":"2.0","method":"eth_blockNumber","params":[],"id":1}'`,
    ],
    [
      'viem',
      url,
      `import { createPublicClient, http } from 'viem';\n\nconst client = createPublicClient({ transport: http("${url}") });\nconsole.log(await client.getBlockNumber());`,
    ],
    [
      'ethers',
      url,
      `import { JsonRpcProvider } from 'ethers';\n\nconst provider = new JsonRpcProvider("${url}");\nconsole.log(await provider.getBlockNumber());`,
    ],
    // A quote in the URL cannot end the shell word nor the JavaScript string.
    [
      'curl',
      "http://h/it's",
      `curl 'http://h/it'\\''s' \\\n  -H 'Content-Type: application/json' \\\n  -d '{"jsonrpc":"2.0","method":"eth_blockNumber","params":[],"id":1}'`,
    ],
    [
      'viem',
      'http://h/"x',
      `import { createPublicClient, http } from 'viem';\n\nconst client = createPublicClient({ transport: http("http://h/\\"x") });\nconsole.log(await client.getBlockNumber());`,
    ],
  ] as const)('%s for %s', (client, address, expected) => {
    expect(firstCallSnippet(client, address)).toBe(expected);
  });
});
