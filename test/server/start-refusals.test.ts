import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { startLocalNodes } from '@server/nodes/local-nodes';
import { projectRoot } from '@server/spa-build';
import { productionSettings } from './helpers/production-settings';

/** server/start.ts with exactly these settings; resolves when it exits, with everything it printed. */
function startAndExit(settings: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), DATA_DIR: 'memory://', SKIP_SPA_BUILD: '1', ...settings };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

/**
 * Production settings but the nodes. These starts stop at the settings, before any database is
 * opened: DATABASE_URL names a server that is never reached.
 */
const { UPSTREAM_MAINNET_URL: _mainnet, UPSTREAM_DEVNET_URL: _devnet, ...nodeless } = productionSettings;
const production = { ...nodeless, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/never_reached' };

describe('start-up refusals', () => {
  it('in production without UPSTREAM_* URLs, starts no node and names both variables', async () => {
    const { code, output } = await startAndExit({ ...production, PORT: '0' });
    expect(code).toBe(1);
    expect(output).toMatch(/Configuration error: UPSTREAM_MAINNET_URL is not set/);
    expect(output).toMatch(/Configuration error: UPSTREAM_DEVNET_URL is not set/);
    expect(output).not.toMatch(/anvil|is running at/);
  }, 60_000);

  it('in production, names every missing or invalid setting in one start', async () => {
    const { code, output } = await startAndExit({ NODE_ENV: 'production', PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(code).toBe(1);
    for (const name of [
      'PORT',
      'LOG_LEVEL',
      'SMTP_URL',
      'MAIL_FROM',
      'PUBLIC_URL',
      'UPSTREAM_MAINNET_URL',
      'UPSTREAM_DEVNET_URL',
      'STRIPE_SECRET_KEY',
      'DATABASE_URL',
    ]) {
      expect(output).toContain(`Configuration error: ${name}`);
    }
  }, 60_000);

  it('in production without DATABASE_URL, refuses the embedded database: it serves one process on one machine', async () => {
    // productionSettings has every other production setting, and no DATABASE_URL.
    const { code, output } = await startAndExit({ ...productionSettings, PORT: '0' });
    expect(code).toBe(1);
    expect(output).toContain(
      'Configuration error: DATABASE_URL is not set: with NODE_ENV=production the data needs a PostgreSQL server ' +
        '(the embedded database, PGlite, serves one process on one machine).',
    );
    // The one refusal.
    expect(output.match(/Configuration error/g)).toHaveLength(1);
    expect(output).not.toMatch(/is running at/);
  }, 60_000);

  it('in local mode, refuses a HOST other than loopback without UNSAFE_LOCAL_MODE_ON_NETWORK=true', async () => {
    const { code, output } = await startAndExit({ HOST: '0.0.0.0', PORT: '0' });
    expect(code).toBe(1);
    expect(output).toMatch(/Configuration error: HOST="0\.0\.0\.0" is not a loopback address/);
    expect(output).not.toMatch(/is running at/);
  }, 60_000);

  it('never starts local nodes for a production config, whoever asks', async () => {
    const loaded = loadConfig({ ...production, UPSTREAM_MAINNET_URL: 'http://127.0.0.1:1', UPSTREAM_DEVNET_URL: 'http://127.0.0.1:2' });
    const config = { ...loaded, networks: loaded.networks.map((network, index) => (index === 0 ? network : { ...network, nodes: [] })) };
    await expect(startLocalNodes(config)).rejects.toThrow(/never starts local nodes/);
  });
});
