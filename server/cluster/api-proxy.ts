import { Agent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { apiBodyLimitBytes } from '@server/http/body-limit';
import { envelope } from '@server/http/errors';
import { securityHeaders } from '@server/http/security-headers';

/**
 * Headers about one hop, never passed on (RFC 9110 §7.6.1), and the client's own forwarding
 * claims: the main process trusts forwarding headers, so only the worker may set them.
 */
const hopHeaders = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
]);
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

/** An answer of the worker's own in the API's error envelope, with the headers the API's answers carry. */
export function sendEnvelope(request: IncomingMessage, response: ServerResponse, status: number, message: string): void {
  const body = JSON.stringify(envelope(status, message));
  response.writeHead(status, {
    ...securityHeaders(request.url ?? ''),
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

const tooLargeMessage = 'Request body is too large';

/** The declared body length, when it is one plain number (Node's parser refused any other form). */
function declaredLength(request: IncomingMessage): number | null {
  const value = request.headers['content-length'];
  return value === undefined ? null : Number(value);
}

/**
 * An HTTP worker hands every request that is not a gateway call (the API, the SPA) to the main
 * process over its private Unix socket, streaming both ways, with the client's address in
 * X-Forwarded-For. If the main process cannot be reached the client gets the API's error envelope.
 *
 * A body over the API's limit is refused here with 413, from its Content-Length before any byte is
 * passed on, or as soon as a chunked one goes past it: the main process would refuse it too, but
 * its refusal could arrive after it closed the connection under the body still being sent (502).
 * The rest of a refused body is read and dropped, so the client reads the 413 instead of a reset.
 */
export function createApiProxy(socketPath: string): {
  forward(request: IncomingMessage, response: ServerResponse, clientIp: string): void;
  close(): void;
} {
  const agent = new Agent({ keepAlive: true, maxFreeSockets: 16 });
  return {
    forward(request, response, clientIp) {
      const declared = declaredLength(request);
      if (declared !== null && declared > apiBodyLimitBytes) {
        sendEnvelope(request, response, 413, tooLargeMessage);
        request.resume();
        return;
      }
      let refused = false;
      const upstream = httpRequest(
        { socketPath, agent, method: request.method, path: request.url, headers: forwardedHeaders(request.headers, clientIp) },
        (answer: IncomingMessage) => {
          // The client left before the answer came: drop it, as pipeline does (Node 22+ throws when
          // asked to pipe into a destroyed stream, which would take the worker down).
          if (response.destroyed) {
            answer.destroy();
            return;
          }
          response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answerHeaders(answer.rawHeaders));
          pipeline(answer, response, () => undefined);
        },
      );
      upstream.once('error', () => {
        if (refused) return;
        if (response.headersSent) {
          response.destroy();
          return;
        }
        sendEnvelope(request, response, 502, 'The server is restarting. Please try again in a moment.');
      });
      if (declared !== null) {
        // pipe, not pipeline: a failed upstream must not take the client's socket down before the 502.
        request.pipe(upstream);
        return;
      }
      // A body of unknown length (chunked), counted as it is passed on.
      let size = 0;
      request.on('data', (chunk: Buffer) => {
        if (refused) return;
        size += chunk.length;
        if (size <= apiBodyLimitBytes) {
          if (!upstream.write(chunk)) request.pause();
          return;
        }
        refused = true;
        upstream.destroy();
        if (response.headersSent) response.destroy();
        else sendEnvelope(request, response, 413, tooLargeMessage);
      });
      upstream.on('drain', () => request.resume());
      request.once('end', () => {
        if (!refused) upstream.end();
      });
    },
    close() {
      agent.destroy();
    },
  };
}
