import { describe, expect, it } from 'vitest';
import { redactSecrets } from '@server/log/redact';

const key = 'rpk_3nF8kQ2xVb7LmP0aZr5TqW9yHc1JdE6s';
const token = 'kX2_9fQ-aB3cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3wX';

describe('redactSecrets', () => {
  it.each([
    ['a gateway URL', `/api/v1/mainnet/${key}`, '/api/v1/mainnet/[redacted]'],
    ['a gateway URL with a query', `/api/v1/devnet/${key}?x=1`, '/api/v1/devnet/[redacted]?x=1'],
    ['a mistyped or percent-encoded key', '/api/v1/mainnet/%72pk_abc%2Fdef', '/api/v1/mainnet/[redacted]'],
    ['a key in a message', `Route POST:/api/v2/${key} not found`, 'Route POST:/api/v2/rpk_[redacted] not found'],
    ['a key in a sentence', `no such key ${key}, sorry`, 'no such key rpk_[redacted], sorry'],
    ['a key of any length', 'rpk_x', 'rpk_[redacted]'],
    ['a reset link', `https://dash.example.com/reset-password/${token}`, 'https://dash.example.com/reset-password/[redacted]'],
    ['a reset path with a query', `/reset-password/${token}?a=b`, '/reset-password/[redacted]?a=b'],
    ['a session token in the callback query', `/auth/callback?token=${token}`, '/auth/callback?token=[redacted]'],
    ['the home page token', `/?token=${token}`, '/?token=[redacted]'],
    [
      'a verification link',
      `https://dash.example.com/verify-email?token=${token}`,
      'https://dash.example.com/verify-email?token=[redacted]',
    ],
    [
      'an OpenID callback',
      '/api/auth/google/callback?code=abc123&state=xyz789&iss=https%3A%2F%2Faccounts.google.com',
      '/api/auth/google/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Faccounts.google.com',
    ],
    ['an access token in a fragment', '/cb#access_token=abc&token_type=Bearer', '/cb#access_token=[redacted]&token_type=Bearer'],
    ['an api-key parameter', `/api/v1/mainnet?api-key=${key}`, '/api/v1/mainnet?api-key=[redacted]'],
    ['a percent-encoded parameter name', '/auth/callback?%74oken=secret', '/auth/callback?%74oken=[redacted]'],
    ['a parameter name in capitals', '/auth/callback?TOKEN=secret', '/auth/callback?TOKEN=[redacted]'],
    [
      'OpenID interaction and resume ids',
      '/api/oidc/interaction/Uid123/login /api/oidc/auth/Uid456',
      '/api/oidc/interaction/[redacted]/login /api/oidc/auth/[redacted]',
    ],
    [
      'credentials in a URL',
      'connect ECONNREFUSED smtp://mailer:hunter2@mail.example.com:587',
      'connect ECONNREFUSED smtp://mailer:[redacted]@mail.example.com:587',
    ],
    ['a bearer token as text', `authorization: Bearer ${token}`, 'authorization: Bearer [redacted]'],
    ['a header field', `{"authorization":"Bearer ${token}","host":"x"}`, '{"authorization":"[redacted]","host":"x"}'],
    ['a cookie field', '{"cookie":"session=abc; theme=dark"}', '{"cookie":"[redacted]"}'],
    [
      "a Redis client's failed command (its HELLO carries REDIS_URL's password)",
      '{"err":{"message":"WRONGPASS","command":{"name":"hello","args":["3","AUTH","default","hunter2"]}},"msg":"x"}',
      '{"err":{"message":"WRONGPASS","command":{"name":"hello","args":"[redacted]"}},"msg":"x"}',
    ],
    [
      'Redis arguments holding brackets, quotes and a Buffer',
      '{"command":{"name":"set","args":["k]\\"[",{"type":"Buffer","data":[1,2]},"v"]},"n":1}',
      '{"command":{"name":"set","args":"[redacted]"},"n":1}',
    ],
    ['set-cookie as an array', '{"set-cookie":["a=1; HttpOnly","b=\\"2\\""],"x":1}', '{"set-cookie":"[redacted]","x":1}'],
    ['a body field with escapes', '{"password":"a\\"b\\\\c","email":"a@b.c"}', '{"password":"[redacted]","email":"a@b.c"}'],
    ['a reset body', `{"token":"${token}","password":"Secret-pass-1"}`, '{"token":"[redacted]","password":"[redacted]"}'],
    [
      'a body quoted in a JSON string',
      `{"msg":"Unexpected token in {\\"token\\":\\"${token}\\",\\"password\\":\\"abc"}`,
      '{"msg":"Unexpected token in {\\"token\\":\\"[redacted]\\",\\"password\\":\\"[redacted]"}',
    ],
  ])('masks %s', (_, text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });

  it.each([
    ['a plain API path', 'GET /api/users/me 200'],
    ['a safe query', '/api/usage?period=7d&network=mainnet'],
    ['an error code', '{"err":{"type":"Error","code":"ECONNREFUSED","message":"connect ECONNREFUSED 127.0.0.1:9"}}'],
    ['prose with Basic', 'moved to the Basic plan'],
    ['the gateway path without a key', 'POST /api/v1/mainnet'],
  ])('keeps %s as it is', (_, text) => {
    expect(redactSecrets(text)).toBe(text);
  });

  it('keeps a pino line valid JSON, with method, path and status readable', () => {
    const line = JSON.stringify({
      level: 30,
      req: { method: 'POST', url: `/api/v1/mainnet/${key}?token=${token}` },
      res: { statusCode: 200 },
      msg: `Route POST:/reset-password/${token} not found`,
    });
    const masked: unknown = JSON.parse(redactSecrets(line));
    expect(masked).toEqual({
      level: 30,
      req: { method: 'POST', url: '/api/v1/mainnet/[redacted]?token=[redacted]' },
      res: { statusCode: 200 },
      msg: 'Route POST:/reset-password/[redacted] not found',
    });
  });

  it('is idempotent', () => {
    const text = `/api/v1/mainnet/${key} /reset-password/${token} ?code=1 {"cookie":"a"}`;
    expect(redactSecrets(redactSecrets(text))).toBe(redactSecrets(text));
  });
});
