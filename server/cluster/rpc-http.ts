import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RpcHandler } from '@server/gateway/gateway';
import { writeAnswer, type GatewayAnswer, type GatewayFront } from '@server/gateway/http-answer';
import { apiPrefix } from '@server/http/api-prefix';

/** /api/v1/{network}/{apiKey}, a query string allowed (and ignored), as the API's route matches it. */
const rpcPath = new RegExp(`^${apiPrefix}/v1/([^/?#]+)/([^/?#]+)(?:\\?.*)?$`);

export interface RpcTarget {
  readonly network: string;
  readonly apiKey: string;
}

/** The network and key of a gateway URL, or null (another path, or one whose escapes do not decode). */
export function matchRpcPath(url: string | undefined): RpcTarget | null {
  const match = url === undefined ? null : rpcPath.exec(url);
  if (match === null) return null;
  const [, network = '', apiKey = ''] = match;
  // Keys and network names have no escapes: decode only when there are some (as the API's router does).
  if (!network.includes('%') && !apiKey.includes('%')) return { network, apiKey };
  try {
    return { network: decodeURIComponent(network), apiKey: decodeURIComponent(apiKey) };
  } catch {
    return null;
  }
}

/** One of the front's own refusals (http-answer.ts) on Node's response (none if an answer has begun: then the connection is cut). */
export function sendRefusal(response: ServerResponse, refusal: GatewayAnswer): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  writeAnswer(response, refusal);
}

/**
 * The gateway on Node's HTTP server, for the HTTP workers (the main process serves it through
 * Fastify: server/gateway/routes.ts; both hand the same call to a Gateway and write its answer the
 * same way: http-answer.ts says what). The body is read raw up to the front's limit (413 past it,
 * without reading further).
 * `clientIp`: the client's address, through trusted proxies (server/http/client-address.ts).
 */
export function serveRpc(
  gateway: RpcHandler,
  front: GatewayFront,
  target: RpcTarget,
  request: IncomingMessage,
  response: ServerResponse,
  clientIp: string,
  onFailure: (error: unknown) => void,
): void {
  if (request.method === 'OPTIONS') {
    writeAnswer(response, front.preflight);
    return;
  }
  const { bodyLimit } = front;
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > bodyLimit) {
    response.shouldKeepAlive = false;
    sendRefusal(response, front.tooLarge);
    request.resume();
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let refused = false;
  request.on('data', (chunk: Buffer) => {
    if (refused) return;
    size += chunk.length;
    if (size > bodyLimit) {
      refused = true;
      response.shouldKeepAlive = false;
      sendRefusal(response, front.tooLarge);
      return;
    }
    chunks.push(chunk);
  });
  request.once('error', () => response.destroy());
  request.once('end', () => {
    if (refused) return;
    const body = chunks.length === 1 ? chunks[0] : chunks.length === 0 ? undefined : Buffer.concat(chunks);
    gateway
      .call({ network: target.network, apiKey: target.apiKey, body, origin: request.headers.origin, clientIp })
      .then(
        (answer) => writeAnswer(response, answer),
        (error: unknown) => {
          onFailure(error);
          sendRefusal(response, front.internal);
        },
      )
      .catch((error: unknown) => {
        // E.g. a header value from the node that Node refuses to send.
        onFailure(error);
        response.destroy();
      });
  });
}
