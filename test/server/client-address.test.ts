import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddress, proxyTrust } from '@server/http/client-address';

const proxies = proxyTrust(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32']);

/** [connection address, X-Forwarded-For, client address]: TRUST_PROXY=10.0.0.0/8,192.0.2.7,2001:db8::/32. */
const table: ReadonlyArray<readonly [string, string | undefined, string]> = [
  // An untrusted connection: its header is never read, whatever it says.
  ['203.0.113.5', undefined, '203.0.113.5'],
  ['203.0.113.5', '198.51.100.1', '203.0.113.5'],
  ['203.0.113.5', '10.0.0.1', '203.0.113.5'],
  ['198.51.100.9', '1.2.3.4, 10.0.0.1', '198.51.100.9'],
  // A trusted proxy: the hop it was reached from.
  ['10.1.2.3', '198.51.100.1', '198.51.100.1'],
  ['192.0.2.7', '198.51.100.1', '198.51.100.1'],
  ['10.1.2.3', undefined, '10.1.2.3'],
  ['10.1.2.3', '', '10.1.2.3'],
  // Trusted hops are skipped from the right; the first untrusted one is the client, what it claimed is ignored.
  ['10.1.2.3', '6.6.6.6, 198.51.100.1, 10.9.9.9', '198.51.100.1'],
  ['10.1.2.3', '6.6.6.6,198.51.100.1,10.9.9.9,192.0.2.7', '198.51.100.1'],
  // Every hop trusted: the leftmost.
  ['10.1.2.3', '10.4.4.4, 10.5.5.5', '10.4.4.4'],
  // Spaces, tabs and empty elements between commas.
  ['10.1.2.3', ' 198.51.100.1 ,\t, ', '198.51.100.1'],
  // Something that is no address stops the walk: it is the client as the proxy saw it.
  ['10.1.2.3', '198.51.100.1, unknown', 'unknown'],
  // IPv6, and IPv4 seen through a dual-stack socket.
  ['2001:db8::1', '2001:db9::5', '2001:db9::5'],
  ['::ffff:10.1.2.3', '198.51.100.1', '198.51.100.1'],
  ['10.1.2.3', '::ffff:10.2.2.2, 198.51.100.1', '198.51.100.1'],
  ['::ffff:203.0.113.5', '198.51.100.1', '::ffff:203.0.113.5'],
];

describe('the client address through trusted proxies', () => {
  it.each(table)('connection %s, X-Forwarded-For %j → %s', (socket, forwardedFor, expected) => {
    expect(clientAddress(socket, forwardedFor, proxies)).toBe(expected);
  });

  it('reads no header at all without TRUST_PROXY', () => {
    const nobody = proxyTrust([]);
    for (const [socket, forwardedFor] of table) expect(clientAddress(socket, forwardedFor, nobody)).toBe(socket);
  });

  it('reads several X-Forwarded-For fields as one list, in order', () => {
    expect(clientAddress('10.1.2.3', ['6.6.6.6', '198.51.100.1, 10.2.2.2'], proxies)).toBe('198.51.100.1');
  });

  it('trusts a mapped IPv4 range as its IPv4 range', () => {
    const mapped = proxyTrust(['::ffff:10.0.0.0/104']);
    expect(clientAddress('10.3.3.3', '198.51.100.1', mapped)).toBe('198.51.100.1');
    expect(clientAddress('11.3.3.3', '198.51.100.1', mapped)).toBe('11.3.3.3');
  });

  // WORKERS=1 reads request.ip from Fastify (its trustProxy given the same test): the same table must hold.
  it('agrees with Fastify given the same trust test', async () => {
    const app = Fastify({ trustProxy: proxies });
    app.get('/', async (request) => request.ip);
    for (const [socket, forwardedFor, expected] of table) {
      const answer = await app.inject({
        method: 'GET',
        url: '/',
        remoteAddress: socket,
        headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      });
      expect(answer.body, `${socket} ${forwardedFor}`).toBe(expected);
    }
    await app.close();
  });
});
