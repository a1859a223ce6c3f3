import { describe, expect, it } from 'vitest';
import { CallFailed, type CallFailure } from '@/domain/call-failure';
import {
  RPC_FALLBACK,
  RpcFailed,
  exchangeOfFailure,
  formatElapsed,
  formatSize,
  prettyJson,
  rpcErrorJson,
  rpcRequestBody,
  rpcServerMessage,
} from '@/domain/rpc-exchange';

describe('the RPC request body (SPEC.md §3)', () => {
  it("is jsonrpc '2.0', the method, id 1 and the params", () => {
    expect(rpcRequestBody('eth_chainId', [])).toEqual({ jsonrpc: '2.0', method: 'eth_chainId', id: 1, params: [] });
  });
});

describe('the RPC test errors (SPEC.md §8)', () => {
  const shown = (json: string): unknown => JSON.parse(json);
  const error = (code: number, message: string) => ({ jsonrpc: '2.0', id: 1, error: { code, message } });

  it.each<[string, CallFailure, string | null, ReturnType<typeof error>]>([
    [
      "a refusal: the HTTP status as code, the server's message",
      { kind: 'refused', status: 429, message: 'Rate limit exceeded' },
      null,
      error(429, 'Rate limit exceeded'),
    ],
    [
      "a refusal without message: the HTTP client's words",
      { kind: 'refused', status: 502, message: null },
      null,
      error(502, 'Request failed with status code 502'),
    ],
    ["no answer: -32603 and fetch's message", { kind: 'no-answer' }, 'Failed to fetch', error(-32603, 'Failed to fetch')],
    ['no answer without words: the French fallback', { kind: 'no-answer' }, ' ', error(-32603, RPC_FALLBACK)],
    ['anything else: -32603 and the French fallback', { kind: 'unexpected' }, null, error(-32603, RPC_FALLBACK)],
  ])('%s', (_, failure, detail, expected) => {
    expect(shown(rpcErrorJson(failure, detail))).toEqual(expected);
  });

  it('keeps the French fallback word for word', () => {
    expect(RPC_FALLBACK).toBe('Une erreur est survenue');
  });

  it.each<[string, string | null]>([
    ['{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"Unknown API key"}}', 'Unknown API key'],
    ['{"statusCode":404,"error":"Not Found","message":"Route not found"}', 'Route not found'],
    ['<html>Bad gateway</html>', null],
    ['{"error":{"code":1,"message":""}}', null],
    ['null', null],
  ])("finds the server's message in %s", (body, message) => {
    expect(rpcServerMessage(body)).toBe(message);
  });

  it('shows what a failed run measured, and anything else as -32603 with no bytes', () => {
    const refused = new RpcFailed({ kind: 'refused', status: 401, message: 'Invalid API key' }, 4, 90);
    expect(exchangeOfFailure(refused)).toEqual({ json: rpcErrorJson(refused.failure), status: 401, elapsedMs: 4, sizeBytes: 90 });
    const offline = new RpcFailed({ kind: 'no-answer' }, 7, 0, 'fetch failed');
    expect(shown(exchangeOfFailure(offline).json)).toEqual(error(-32603, 'fetch failed'));
    expect(exchangeOfFailure(new CallFailed({ kind: 'no-answer' }))).toEqual({
      json: rpcErrorJson({ kind: 'no-answer' }),
      status: null,
      elapsedMs: 0,
      sizeBytes: 0,
    });
    expect(exchangeOfFailure('boom')).toEqual({ json: rpcErrorJson({ kind: 'unexpected' }), status: null, elapsedMs: 0, sizeBytes: 0 });
  });
});

describe('the response panel figures', () => {
  it('pretty-prints JSON and leaves anything else as it came', () => {
    expect(prettyJson('{"jsonrpc":"2.0","id":1,"result":"0x1"}')).toBe('{\n  "jsonrpc": "2.0",\n  "id": 1,\n  "result": "0x1"\n}');
    expect(prettyJson('<html>502</html>')).toBe('<html>502</html>');
  });
  it('reads elapsed milliseconds and bytes', () => {
    expect(formatElapsed(12.6)).toBe('13 ms');
    expect(formatElapsed(1234)).toBe('1,234 ms');
    expect(formatSize(1)).toBe('1 byte');
    expect(formatSize(20480)).toBe('20,480 bytes');
  });
});
