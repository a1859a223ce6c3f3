/**
 * The API's requests are small JSON documents; anything bigger is refused with 413 (by Fastify, and
 * by the HTTP workers before they pass a request on). The gateway has its own (GATEWAY_BODY_LIMIT).
 */
export const apiBodyLimitBytes = 64 * 1024;
