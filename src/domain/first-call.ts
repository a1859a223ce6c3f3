/**
 * A first call to the user's RPC URL, ready to paste: curl, viem or ethers, each asking for the
 * latest block number (eth_blockNumber, a standard call). viem 2: `createPublicClient` with an
 * `http(url)` transport; ethers 6: `new JsonRpcProvider(url)`.
 */
export const FIRST_CALL_CLIENTS = ['curl', 'viem', 'ethers'] as const;
export type FirstCallClient = (typeof FIRST_CALL_CLIENTS)[number];

export const FIRST_CALL_LABELS: Readonly<Record<FirstCallClient, string>> = { curl: 'curl', viem: 'viem', ethers: 'ethers' };

export const isFirstCallClient = (value: string | null): value is FirstCallClient => FIRST_CALL_CLIENTS.some((client) => client === value);

/** A POSIX shell word in single quotes (a quote inside ends it, is escaped, and starts it again). */
const shellQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** The snippet's text for one client and the URL it calls. */
export function firstCallSnippet(client: FirstCallClient, url: string): string {
  switch (client) {
    case 'curl':
      return [
        `curl ${shellQuoted(url)} \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  -d '{"jsonrpc":"2.0","method":"eth_blockNumber","params":[],"id":1}'`,
      ].join('\n');
    case 'viem':
      return [
        "import { createPublicClient, http } from 'viem';",
        '',
        `const client = createPublicClient({ transport: http(${JSON.stringify(url)}) });`,
        'console.log(await client.getBlockNumber());',
      ].join('\n');
    case 'ethers':
      return [
        "import { JsonRpcProvider } from 'ethers';",
        '',
        `const provider = new JsonRpcProvider(${JSON.stringify(url)});`,
        'console.log(await provider.getBlockNumber());',
      ].join('\n');
  }
}
