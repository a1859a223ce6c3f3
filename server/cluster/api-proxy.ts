import { Agent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { envelope } from '@server/http/errors';

/**
 * Headers about one hop, never passed on (RFC 9110 §7.6.1), and the client's own forwarding
 * claims: the main process trusts forwarding headers, so only the worker may set them.
 */
const hopHeaders = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade', 'forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port']);
const answerHopHeaders = new Set(['connection', 'keep-alive', 'transfer-encoding', 'trailer', 'upgrade']);

function forwardedHeaders(headers: IncomingHttpHeaders, clientIp: string): IncomingHttpHeaders {
  const result: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!hopHeaders.has(name)) result[name] = value;
  }
  // The main process trusts this header from its workers only (it listens on a private socket).
  result['x-forwarded-for'] = clientIp;
  return result;
}

/** rawHeaders without the hop-by-hop ones: several Set-Cookie headers stay several. */
function answerHeaders(rawHeaders: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = rawHeaders[index] ?? '';
    if (!answerHopHeaders.has(name.toLowerCase())) kept.push(name, rawHeaders[index + 1] ?? '');
  }
  return kept;
}

/**
 * An HTTP worker hands every request that is not a gateway call (the API, the SPA) to the main
 * process over its private Unix socket, streaming both ways, with the client's address in
 * X-Forwarded-For. If the main process cannot be reached the client gets the API's error envelope.
 */
export function createApiProxy(socketPath: string): { forward(request: IncomingMessage, response: ServerResponse): void; close(): void } {
  const agent = new Agent({ keepAlive: true, maxFreeSockets: 16 });
  return {
    forward(request, response) {
      const upstream = httpRequest(
        { socketPath, agent, method: request.method, path: request.url, headers: forwardedHeaders(request.headers, request.socket.remoteAddress ?? '') },
        (answer: IncomingMessage) => {
          response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answerHeaders(answer.rawHeaders));
          pipeline(answer, response, () => undefined);
        },
      );
      upstream.once('error', () => {
        if (response.headersSent) {
          response.destroy();
          return;
        }
        const body = JSON.stringify(envelope(502, 'The server is restarting. Please try again in a moment.'));
        response.writeHead(502, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        response.end(body);
      });
      // pipe, not pipeline: a failed upstream must not take the client's socket down before the 502.
      request.pipe(upstream);
    },
    close() {
      agent.destroy();
    },
  };
}
