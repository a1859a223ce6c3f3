import { describe, expect, it } from 'vitest';
import { answerHead, framingFor, InvalidHeaderError } from '@server/cluster/rpc-answer-head';
import { readRawCall } from '@server/cluster/rpc-request-bytes';
import { maxHeadBytes } from '@server/http/server-limits';

const limit = 1024;
const body = '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}';

/** A request as a client would send it: the request line, then the fields, then the body. */
function request(fields: readonly string[], payload = body, line = 'POST /api/v1/mainnet/rpk_abc HTTP/1.1'): Buffer {
  return Buffer.from(`${[line, ...fields].join('\r\n')}\r\n\r\n${payload}`, 'latin1');
}

const plain = ['Host: 127.0.0.1', `Content-Length: ${body.length}`];

describe('the fast path reads plain gateway calls from the raw request bytes', () => {
  it('reads a call: network, key, Origin and where its body lies', () => {
    const bytes = request([...plain, 'Origin: https://dapp.example', 'Content-Type: application/json']);
    const read = readRawCall(bytes, limit);
    expect(read).toEqual({
      kind: 'call',
      network: 'mainnet',
      apiKey: 'rpk_abc',
      origin: 'https://dapp.example',
      bodyStart: bytes.length - body.length,
      end: bytes.length,
    });
    if (read.kind === 'call') expect(bytes.subarray(read.bodyStart, read.end).toString()).toBe(body);
  });

  it.each([
    ['field names in any case, values trimmed', ['HOST: x', `content-LENGTH:   ${body.length}  `, 'connection: Keep-Alive']],
    ['a query string (ignored, as by the API)', plain, body, 'POST /api/v1/devnet/rpk_abc?api-key=x HTTP/1.1'],
    ['no body at all (the gateway answers its parse error)', ['Host: x'], ''],
    ['obs-text in a value', ['Host: x', `Content-Length: ${body.length}`, 'X-Name: caf\xe9']],
  ] as const)('takes %s', (_name, fields, payload = body, line = undefined) => {
    expect(readRawCall(request(fields, payload, line), limit).kind).toBe('call');
  });

  it('stops at the end of the first of two pipelined calls', () => {
    const first = request(plain);
    const read = readRawCall(Buffer.concat([first, request(plain)]), limit);
    expect(read.kind === 'call' && read.end).toBe(first.length);
  });

  it('waits for the rest of a head, then of a body', () => {
    const bytes = request(plain);
    expect(readRawCall(bytes.subarray(0, 20), limit)).toEqual({ kind: 'incomplete', headComplete: false });
    expect(readRawCall(bytes.subarray(0, bytes.length - 1), limit)).toEqual({
      kind: 'incomplete',
      headComplete: true,
      needed: bytes.length,
    });
  });

  it.each([
    ['another method', plain, body, 'GET /api/v1/mainnet/rpk_abc HTTP/1.1'],
    ['a preflight', plain, body, 'OPTIONS /api/v1/mainnet/rpk_abc HTTP/1.1'],
    ['HTTP/1.0', plain, body, 'POST /api/v1/mainnet/rpk_abc HTTP/1.0'],
    ['an API path', plain, body, 'POST /api/auth/login HTTP/1.1'],
    ['a path the router would refuse', plain, body, 'POST /api/v1/mainnet/rpk_abc/ HTTP/1.1'],
    ['a chunked body', ['Host: x', 'Transfer-Encoding: chunked']],
    ['both Content-Length and Transfer-Encoding', [...plain, 'Transfer-Encoding: chunked']],
    ['two Content-Lengths', [...plain, `Content-Length: ${body.length}`]],
    ['a Content-Length that is not plain digits', ['Host: x', `Content-Length: +${body.length}`]],
    ['a list as Content-Length', ['Host: x', `Content-Length: ${body.length}, ${body.length}`]],
    ['a body above the limit (Node answers 413)', ['Host: x', `Content-Length: ${limit + 1}`]],
    ['Expect: 100-continue', [...plain, 'Expect: 100-continue']],
    ['an Upgrade', [...plain, 'Connection: Upgrade', 'Upgrade: websocket']],
    ['Connection: close', [...plain, 'Connection: close']],
    ['no Host (Node answers 400)', [`Content-Length: ${body.length}`]],
    ['two Hosts', [...plain, 'Host: y']],
    ['two Origins', [...plain, 'Origin: https://a.example', 'Origin: https://b.example']],
    ['a space before the colon', ['Host: x', `Content-Length : ${body.length}`]],
    ['a folded line', [...plain, 'X-Long: a', ' b']],
    ['a bare LF inside a field', [...plain, 'X-A: a\nX-B: b']],
    ['a control character in a value', [...plain, 'X-A: a\x01b']],
    ['a line without a colon', [...plain, 'Nonsense']],
    ['more header lines than any client sends', [...plain, ...Array.from({ length: 64 }, (_, index) => `X-${index}: 1`)]],
  ] as const)('hands %s to Node’s HTTP server', (_name, fields, payload = body, line = undefined) => {
    expect(readRawCall(request(fields, payload, line), limit)).toEqual({ kind: 'handOff' });
  });

  it('hands on a head longer than Node allows, complete or not (Node answers 431)', () => {
    const long = request([...plain, `X-Big: ${'a'.repeat(maxHeadBytes)}`]);
    expect(readRawCall(long, limit)).toEqual({ kind: 'handOff' });
    expect(readRawCall(long.subarray(0, maxHeadBytes + 1), limit)).toEqual({ kind: 'handOff' });
  });

  it('waits, at every byte a call can be cut at, for the rest of it', () => {
    const bytes = request([...plain, 'Origin: https://dapp.example']);
    for (let cut = 0; cut < bytes.length; cut += 1) expect(readRawCall(bytes.subarray(0, cut), limit).kind).toBe('incomplete');
  });

  it.each([
    ['a request ended by bare line feeds', 'GET / HTTP/1.0\n\n'],
    ['a bare line feed in an unfinished head', 'POST /api/v1/mainnet/rpk_abc HTTP/1.1\r\nHost: x\nContent-Length: 2\r\n'],
    ['a line feed first', '\n'],
  ])('hands on %s without waiting for a CRLFCRLF', (_name, text) => {
    expect(readRawCall(Buffer.from(text, 'latin1'), limit)).toEqual({ kind: 'handOff' });
  });

  it('hands on an empty line before the request line', () => {
    expect(readRawCall(Buffer.concat([Buffer.from('\r\n'), request(plain)]), limit)).toEqual({ kind: 'handOff' });
  });
});

