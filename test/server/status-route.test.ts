import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusReport } from '@server/gateway/fleet/status-report';
import { setUpTestAnvil } from '../support/anvil';
import { startTestApp, type TestApp } from './helpers/test-app';

/** A port nothing listens on: a node that cannot be reached. */
const deadNode = 'http://127.0.0.1:9';

describe('GET /api/status', () => {
  const anvil = setUpTestAnvil();
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ UPSTREAM_MAINNET_URL: `${anvil.node.url},${deadNode}`, UPSTREAM_DEVNET_URL: deadNode, HEAD_POLL_MS: '50' });
  });
  afterAll(async () => {
    await app.close();
  });

  const report = async (): Promise<StatusReport> => (await app.app.inject({ method: 'GET', url: '/api/status' })).json();

  /** The report once the fleet has checked every node (a dead one is out after its first check). */
  async function settled(): Promise<StatusReport> {
    for (let tries = 0; tries < 200; tries += 1) {
      const answer = await report();
      if (answer.networks.every((network) => network.headBlock !== null || network.state === 'down') && answer.incidents.length >= 3) {
        return answer;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return report();
  }

  it('answers to anyone, without a session, never to be kept', async () => {
    const answer = await app.app.inject({ method: 'GET', url: '/api/status', headers: { authorization: 'Bearer not-a-session' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
  });

  it("reports each network's state from its real nodes, and what went wrong, without their URLs", async () => {
    const answer = await settled();
    expect(answer.windowMinutes).toBe(5);
    expect(answer.networks).toEqual([
      expect.objectContaining({ name: 'mainnet', label: 'Mainnet', state: 'degraded', nodesHealthy: 1, nodesConfigured: 2 }),
      expect.objectContaining({ name: 'devnet', label: 'Devnet', state: 'down', nodesHealthy: 0, nodesConfigured: 1, headBlock: null }),
    ]);
    expect(answer.networks[0]?.headBlock).toBeGreaterThanOrEqual(0);
    expect(answer.incidents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ network: 'mainnet', kind: 'node_out', node: 'node 2', reason: 'not reachable', endedAt: null }),
        expect.objectContaining({ network: 'devnet', kind: 'node_out', node: 'node 1', endedAt: null }),
        expect.objectContaining({ network: 'devnet', kind: 'network_down', node: null, endedAt: null }),
      ]),
    );
    const text = JSON.stringify(answer);
    expect(text).not.toContain(anvil.node.url);
    expect(text).not.toContain(deadNode);
  });
});
