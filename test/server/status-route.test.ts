import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusReport, StatusSource } from '@server/gateway/fleet/status-report';
import { STATUS_UNAVAILABLE } from '@server/handlers/status';
import { startTestApp, type TestApp } from './helpers/test-app';
import { devnetDown, mainnetDegraded, statusReportOf } from '../support/status-reports';

const mainnet = mainnetDegraded;
const devnet = devnetDown;
const firstReport: StatusReport = statusReportOf([mainnet, devnet]);

/** A source the test changes between requests, as the fleet's changes between its reports. */
function changingSource(first: StatusReport) {
  let report = first;
  const source: StatusSource = { status: () => report };
  return { source, set: (next: StatusReport) => (report = next) };
}

describe('GET /api/status', () => {
  const { source, set } = changingSource(firstReport);
  let app: TestApp;
  let without: TestApp;

  beforeAll(async () => {
    [app, without] = await Promise.all([startTestApp({}, { status: source }), startTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([app.close(), without.close()]);
  });

  it('answers the report to anyone, without a session, never to be kept', async () => {
    const answer = await app.app.inject({ method: 'GET', url: '/api/status' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toEqual(firstReport);
  });

  it('makes the report for each request', async () => {
    const later: StatusReport = {
      ...firstReport,
      generatedAt: '2026-11-27T12:00:15.000Z',
      networks: [{ ...mainnet, state: 'operational', nodesHealthy: 3, headBlock: 19_000_124 }, devnet],
      incidents: [],
    };
    set(later);
    try {
      expect((await app.app.inject({ method: 'GET', url: '/api/status' })).json()).toEqual(later);
    } finally {
      set(firstReport);
    }
  });

  it('sends only the fields of the contract, whatever else the source holds', async () => {
    // A node's URL may carry a key: a source that keeps it beside the status never shows it.
    const withUrl = { ...mainnet, url: 'https://node.example/secret-key' };
    set({ ...firstReport, networks: [withUrl] });
    try {
      const answer = await app.app.inject({ method: 'GET', url: '/api/status' });
      expect(answer.body).not.toContain('secret-key');
      expect(answer.json()).toEqual({ ...firstReport, networks: [mainnet] });
    } finally {
      set(firstReport);
    }
  });

  it('ignores a bearer token that is not a session (the operation is public)', async () => {
    const answer = await app.app.inject({ method: 'GET', url: '/api/status', headers: { authorization: 'Bearer not-a-session' } });
    expect(answer.statusCode).toBe(200);
  });

  it('answers 503 with the error envelope where the server has no source of the report', async () => {
    const answer = await without.app.inject({ method: 'GET', url: '/api/status' });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: STATUS_UNAVAILABLE });
  });
});
