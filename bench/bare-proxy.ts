/**
 * A reference for `npm run bench:gateway`: a Node proxy on Node's HTTP server. `workers` processes
 * (node:cluster, like WORKERS), each forwarding every POST body through the gateway's own upstream
 * client (server/gateway/upstream.ts) and writing the node's answer back: no key, no allow-lists, no
 * rate limit, no quota, no metering. Its distance to nginx is what Node's HTTP server and undici
 * cost on this machine; the gateway's workers skip the former for plain calls
 * (server/cluster/rpc-connection.ts), checks and all.
 *
 * Run as a script: `node --import tsx bench/bare-proxy.ts <port> <node URL> <workers>`; it prints
 * `listening` once every worker listens.
 */
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { writeAnswer } from '@server/gateway/http-answer';
import { Upstream } from '@server/gateway/upstream';
import { startListeningChild } from './listening-child';

export interface RunningBareProxy {
  readonly url: string;
  /** The cluster's main process: the workers are its children. */
  readonly pid: number;
  stop(): Promise<void>;
}

function serve(port: number, nodeUrl: string): void {
  const upstream = new Upstream(nodeUrl, 10_000);
  createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('end', () => {
      upstream.forward(Buffer.concat(chunks)).then(
        // Written as the gateway writes its answers (sized when small, streamed otherwise).
        (answer) => writeAnswer(response, { status: answer.status, headers: { 'content-type': answer.contentType }, body: answer.body }),
        () => {
          response.writeHead(502);
          response.end();
        },
      );
    });
  }).listen(port, '127.0.0.1', () => process.send?.('listening'));
  // An orderly exit (so that e.g. `node --cpu-prof` writes its profile).
  process.on('SIGTERM', () => process.exit(0));
}

function runPrimary(workers: number): void {
  let listening = 0;
  for (let index = 0; index < workers; index += 1) {
    cluster.fork().on('message', (message) => {
      if (message === 'listening' && ++listening === workers) console.log('listening');
    });
  }
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  });
}

/** Starts the script in its own process and waits until it listens. */
export async function startBareProxy(port: number, nodeUrl: string, workers: number): Promise<RunningBareProxy> {
  const child = await startListeningChild('the bare Node proxy', fileURLToPath(import.meta.url), [String(port), nodeUrl, String(workers)]);
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid, stop: child.stop };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [port = '', nodeUrl = '', workers = '1'] = process.argv.slice(2);
  if (cluster.isPrimary) runPrimary(Number(workers));
  else serve(Number(port), nodeUrl);
}
