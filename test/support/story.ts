import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser } from './browser';
import { logIn, openContext } from './page';
import { startServer, type RunningServer } from './server';
import type { Viewport } from './viewports';

/** The server's settings: environment variables as loadConfig reads them. */
export type Settings = Record<string, string>;

export interface Account {
  readonly email: string;
  readonly password: string;
}

/** What a server talks to and must outlive it (anvil nodes): started before the server, stopped after it. */
export interface Upstream {
  /** Settings that point the server at it (UPSTREAM_MAINNET_URL...). */
  readonly settings: Settings;
  stop(): Promise<void>;
}

export interface SharedServer {
  /** The file's server and browser, both started on the first call; the same pair on every later call. */
  start(): Promise<{ server: RunningServer; browser: Browser }>;
}

/**
 * One server and one browser for a whole test file, shared by its describes (one a viewport, each
 * with its own accounts and browser contexts). Called at the file's top level: nothing starts until a
 * story asks (so the start counts in that story's beforeAll and its time limit), and whatever started
 * is closed after the file. Never shared between files: each configures its own server, and vitest
 * may run files side by side.
 */
export function shareOneServer(options: { settings?: Settings; upstream?: () => Promise<Upstream> } = {}): SharedServer {
  let upstream: Promise<Upstream | undefined> | undefined;
  let server: Promise<RunningServer> | undefined;
  let browser: Promise<Browser> | undefined;

  afterAll(async () => {
    const [startedBrowser, startedServer, startedUpstream] = await Promise.allSettled([browser, server, upstream]);
    if (startedBrowser.status === 'fulfilled') await startedBrowser.value?.close();
    if (startedServer.status === 'fulfilled') await startedServer.value?.close();
    if (startedUpstream.status === 'fulfilled') await startedUpstream.value?.stop();
  });

  return {
    async start() {
      browser ??= launchBrowser();
      upstream ??= options.upstream?.() ?? Promise.resolve(undefined);
      server ??= upstream.then((started) => startServer({ ...options.settings, ...started?.settings }));
      const [startedServer, startedBrowser] = await Promise.all([server, browser]);
      return { server: startedServer, browser: startedBrowser };
    },
  };
}

/** A bearer token of `account`, from POST /auth/login: for arranging and checking through the API. */
export async function logInThroughApi(server: RunningServer, account: Account): Promise<string> {
  const { data, error } = await server.api.POST('/auth/login', { body: account });
  if (!data?.access_token) throw new Error(`POST /api/auth/login failed for ${account.email}: ${JSON.stringify(error)}`);
  return data.access_token;
}

/** For prepareContext: the page may read and write the clipboard (a copy button's result is read back). */
export function allowClipboard(context: BrowserContext, server: RunningServer): Promise<void> {
  return context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
}

export interface StoryOptions {
  viewport: Viewport;
  /** Registered through the API before the story's page opens. */
  account?: Account;
  /** Also logs the account in through the API: story.token. */
  apiToken?: boolean;
  /**
   * story.context and story.page, opened at the viewport: 'signed-in' logs the account in through
   * /login's form first. Absent: the story's tests open their own pages with story.newPage().
   */
  page?: 'signed-in' | 'signed-out';
  /** Runs on story.context before its page opens (permissions, routes). */
  prepareContext?: (context: BrowserContext, server: RunningServer) => Promise<unknown>;
  /** The setup's time limit, as vitest's beforeAll takes it. */
  timeout?: number;
}

export interface Story {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** The account's bearer token (with `apiToken`). */
  readonly token: string;
  /** With `page`. */
  readonly context: BrowserContext;
  /** With `page`; the tests of the story share it, one after the other. */
  readonly page: Page;
  /** A page in a fresh browser profile at the story's viewport (its context is closed with the story, or by the test). */
  newPage(): Promise<Page>;
}

/**
 * A story at one viewport, set up inside its describe: a beforeAll takes the file's server and
 * browser (starting them if this is the first story), registers the account and opens the page; an
 * afterAll closes the story's browser contexts. Read the story's parts inside tests and hooks.
 */
export function setUpStory(shared: SharedServer, options: StoryOptions): Story {
  const { viewport, account } = options;
  let started: { server: RunningServer; browser: Browser } | undefined;
  let token: string | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const contexts: BrowserContext[] = [];

  const running = () => {
    if (!started) throw new Error('the story is not set up: read its server and browser inside a test or a hook');
    return started;
  };
  const opened = <T>(part: T | undefined, name: string): T => {
    if (part === undefined) throw new Error(`the story has no ${name}: set it up with the \`page\` or \`apiToken\` option`);
    return part;
  };
  const newContext = async () => {
    const { browser, server } = running();
    const fresh = await openContext(browser, server.url, viewport);
    contexts.push(fresh);
    return fresh;
  };

  beforeAll(async () => {
    started = await shared.start();
    const { server } = started;
    if (account) {
      const registered = await server.api.POST('/auth/register', { body: account });
      expect(registered.error).toBeUndefined();
      if (options.apiToken) token = await logInThroughApi(server, account);
    }
    if (options.page === undefined) return;
    context = await newContext();
    await options.prepareContext?.(context, server);
    page = await context.newPage();
    if (options.page === 'signed-in') {
      if (!account) throw new Error("a 'signed-in' story needs an account");
      await logIn(page, account.email, account.password);
    }
  }, options.timeout);

  afterAll(async () => {
    await Promise.all(contexts.map((open) => open.close()));
  });

  return {
    get server() {
      return running().server;
    },
    get browser() {
      return running().browser;
    },
    get token() {
      return opened(token, 'token');
    },
    get context() {
      return opened(context, 'context');
    },
    get page() {
      return opened(page, 'page');
    },
    newPage: async () => (await newContext()).newPage(),
  };
}
