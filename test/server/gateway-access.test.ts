import { describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import { call, keyHolder, rpc, rpcError, setUpGatewayApp, type KeyHolder } from './gateway-harness';
import { bearer } from './helpers/accounts';
import { rawClient, refusal } from './helpers/ws-client';

type AccessControlUpdate = components['schemas']['AccessControlUpdate'];

const server = setUpGatewayApp({ fullBucketEachTest: true });

/** Saves the lists through the dashboard's operation (which drops the gateway's cached copy). */
async function allow(holder: KeyHolder, lists: Partial<AccessControlUpdate>): Promise<void> {
  const payload: AccessControlUpdate = { domains: [], ips: [], cidrs: [], ...lists };
  const response = await server.app.inject({ method: 'PUT', url: '/api/accessControl', headers: bearer(holder.token), payload });
  if (response.statusCode !== 200) throw new Error(`PUT /api/accessControl answered ${response.statusCode}: ${response.body}`);
}

async function statusFrom(holder: KeyHolder, from: { origin?: string; address?: string }): Promise<number> {
  const response = await rpc(server.app, holder.apiKey, call('eth_chainId'), {
    headers: from.origin === undefined ? {} : { origin: from.origin },
    remoteAddress: from.address ?? '198.51.100.1',
  });
  return response.statusCode;
}

describe('gateway: allow-lists', () => {
  it('lets every caller in while the lists are empty', async () => {
    const holder = await keyHolder(server.app);
    expect(await statusFrom(holder, {})).toBe(200);
    expect(await statusFrom(holder, { origin: 'https://anything.example', address: '2001:db8::5' })).toBe(200);
  });

  it('matches the Origin host against allowed domains: the domain and its subdomains, any port or scheme', async () => {
    const holder = await keyHolder(server.app);
    await allow(holder, { domains: ['example.com'] });
    expect(await statusFrom(holder, { origin: 'https://example.com' })).toBe(200);
    expect(await statusFrom(holder, { origin: 'http://App.Example.com:8443' })).toBe(200);
    expect(await statusFrom(holder, { origin: 'https://badexample.com' })).toBe(403);
    expect(await statusFrom(holder, { origin: 'https://example.com.evil.io' })).toBe(403);
    expect(await statusFrom(holder, { origin: 'null' })).toBe(403);
    expect(await statusFrom(holder, {})).toBe(403);
    const refused = await rpc(server.app, holder.apiKey, call('eth_chainId', 'x'), { headers: { origin: 'https://other.org' } });
    expect(rpcError(refused)).toEqual({
      id: 'x',
      code: -32002,
      message: 'Not allowed: the Origin of this request is not one of your allowed domains (see Access Control on the Endpoints page).',
    });
    expect(refused.headers['x-credits-used']).toBe('0');
  });

  it('refuses a call without an Origin (curl, a backend) by default once domains are set, saying so', async () => {
    const holder = await keyHolder(server.app);
    await allow(holder, { domains: ['example.com'] });
    const refused = await rpc(server.app, holder.apiKey, call('eth_chainId', 7));
    expect(refused.statusCode).toBe(403);
    expect(rpcError(refused)).toEqual({
      id: 7,
      code: -32002,
      message:
        'Not allowed: this request has no Origin header, and your allowed domains refuse calls without one (see Access Control on the Endpoints page).',
    });
  });

  it('accepts calls without an Origin when the user allows them, and still refuses an Origin not on the list', async () => {
    const holder = await keyHolder(server.app);
    await allow(holder, { domains: ['example.com'], allowNoOrigin: true });
    expect(await statusFrom(holder, {})).toBe(200);
    expect(await statusFrom(holder, { origin: 'https://app.example.com' })).toBe(200);
    expect(await statusFrom(holder, { origin: 'https://other.org' })).toBe(403);
    // 'null' is a browser's (a sandboxed page, a file): not a call without an Origin.
    expect(await statusFrom(holder, { origin: 'null' })).toBe(403);
    // A save that leaves the choice out keeps it; turning it off applies at once.
    await allow(holder, { domains: ['example.com', 'example.org'] });
    expect(await statusFrom(holder, {})).toBe(200);
    await allow(holder, { domains: ['example.com'], allowNoOrigin: false });
    expect(await statusFrom(holder, {})).toBe(403);
    expect(await statusFrom(holder, { origin: 'https://example.com' })).toBe(200);
  });

  it('still applies the IP lists to calls without an Origin that the domain list lets in', async () => {
    const holder = await keyHolder(server.app);
    await allow(holder, { domains: ['example.com'], ips: ['203.0.113.7'], allowNoOrigin: true });
    expect(await statusFrom(holder, { address: '203.0.113.7' })).toBe(200);
    expect(await statusFrom(holder, { address: '198.51.100.1' })).toBe(403);
  });

  it('applies the choice to WebSocket handshakes too', async () => {
    const base = (await server.app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
    const holder = await keyHolder(server.app);
    const url = `${base}/api/v1/mainnet/${holder.apiKey}`;
    await allow(holder, { domains: ['example.com'] });
    const refused = await refusal(url);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain('this request has no Origin header');
    expect((await refusal(url, { origin: 'https://other.org' })).status).toBe(403);
    await allow(holder, { domains: ['example.com'], allowNoOrigin: true });
    const accepted = await rawClient(url);
    accepted.socket.close();
    expect((await refusal(url, { origin: 'https://other.org' })).status).toBe(403);
  });

  it('matches the client address against allowed IPs as parsed addresses (IPv4, IPv6, IPv4-mapped)', async () => {
    const holder = await keyHolder(server.app);
    await allow(holder, { ips: ['203.0.113.7', '2001:0DB8:0000:0000:0000:0000:0000:0001'] });
    expect(await statusFrom(holder, { address: '203.0.113.7' })).toBe(200);
    expect(await statusFrom(holder, { address: '::ffff:203.0.113.7' })).toBe(200);
    expect(await statusFrom(holder, { address: '2001:db8::1' })).toBe(200);
    expect(await statusFrom(holder, { address: '203.0.113.8' })).toBe(403);
    expect(await statusFrom(holder, { address: '2001:db8::2' })).toBe(403);
    expect(await statusFrom(holder, { address: '::1' })).toBe(403);
    const refused = await rpc(server.app, holder.apiKey, call('eth_chainId'), { remoteAddress: '192.0.2.1' });
    expect(rpcError(refused).message).toBe(
      'Not allowed: your IP address is not one of your allowed IPs (see Access Control on the Endpoints page).',
    );
  });

  it('matches the client address against allowed CIDR ranges', async () => {
    const holder = await keyHolder(server.app);
    await allow(holder, { cidrs: ['10.0.0.0/8', '192.168.1.0/24'] });
    expect(await statusFrom(holder, { address: '10.20.30.40' })).toBe(200);
    expect(await statusFrom(holder, { address: '::ffff:10.1.2.3' })).toBe(200);
    expect(await statusFrom(holder, { address: '192.168.1.255' })).toBe(200);
    expect(await statusFrom(holder, { address: '192.168.2.1' })).toBe(403);
    expect(await statusFrom(holder, { address: '11.0.0.1' })).toBe(403);
    expect(await statusFrom(holder, { address: '2001:db8::a' })).toBe(403);
  });

  it('requires every non-empty list to pass', async () => {
    const holder = await keyHolder(server.app);
    await allow(holder, { domains: ['example.com'], ips: ['10.1.1.1'], cidrs: ['10.1.0.0/16'] });
    expect(await statusFrom(holder, { origin: 'https://example.com', address: '10.1.1.1' })).toBe(200);
    expect(await statusFrom(holder, { origin: 'https://example.com', address: '10.1.1.2' })).toBe(403);
    expect(await statusFrom(holder, { origin: 'https://example.org', address: '10.1.1.1' })).toBe(403);
  });

  it('applies a save at once, and opens up again when the lists are emptied', async () => {
    const holder = await keyHolder(server.app);
    expect(await statusFrom(holder, { address: '10.9.9.9' })).toBe(200);
    await allow(holder, { ips: ['10.0.0.1'] });
    expect(await statusFrom(holder, { address: '10.9.9.9' })).toBe(403);
    await allow(holder, {});
    expect(await statusFrom(holder, { address: '10.9.9.9' })).toBe(200);
  });
});
