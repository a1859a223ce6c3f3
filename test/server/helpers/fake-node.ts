import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';

/** 1 MiB and a bit: streamed through, never held whole. */
export const bigAnswer = Buffer.alloc(1024 * 1024 + 17, 'a');
/** A node's own JSON-RPC error with an HTTP error status: passed on as it is. */
export const refusal = ' {"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"header not found"}}';

const headBlock = JSON.stringify({ number: '0x1', hash: `0x${'11'.repeat(32)}`, parentHash: `0x${'00'.repeat(32)}` });

export interface FakeNode {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A misbehaving node: what it does depends on a word in the call (the gateway forwards only the
 * methods it serves, so tests put the word in the params). 'hang' never answers, 'reset'
 * drops the connection, 'busy' answers HTTP 503 in plain text, 'bigBusy' a streamed HTML 503,
 * 'refusal' HTTP 500 with a JSON-RPC error, 'page' HTTP 200 with an HTML page, 'big' streams a
 * large answer in chunks; eth_getBlockByNumber gets block 1 (the gateway's head checks pass); any
 * other call gets a JSON-RPC result.
 */
export function startFakeNode(): Promise<FakeNode> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (body.includes('"hang"')) return;
      if (body.includes('"reset"')) {
        request.socket.destroy();
        return;
      }
      if (body.includes('"busy"')) {
        response.writeHead(503, { 'content-type': 'text/plain' }).end('node overloaded');
        return;
      }
      if (body.includes('"bigBusy"')) {
        // No Content-Length: streamed through the gateway.
        response.writeHead(503, { 'content-type': 'text/html' });
        response.write(`<html>${'overloaded '.repeat(1000)}`);
        response.end('</html>');
        return;
      }
      if (body.includes('"refusal"')) {
        response.writeHead(500, { 'content-type': 'application/json' }).end(refusal);
        return;
      }
      if (body.includes('"page"')) {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
        return;
      }
      if (body.includes('"big"')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        for (let offset = 0; offset < bigAnswer.length; offset += 64 * 1024) response.write(bigAnswer.subarray(offset, offset + 64 * 1024));
        response.end();
        return;
      }
      // The gateway's head check (and any block asked for): block 1, always the same.
      const result = body.includes('"eth_getBlockByNumber"') ? headBlock : '"0x1"';
      response.writeHead(200, { 'content-type': 'application/json' }).end(`{"jsonrpc":"2.0","id":1,"result":${result}}`);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = address !== null && typeof address === 'object' ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}/rpc`,
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
