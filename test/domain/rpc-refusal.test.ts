import { describe, expect, it } from 'vitest';
import { gatewayErrors } from '@server/gateway/rpc-errors';
import { rpcErrorJson } from '@/domain/rpc-exchange';
import { ACCESS_CONTROL_PLACE, type AccessRefusal, accessRefusalOf, refusalAdvice } from '@/domain/rpc-refusal';

/** An exchange as the playground shows a refusal: SPEC.md §8's JSON with the HTTP status as code. */
const shown = (status: number, message: string) => ({
  status,
  json: rpcErrorJson({ kind: 'refused', status, message }),
});

describe("the playground's reading of a refusal by the owner's access control", () => {
  // The gateway's real messages: a change of its wording fails here, not silently on screen.
  it.each<[string, { status: number; json: string } | null, AccessRefusal | null]>([
    ['Allowed Domains (the Origin)', shown(403, gatewayErrors.notAllowed('domains').message), 'domains'],
    ['Allowed IPs', shown(403, gatewayErrors.notAllowed('ips').message), 'ips'],
    ['Allowed CIDRs', shown(403, gatewayErrors.notAllowed('cidrs').message), 'cidrs'],
    ["a 'Not allowed' of a list it does not name", shown(403, 'Not allowed: something else.'), 'unknown'],
    [
      'a method the gateway does not serve (403 too)',
      shown(403, gatewayErrors.methodRefused('The method "x" is not available.').message),
      null,
    ],
    ['a rate limit', shown(429, gatewayErrors.rateLimited(10, 1).message), null],
    ["a 200 whose text says 'Not allowed:'", { status: 200, json: JSON.stringify({ result: 'Not allowed: x' }) }, null],
    ['a body that is not JSON', { status: 403, json: '<html>Forbidden</html>' }, null],
    ['no run yet', null, null],
  ])('%s', (_, exchange, refusal) => {
    expect(accessRefusalOf(exchange)).toBe(refusal);
  });
});

describe('what the playground says about a refusal', () => {
  it('names the dashboard host and suggests adding it when Allowed Domains can hold it', () => {
    const advice = refusalAdvice('domains', 'dashboard.example.com');
    expect(advice.title).toBe('Refused by your Allowed Domains');
    expect(advice.reason).toContain('dashboard.example.com, which is not one of them');
    expect(advice.action).toBe(
      `To test here, add dashboard.example.com to Allowed Domains in ${ACCESS_CONTROL_PLACE}, or test from one of your allowed sites.`,
    );
  });

  it.each(['127.0.0.1', 'localhost'])('never suggests adding %s, which Allowed Domains refuses', (host) => {
    const advice = refusalAdvice('domains', host);
    expect(advice.action).toMatch(
      new RegExp(`^${host.replaceAll('.', '\\.')} cannot be an allowed domain\\. To test here, empty Allowed Domains`),
    );
    expect(advice.action).toContain(ACCESS_CONTROL_PLACE);
  });

  it.each<[AccessRefusal, string]>([
    ['ips', 'Refused by your Allowed IPs'],
    ['cidrs', 'Refused by your Allowed CIDRs'],
    ['unknown', 'Refused by your RPC Access Control'],
  ])('%s: says which list, and where to change it', (kind, title) => {
    const advice = refusalAdvice(kind, 'dashboard.example.com');
    expect(advice.title).toBe(title);
    expect(advice.action).toContain(ACCESS_CONTROL_PLACE);
  });
});
