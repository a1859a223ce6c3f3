import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardPlans } from '@/domain/plan-catalog';
import { ConfigError, loadConfig, productionNotices } from '@server/config';
import { productionSettings } from './helpers/production-settings';

/** Production's settings; only parsed here, so DATABASE_URL names a server that is never reached. */
const production: Record<string, string> = { ...productionSettings, DATABASE_URL: 'postgres://db.example.com/dashboard' };

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has safe local defaults', () => {
    expect(loadConfig({})).toMatchObject({
      mode: 'local',
      port: 8080,
      host: '127.0.0.1',
      dataDir: './.data',
      databaseUrl: null,
      publicUrl: 'http://127.0.0.1:8080',
      smtpUrl: null,
      googleClientId: null,
      sessionTtlHours: 168,
      logLevel: 'info',
      comingSoonScreens: false,
    });
  });

  it('reads the coming-soon reading of the routes as a switch', () => {
    expect(loadConfig({ COMING_SOON_SCREENS: 'true' }).comingSoonScreens).toBe(true);
    expect(loadConfig({ COMING_SOON_SCREENS: 'false' }).comingSoonScreens).toBe(false);
  });

  it('reads the terms and privacy policy shipped with the server, or the files TERMS_FILE and PRIVACY_FILE name', () => {
    const { legal } = loadConfig({});
    expect(legal.terms.title).toBe('Terms of Service');
    expect(legal.privacy.title).toBe('Privacy Policy');
    const dir = mkdtempSync(join(tmpdir(), 'legal-config-'));
    const privacy = join(dir, 'privacy.md');
    writeFileSync(privacy, '# Our Privacy\n\nNothing is kept.\n');
    expect(loadConfig({ PRIVACY_FILE: privacy }).legal.privacy).toEqual({
      title: 'Our Privacy',
      sections: [{ blocks: [{ kind: 'paragraph', text: 'Nothing is kept.' }] }],
    });
  });

  it('refuses a TERMS_FILE or PRIVACY_FILE that cannot be read or has no title, naming the variable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'legal-config-'));
    const untitled = join(dir, 'untitled.md');
    writeFileSync(untitled, 'Terms without a title.\n');
    const missing = configError({ TERMS_FILE: join(dir, 'missing.md') });
    expect(missing.variable).toBe('TERMS_FILE');
    expect(missing.message).toMatch(/^TERMS_FILE=".*missing\.md" cannot be read \(ENOENT\)/);
    expect(configError({ PRIVACY_FILE: dir }).message).toMatch(/^PRIVACY_FILE=".*" cannot be read \(EISDIR\)/);
    const untitledError = configError({ PRIVACY_FILE: untitled });
    expect(untitledError.variable).toBe('PRIVACY_FILE');
    expect(untitledError.message).toMatch(/is not a document this server can serve: its first line must be the title/);
  });

  it('derives PUBLIC_URL from HOST and PORT, and drops a trailing slash from a given one', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '9000', UNSAFE_LOCAL_MODE_ON_NETWORK: 'true' }).publicUrl).toBe('http://0.0.0.0:9000');
    expect(loadConfig({ HOST: '::1' }).publicUrl).toBe('http://[::1]:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://dash.example.com/' }).publicUrl).toBe('https://dash.example.com');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', SMTP_URL: ' ' })).toMatchObject({ port: 8080, smtpUrl: null });
  });

  const refusals: Array<[Record<string, string>, string, RegExp]> = [
    [{ PORT: 'eighty' }, 'PORT', /PORT="eighty"/],
    [{ PORT: '70000' }, 'PORT', /PORT="70000"/],
    [{ HOST: 'bad host!' }, 'HOST', /HOST="bad host!"/],
    [{ PUBLIC_URL: 'ftp://x.example.com' }, 'PUBLIC_URL', /PUBLIC_URL="ftp:\/\/x\.example\.com"/],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL', /PUBLIC_URL="not a url"/],
    [{ DOCS_URL: 'docs' }, 'DOCS_URL', /DOCS_URL="docs"/],
    [{ SALES_EMAIL: 'sales' }, 'SALES_EMAIL', /SALES_EMAIL="sales"/],
    [{ COMING_SOON_SCREENS: 'yes' }, 'COMING_SOON_SCREENS', /COMING_SOON_SCREENS="yes"/],
    [{ MAIL_FROM: 'a@b' }, 'MAIL_FROM', /MAIL_FROM="a@b"/],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV', /NODE_ENV="prod".*production/],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', /LOG_LEVEL="loud"/],
    [{ SESSION_TTL_HOURS: '0' }, 'SESSION_TTL_HOURS', /SESSION_TTL_HOURS="0"/],
    [{ DATABASE_URL: 'mysql://u:secret@h/db' }, 'DATABASE_URL', /^DATABASE_URL must start with postgres/],
    [{ SMTP_URL: 'http://u:secret@mail' }, 'SMTP_URL', /^SMTP_URL must start with smtp/],
    [{ GOOGLE_CLIENT_ID: 'id' }, 'GOOGLE_CLIENT_SECRET', /GOOGLE_CLIENT_SECRET is not set/],
    [{ TRUST_PROXY: '10.0.0.1, proxy.example.com' }, 'TRUST_PROXY', /"proxy\.example\.com" is not an IP address or CIDR/],
    [{ UNSAFE_LOCAL_MODE_ON_NETWORK: 'yes' }, 'UNSAFE_LOCAL_MODE_ON_NETWORK', /UNSAFE_LOCAL_MODE_ON_NETWORK="yes"/],
    [{ REQUEST_TIMEOUT_MS: '0' }, 'REQUEST_TIMEOUT_MS', /REQUEST_TIMEOUT_MS="0"/],
    [{ MAX_CONNECTIONS: 'lots' }, 'MAX_CONNECTIONS', /MAX_CONNECTIONS="lots"/],
  ];
  for (const [env, variable, message] of refusals) {
    it(`refuses ${JSON.stringify(env)}, naming ${variable}`, () => {
      const error = configError(env);
      expect(error.variable).toBe(variable);
      expect(error.message).toMatch(message);
    });
  }

  it('never repeats a URL that may hold a password', () => {
    expect(configError({ DATABASE_URL: 'mysql://u:secret@h/db' }).message).not.toContain('secret');
  });

  it('in production, refuses to start without the real settings, naming each', () => {
    for (const missing of ['SMTP_URL', 'MAIL_FROM', 'PUBLIC_URL', 'UPSTREAM_MAINNET_URL', 'UPSTREAM_DEVNET_URL', 'DATABASE_URL'] as const) {
      const env: Record<string, string> = { ...production };
      delete env[missing];
      const error = configError(env);
      expect(error.variable).toBe(missing);
      expect(error.message).toMatch(new RegExp(`^${missing} is not set: with NODE_ENV=production`));
    }
    expect(loadConfig(production).mode).toBe('production');
  });

  it('in production, refuses the embedded database: PGlite serves one process on one machine', () => {
    const { DATABASE_URL: _database, ...withoutDatabase } = production;
    const error = configError(withoutDatabase);
    expect(error.variable).toBe('DATABASE_URL');
    expect(error.message).toBe(
      'DATABASE_URL is not set: with NODE_ENV=production the data needs a PostgreSQL server ' +
        '(the embedded database, PGlite, serves one process on one machine).',
    );
    // Local mode keeps the embedded database.
    expect(loadConfig({ ...withoutDatabase, NODE_ENV: 'development' }).databaseUrl).toBeNull();
  });

  it('in production, names every missing or invalid setting at once', () => {
    const error = configError({ NODE_ENV: 'production', PORT: 'eighty', PUBLIC_URL: 'https://dash.example.com' });
    expect(error.variable).toBe('PORT');
    const lines = error.message.split('\n');
    expect(lines).toHaveLength(7);
    for (const name of [
      'PORT',
      'SMTP_URL',
      'MAIL_FROM',
      'UPSTREAM_MAINNET_URL',
      'UPSTREAM_DEVNET_URL',
      'STRIPE_SECRET_KEY',
      'DATABASE_URL',
    ]) {
      expect(lines.filter((line) => line.startsWith(name))).toHaveLength(1);
    }
  });

  it('in local mode, refuses a HOST other than loopback unless UNSAFE_LOCAL_MODE_ON_NETWORK=true', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'dash.example.com']) {
      const error = configError({ HOST: host });
      expect(error.variable).toBe('HOST');
      expect(error.message).toMatch(/not a loopback address.*UNSAFE_LOCAL_MODE_ON_NETWORK=true/);
      expect(loadConfig({ HOST: host, UNSAFE_LOCAL_MODE_ON_NETWORK: 'true' }).host).toBe(host);
    }
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', 'localhost']) expect(loadConfig({ HOST: host }).host).toBe(host);
    expect(loadConfig({ ...production, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('reads TRUST_PROXY as a list of addresses and CIDRs, empty by default', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
  });

  it('has time-outs and a connection cap by default', () => {
    expect(loadConfig({})).toMatchObject({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 1024,
    });
  });

  it('in production, notes that Google sign-in is not configured', () => {
    expect(productionNotices(loadConfig(production))).toContainEqual(expect.stringMatching(/^Sign-in with Google is not configured/));
    const withGoogle = loadConfig({
      ...production,
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(productionNotices(withGoogle)).toEqual([]);
    expect(productionNotices(loadConfig({}))).toEqual([]);
  });

  it('uses the local test-mode payments unless Stripe is set, and then needs every price id', () => {
    expect(loadConfig({})).toMatchObject({ stripe: null, billingGraceDays: 7 });
    const stripe = loadConfig(production).stripe;
    expect(stripe).toMatchObject({ secretKey: 'sk_test_production_settings', webhookSecret: 'whsec_production_settings', apiUrl: null });
    expect(stripe?.prices.Business).toEqual({ MONTHLY: 'price_business_monthly', ANNUALY: 'price_business_annualy' });
    expect(Object.keys(stripe?.prices ?? {})).toEqual(cardPlans.map((plan) => plan.name));
    expect(configError({ STRIPE_SECRET_KEY: 'sk_test_1' }).variable).toBe('STRIPE_WEBHOOK_SECRET');
    expect(configError({ STRIPE_WEBHOOK_SECRET: 'whsec_1' }).variable).toBe('STRIPE_SECRET_KEY');
    const { STRIPE_PRICE_BUSINESS_ANNUALY: _left, ...missingOne } = production;
    expect(configError(missingOne).message).toMatch(/^STRIPE_PRICE_BUSINESS_ANNUALY is not set/);
    expect(configError({ ...production, STRIPE_SECRET_KEY: 'pk_live_public' }).variable).toBe('STRIPE_SECRET_KEY');
    expect(configError({ ...production, STRIPE_PRICE_DEVELOPER_MONTHLY: 'prod_123' }).variable).toBe('STRIPE_PRICE_DEVELOPER_MONTHLY');
    expect(configError({ BILLING_GRACE_DAYS: 'a week' }).variable).toBe('BILLING_GRACE_DAYS');
  });
});
