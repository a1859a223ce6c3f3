import { describe, expect, it } from 'vitest';
import {
  METHOD_FILTER_MAX,
  RERUN_REFUSALS,
  type RerunRefusal,
  bytesLabel,
  latencyLabel,
  methodFilterOf,
  methodLabel,
  pagesAnnouncement,
  rerunOf,
  timeLabel,
} from '@/domain/request-log';

const call = (body: unknown) => JSON.stringify(body);

describe('rerunOf', () => {
  it.each<[string, string, { method: string; params: unknown[] }]>([
    [
      'a call with params',
      call({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: ['0xabc', 'latest'] }),
      {
        method: 'eth_getBalance',
        params: ['0xabc', 'latest'],
      },
    ],
    ['a call without params', call({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' }), { method: 'eth_blockNumber', params: [] }],
    ['params null', call({ jsonrpc: '2.0', id: 'a', method: 'eth_chainId', params: null }), { method: 'eth_chainId', params: [] }],
    ['empty params', call({ jsonrpc: '2.0', method: 'net_version', params: [] }), { method: 'net_version', params: [] }],
    [
      'nested params',
      call({ method: 'eth_call', params: [{ to: '0x1', data: '0x' }, 'latest'] }),
      {
        method: 'eth_call',
        params: [{ to: '0x1', data: '0x' }, 'latest'],
      },
    ],
  ])('runs %s again', (_name, request, expected) => {
    expect(rerunOf({ request, requestTruncated: false, calls: 1 })).toEqual({ ok: true, ...expected });
  });

  it.each<[string, { request: string; requestTruncated?: boolean; calls?: number }, RerunRefusal]>([
    ['a batch (by its length)', { request: call([{ method: 'eth_chainId' }, { method: 'eth_blockNumber' }]), calls: 2 }, 'batch'],
    ['a batch of one', { request: call([{ method: 'eth_chainId' }]) }, 'batch'],
    ['a truncated request', { request: '{"jsonrpc":"2.0","method":"eth_call","params":[{"data":"0x', requestTruncated: true }, 'truncated'],
    ['a truncated request that happens to parse', { request: call({ method: 'eth_chainId' }), requestTruncated: true }, 'truncated'],
    ['text that is not JSON', { request: 'eth_chainId' }, 'invalid-json'],
    ['an empty request', { request: '' }, 'invalid-json'],
    ['JSON without a method', { request: call({ jsonrpc: '2.0', id: 1 }) }, 'not-a-call'],
    ['a method that is not a string', { request: call({ method: 42 }) }, 'not-a-call'],
    ['a JSON string', { request: '"eth_chainId"' }, 'not-a-call'],
    ['JSON null', { request: 'null' }, 'not-a-call'],
    ['params that are a string', { request: call({ method: 'eth_chainId', params: 'latest' }) }, 'not-a-call'],
    ['params by name', { request: call({ method: 'eth_getBalance', params: { address: '0x1' } }) }, 'named-params'],
    ['a method the playground does not list', { request: call({ method: 'admin_peers', params: [] }) }, 'unlisted-method'],
    ['a subscription', { request: call({ method: 'eth_subscribe', params: ['newHeads'] }) }, 'unlisted-method'],
  ])('refuses %s', (_name, { request, requestTruncated = false, calls = 1 }, reason) => {
    expect(rerunOf({ request, requestTruncated, calls })).toEqual({ ok: false, reason });
    expect(RERUN_REFUSALS[reason]).toMatch(/\.$/);
  });
});

describe('the table cells', () => {
  it.each([
    ['eth_call', 1, 'eth_call'],
    ['eth_call', 2, 'eth_call +1'],
    ['eth_chainId', 10, 'eth_chainId +9'],
  ])('labels %s with %i calls as %s', (method, calls, label) => {
    expect(methodLabel(method, calls)).toBe(label);
  });

  it.each([
    [null, '—'],
    [0, '0 ms'],
    [12.4, '12 ms'],
    [1234, '1,234 ms'],
  ])('shows a latency of %j as %s', (ms, label) => {
    expect(latencyLabel(ms)).toBe(label);
  });

  it.each([
    [null, '—'],
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [20_480, '20 KB'],
  ])('shows %j bytes as %s', (bytes, label) => {
    expect(bytesLabel(bytes)).toBe(label);
  });

  it('shows the time in UTC to the second, and an unreadable one as it came', () => {
    expect(timeLabel('2025-03-03T12:00:01.234Z')).toEqual({ time: '12:00:01', day: 'Mar 3' });
    expect(timeLabel('2025-03-03T23:59:59.999Z')).toEqual({ time: '23:59:59', day: 'Mar 3' });
    expect(timeLabel('yesterday')).toEqual({ time: 'yesterday', day: '' });
  });
});

describe('methodFilterOf', () => {
  it.each([
    ['', null],
    ['   ', null],
    [' eth_call ', 'eth_call'],
    ['x'.repeat(METHOD_FILTER_MAX), 'x'.repeat(METHOD_FILTER_MAX)],
    ['x'.repeat(METHOD_FILTER_MAX + 1), null],
  ])('reads %j as %j', (text, method) => {
    expect(methodFilterOf(text)).toBe(method);
  });
});

describe('pagesAnnouncement', () => {
  it.each([
    [0, false, false, 'Showing 0 calls, all of the last 24 hours.'],
    [1, false, false, 'Showing 1 call, all of the last 24 hours.'],
    [25, false, true, 'Showing 25 calls; more are available.'],
    [25, true, true, 'Loading more calls...'],
    [1200, false, false, 'Showing 1,200 calls, all of the last 24 hours.'],
  ])('%i calls, loading more %s, more %s: %s', (entries, loadingMore, hasMore, text) => {
    expect(pagesAnnouncement(entries, loadingMore, hasMore)).toBe(text);
  });
});
