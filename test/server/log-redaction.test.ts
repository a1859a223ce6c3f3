import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startTestAnvil, type AnvilNode } from '../support/anvil';
import { freePort } from '../support/free-port';
import { goodPassword, uniqueEmail } from './helpers/accounts';
import { field, rpcOver, signUp, start, stop, stopAllStarted } from './helpers/started-server';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink';
import { productionStripeSettings } from './helpers/production-settings';
import { setUpPostgresServer } from './helpers/postgres-server';
import { startThrowawayRedis } from '../support/throwaway-redis';

/**
 * Production requires DATABASE_URL: each start is on a database of its own on a real PostgreSQL
 * server (a throw-away one for this file, or TEST_DATABASE_URL's). The file is production only, so
 * npm test's PostgreSQL run of test/server leaves it out.
 */
const postgres = setUpPostgresServer();
let dataDir: string;
let node: AnvilNode;
let smtp: SmtpSink;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'log-redaction-'));
  [node, smtp] = await Promise.all([startTestAnvil(), startSmtpSink()]);
});
afterAll(async () => {
  await stopAllStarted();
  await Promise.all([node.stop(), smtp.close()]);
  await rm(dataDir, { recursive: true, force: true });
});

const newPassword = 'N3w-Pa$$word-after-reset';

/** The reset token of a mail (quoted-printable may fold the link's line). */
function resetTokenOf(mail: string): string {
  const token = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mail.replace(/=\r?\n/g, ''))?.[1];
  if (token === undefined) throw new Error(`no reset link in the mail:\n${mail}`);
  return token;
}

function entries(log: string): unknown[] {
  return log
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line): unknown => JSON.parse(line));
}

/** Method, path and status of each logged request, joined by request id. */
function requests(log: string): string[] {
  const all = entries(log);
  return all
    .filter((entry) => field(entry, 'msg') === 'incoming request')
    .map((incoming) => {
      const req = field(incoming, 'req');
      const done = all.find((entry) => field(entry, 'reqId') === field(incoming, 'reqId') && field(entry, 'res') !== undefined);
      return `${String(field(req, 'method'))} ${String(field(req, 'url'))} ${String(field(field(done, 'res'), 'statusCode'))}`;
    });
}

