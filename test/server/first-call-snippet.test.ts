import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { firstCallSnippet } from '@/domain/first-call';
import { setUpTestAnvil } from '../support/anvil';

const run = promisify(execFile);
const anvil = setUpTestAnvil();

/**
 * The snippets the dashboard offers, run as a user would paste them: the JavaScript ones as ES
 * modules with this repository's viem and ethers, the curl one in a shell, against a real node.
 */
describe('the first-call snippets run as written', () => {
  it.each([
    ['viem', /^0n$/],
    ['ethers', /^0$/],
  ] as const)('%s prints the block number', async (client, printed) => {
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', firstCallSnippet(client, anvil.node.url)], {
      cwd: process.cwd(),
      timeout: 20_000,
    });
    expect(stdout.trim()).toMatch(printed);
  });

  it('curl gets the JSON-RPC answer', async () => {
    const { stdout } = await run('sh', ['-c', firstCallSnippet('curl', anvil.node.url)], { timeout: 20_000 });
    expect(JSON.parse(stdout)).toMatchObject({ jsonrpc: '2.0', id: 1, result: '0x0' });
  });
});