describe('the head of a fast-path answer', () => {
  const at = Date.UTC(2026, 10, 22, 15, 0, 0);

  it('writes the fields as Node would: Date, keep-alive, then the length', () => {
    const head = answerHead(200, { 'content-type': 'application/json', 'x-credits-used': '20' }, framingFor(200, 42), 5, at);
    expect(head).toBe(
      'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nx-credits-used: 20\r\ndate: Sun, 22 Nov 2026 15:00:00 GMT\r\nconnection: keep-alive\r\nkeep-alive: timeout=5\r\ncontent-length: 42\r\n\r\n',
    );
  });

  it('frames a streamed answer as chunked, and says when the connection closes', () => {
    expect(answerHead(502, {}, framingFor(502, null), null, at)).toBe(
      'HTTP/1.1 502 Bad Gateway\r\ndate: Sun, 22 Nov 2026 15:00:00 GMT\r\nconnection: close\r\ntransfer-encoding: chunked\r\n\r\n',
    );
  });

  it.each([
    [101, 10, 'none'],
    [204, 10, 'none'],
    [304, null, 'none'],
    [200, 0, 'sized'],
    [429, null, 'chunked'],
  ] as const)('frames status %i (body length %s) as %s', (status, length, kind) => {
    expect(framingFor(status, length).kind).toBe(kind);
  });

  it('never lets a header split the answer', () => {
    expect(() => answerHead(200, { 'content-type': 'text/plain\r\nx-injected: 1' }, framingFor(200, 0), 5, at)).toThrow(InvalidHeaderError);
    expect(() => answerHead(200, { 'bad name': 'x' }, framingFor(200, 0), 5, at)).toThrow(InvalidHeaderError);
    // Written one byte a character: nothing above U+00FF gets through.
    expect(() => answerHead(200, { 'x-price': '5 \u20ac' }, framingFor(200, 0), 5, at)).toThrow(InvalidHeaderError);
    expect(answerHead(200, { 'x-name': 'caf\u00e9' }, framingFor(200, 0), 5, at)).toContain('x-name: caf\u00e9\r\n');
  });
});