describe.each([1, 2])('a production log with WORKERS=%i', (workers) => {
  it('holds no API key, token, code or password, and still says method, path and status', async () => {
    const port = await freePort();
    const deadNode = await freePort();
    const database = await postgres.database();
    onTestFinished(() => database.drop());
    const server = await start(join(dataDir, `w${workers}`), port, {
      ...database.env,
      NODE_ENV: 'production',
      WORKERS: String(workers),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'no-reply@example.com',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      UPSTREAM_MAINNET_URL: node.url,
      // Nothing listens there: devnet calls fail (502).
      UPSTREAM_DEVNET_URL: `http://127.0.0.1:${deadNode}`,
      ...productionStripeSettings,
    });
    const { url } = server;
    const email = uniqueEmail(`log${workers}`);
    const { token: session, apiKey } = await signUp(url, email);
    const code = randomBytes(16).toString('hex');
    const state = randomBytes(16).toString('hex');

    expect((await rpcOver(url, 'mainnet', apiKey, 'eth_chainId')).status).toBe(200);
    expect((await rpcOver(url, 'devnet', apiKey, 'eth_chainId')).status).toBe(502);
    // Refused, wrong method, bad URLs, not found: all with the key in the URL.
    expect((await fetch(`${url}/api/v1/mainnet/${apiKey}`, { method: 'POST', body: 'not json' })).status).toBe(400);
    expect((await fetch(`${url}/api/v1/mainnet/${apiKey}`)).status).toBeGreaterThanOrEqual(400);
    expect((await fetch(`${url}/api/v1/mainnet/${apiKey}%ZZ`, { method: 'POST', body: '{}' })).status).toBeGreaterThanOrEqual(400);
    expect((await fetch(`${url}/api/v1/mainnet?api-key=${apiKey}&x=%ZZ`, { method: 'POST', body: '{}' })).status).toBeGreaterThanOrEqual(
      400,
    );
    expect((await fetch(`${url}/api/nowhere/${apiKey}`)).status).toBe(404);

    const mail = smtp.next(new RegExp(email.replace(/[.+]/g, '\\$&')));
    expect(
      (
        await fetch(`${url}/api/auth/forgot-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        })
      ).status,
    ).toBe(200);
    const resetToken = resetTokenOf(await mail);
    expect((await fetch(`${url}/reset-password/${resetToken}`)).status).toBe(200);
    const reset = await fetch(`${url}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: resetToken, password: newPassword }),
    });
    expect(reset.status).toBe(200);
    // A malformed body quoting the token (parse errors may echo the input).
    await fetch(`${url}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"token":"${resetToken}", oops`,
    });

    await fetch(`${url}/auth/callback?token=${session}`);
    await fetch(`${url}/?token=${session}`);
    await fetch(`${url}/api/auth/google/callback?code=${code}&state=${state}`, { redirect: 'manual' });
    await fetch(`${url}/api/users/me`, { headers: { authorization: `Bearer ${session}`, cookie: `session=${session}` } });
    // An inbound X-Request-Id is said back and names the request's log lines; one that is not a plain token is replaced.
    const traced = await fetch(`${url}/api/users/me`, { headers: { authorization: `Bearer ${session}`, 'x-request-id': 'lb-7f3a.9' } });
    expect(traced.headers.get('x-request-id')).toBe('lb-7f3a.9');
    const forged = await fetch(`${url}/api/healthz`, { headers: { 'x-request-id': `${'x'.repeat(129)}` } });
    const replaced = forged.headers.get('x-request-id') ?? '';
    expect(replaced).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    expect(await stop(server)).toBe(0);
    const log = server.output();
    const secrets = { apiKey, session, resetToken, code, state, goodPassword, newPassword };
    const found = Object.fromEntries(Object.entries(secrets).map(([name, secret]) => [name, log.split(secret).length - 1]));
    expect(found, log).toEqual({ apiKey: 0, session: 0, resetToken: 0, code: 0, state: 0, goodPassword: 0, newPassword: 0 });

    const tracedLines = entries(log).filter((entry) => field(entry, 'reqId') === 'lb-7f3a.9');
    expect(tracedLines.map((entry) => field(entry, 'msg'))).toEqual(['incoming request', 'request completed']);
    // Every line of the log is one JSON object.
    expect(log.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('{'))).toEqual([]);

    // Still useful: the requests are there, secrets masked, with their status.
    const logged = requests(log);
    expect(logged).toContain('GET /reset-password/[redacted] 200');
    expect(logged).toContain('POST /api/auth/reset-password 200');
    expect(logged).toContain('GET /auth/callback?token=[redacted] 200');
    expect(
      logged.filter((line) => /^GET \/api\/auth\/google\/callback\?code=\[redacted\]&state=\[redacted\] \d{3}$/.test(line)),
    ).toHaveLength(1);
    expect(logged).toContain('GET /api/nowhere/rpk_[redacted] 404');
    // With workers, gateway calls are served (and not logged) by the workers.
    if (workers === 1) {
      expect(logged).toContain('POST /api/v1/mainnet/[redacted] 200');
      expect(logged).toContain('POST /api/v1/devnet/[redacted] 502');
    }
  }, 240_000);
});

describe('a production log with a refused REDIS_URL password', () => {
  it('names Redis and its host, never the password', async () => {
    const redis = await startThrowawayRedis(undefined, { password: 'the-right-one' });
    onTestFinished(() => redis.stop());
    const password = `wrong-${randomBytes(8).toString('hex')}`;
    const port = await freePort();
    const database = await postgres.database();
    onTestFinished(() => database.drop());
    const server = await start(join(dataDir, 'redis-password'), port, {
      ...database.env,
      NODE_ENV: 'production',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'no-reply@example.com',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      UPSTREAM_MAINNET_URL: node.url,
      UPSTREAM_DEVNET_URL: node.url,
      REDIS_URL: `redis://:${password}@127.0.0.1:${redis.port}`,
      ...productionStripeSettings,
    });
    // The refusal is logged once the connection's HELLO is answered: waited for, a bounded number of times.
    for (let tries = 0; !server.output().includes('is unreachable: retrying') && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await stop(server)).toBe(0);
    const log = server.output();
    expect(log).toMatch(/WRONGPASS/);
    expect(log).toContain('"args":"[redacted]"');
    expect(log.split(password).length - 1, log).toBe(0);
  }, 120_000);
});
