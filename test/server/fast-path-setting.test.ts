import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { withFastPath } from '@server/cluster/one-process';
import { createWorkerServer } from '@server/cluster/worker-http';
import { ConfigError, loadConfig } from '@server/config';
import type { GatewayCall } from '@server/gateway/call-records';
import type { RpcHandler } from '@server/gateway/gateway';
import { RawConnection } from './helpers/raw-http';

/** Answers every call with its body, and keeps what it was given. */
function echoGateway(): RpcHandler & { calls: GatewayCall[] } {
  const calls: GatewayCall[] = [];
  return {
    calls,
    call: async (call) => {
      calls.push(call);
      return { status: 200, headers: { 'content-type': 'application/json' }, body: call.body ?? '' };
    },
  };
}

const body = '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}';
const plainCall = `POST /api/v1/mainnet/rpk_abc HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;

async function answerTo(port: number): Promise<string> {
  const connection = await RawConnection.open(port, '127.0.0.1');
  connection.write(plainCall);
  const answer = await connection.answer();
  connection.destroy();
  return answer?.body ?? '';
}

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

describe('FAST_PATH', () => {
  it('is on by default, off when set so, and refused otherwise', () => {
    expect(loadConfig({}).fastPath).toBe(true);
    expect(loadConfig({ FAST_PATH: 'on' }).fastPath).toBe(true);
    expect(loadConfig({ FAST_PATH: 'off' }).fastPath).toBe(false);
    expect(() => loadConfig({ FAST_PATH: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ FAST_PATH: 'true' })).toThrow(/FAST_PATH="true" is not valid: use one of on, off/);
  });

  it.each([
    ['on', 0],
    ['off', 1],
  ] as const)("in an HTTP worker, %s: a plain call reaches Node's HTTP server %i time(s)", async (setting, throughNode) => {
    const gateway = echoGateway();
    const { server, fastPath } = createWorkerServer({
      config: loadConfig({ FAST_PATH: setting }),
      gateway,
      proxy: { forward: (_request, response) => response.end() },
      onFailure: (error) => {
        throw error;
      },
      now: Date.now,
    });
    expect(fastPath === null).toBe(setting === 'off');
    let requests = 0;
    server.on('request', () => {
      requests += 1;
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    stops.push(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
    expect(await answerTo((server.address() as AddressInfo).port)).toBe(body);
    expect(gateway.calls).toHaveLength(1);
    expect(requests).toBe(throughNode);
  });

  it.each([
    ['on', 0],
    ['off', 1],
  ] as const)('in one process (WORKERS=1), %s: a plain call reaches Fastify %i time(s)', async (setting, throughFastify) => {
    const gateway = echoGateway();
    const app = fastify();
    let requests = 0;
    app.addHook('onRequest', async () => {
      requests += 1;
    });
    // The app's own gateway route, as server/gateway/routes.ts serves it when the fast path does not.
    app.post<{ Params: { network: string; key: string } }>('/api/v1/:network/:key', async (request) => {
      const { network, key } = request.params;
      const answer = await gateway.call({
        network,
        apiKey: key,
        body: Buffer.from(JSON.stringify(request.body)),
        origin: undefined,
        clientIp: request.ip,
      });
      return answer.body.toString();
    });
    const running = withFastPath(app, gateway, loadConfig({ FAST_PATH: setting }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    stops.push(() => running.close());
    expect(JSON.parse(await answerTo((app.server.address() as AddressInfo).port))).toEqual(JSON.parse(body));
    expect(gateway.calls).toHaveLength(1);
    expect(requests).toBe(throughFastify);
  });
});
