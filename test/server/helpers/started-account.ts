import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { copyDatabaseTemplate } from '../../support/database-template';
import { uniqueEmail } from './accounts';
import { setUpValue } from './set-up-value';
import { signUp, type StartedServer, startOnFreePort, stop, stopAllStarted } from './started-server';

export interface StartedAccountOptions {
  /** Names the temporary data directory and the account's e-mail. */
  readonly name: string;
  /** The server's settings, read when it starts: after the beforeAll hooks registered earlier (an upstream node's URL). */
  readonly settings: () => Readonly<Record<string, string>>;
}

/** The started server, with the account signed up on it and its data directory (a second server may use it). */
export interface StartedAccount extends StartedServer {
  readonly token: string;
  readonly apiKey: string;
  readonly dataDir: string;
}

/**
 * `npm start` in a child process (server/start.ts) on its own data directory and port, with one
 * account signed up: started in beforeAll, stopped in afterAll, where it must exit with 0.
 */
export function setUpStartedAccount(options: StartedAccountOptions): StartedAccount {
  let dataDir: string | undefined;
  let server: StartedServer | undefined;
  let account: { token: string; apiKey: string } | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), `${options.name}-`));
    // The server's DATA_DIR (started-server.ts), already created and migrated: a copy of the run's template.
    await copyDatabaseTemplate(join(dataDir, 'data', 'data'));
    server = await startOnFreePort(join(dataDir, 'data'), { ...options.settings() });
    account = await signUp(server.url, uniqueEmail(options.name.replaceAll('-', '')));
  }, 120_000);
  afterAll(async () => {
    if (server !== undefined) expect(await stop(server)).toBe(0);
    await stopAllStarted();
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
  });
  return {
    get child(): ChildProcess {
      return setUpValue(server, 'the started server').child;
    },
    get url() {
      return setUpValue(server, 'the started server').url;
    },
    output: () => setUpValue(server, 'the started server').output(),
    get token() {
      return setUpValue(account, 'the signed-up account').token;
    },
    get apiKey() {
      return setUpValue(account, 'the signed-up account').apiKey;
    },
    get dataDir() {
      return setUpValue(dataDir, 'the data directory');
    },
  };
}
