import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiProxy } from '@server/cluster/api-proxy';
import { writeAnswer } from '@server/gateway/http-answer';

/**
 * A client that leaves before its answer is written. Node 22 and later throw when asked to pipe into
 * a destroyed stream (Node 20 called back with an error), which took an HTTP worker down: the answer
 * is dropped instead, on both majors `npm test` runs.
 */
const servers: Server[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function listen(server: Server, at: string | number): Promise<void> {
  servers.push(server);
  return new Promise((resolve) => server.listen(at, () => resolve()));
}

/** A request to the server, which its client abandons once `leave` resolves. */
function requestAndLeave(server: Server, leave: Promise<unknown>): void {
  const client = request({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/api/anything' });
  client.on('error', () => undefined);
  client.end();
  void leave.then(() => client.destroy());
}

describe('a client that leaves before its answer', () => {
  it('gets no streamed gateway answer, and the node’s answer is dropped', async () => {
    let received: (response: ServerResponse) => void = () => undefined;
    const request = new Promise<ServerResponse>((resolve) => (received = resolve));
    const server = createServer((_request, response) => received(response));
    await listen(server, 0);
    requestAndLeave(server, request);
    const response = await request;
    await new Promise((resolve) => response.once('close', resolve));
    const body = Readable.from(['{"jsonrpc":"2.0","id":1,"result":"0x1"}']);
    expect(() => writeAnswer(response, { status: 200, headers: { 'content-type': 'application/json' }, body })).not.toThrow();
    expect(body.destroyed).toBe(true);
  });

  it('does not take an HTTP worker down when the main process answers after the client left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-gone-'));
    dirs.push(dir);
    const socketPath = join(dir, 'api.sock');
    // The main process: it has the request, and answers when told to.
    let apiReceived: (response: ServerResponse) => void = () => undefined;
    const atApi = new Promise<ServerResponse>((resolve) => (apiReceived = resolve));
    await listen(
      createServer((_request, response) => apiReceived(response)),
      socketPath,
    );
    const proxy = createApiProxy(socketPath);
    let workerReceived: (response: ServerResponse) => void = () => undefined;
    const atWorker = new Promise<ServerResponse>((resolve) => (workerReceived = resolve));
    const worker = createServer((request, response) => {
      proxy.forward(request, response, '127.0.0.1');
      workerReceived(response);
    });
    await listen(worker, 0);
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      requestAndLeave(worker, atApi);
      const [apiResponse, workerResponse] = await Promise.all([atApi, atWorker]);
      if (!workerResponse.destroyed) await new Promise((resolve) => workerResponse.once('close', resolve));
      await new Promise<void>((resolve) => {
        apiResponse.writeHead(200, { 'content-type': 'application/json' });
        apiResponse.end('{}', () => resolve());
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      proxy.close();
    }
  });
});
