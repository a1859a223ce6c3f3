import { STATUS_CODES } from 'node:http';
import type { components } from '@/api/schema';

export type ErrorEnvelope = components['schemas']['Error'];

/** An error whose message is safe to show the client; the error handler answers it as an envelope. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly clientMessage: string | string[],
    readonly headers: Record<string, string> = {},
  ) {
    super(Array.isArray(clientMessage) ? clientMessage.join(', ') : clientMessage);
  }
}

export function envelope(statusCode: number, message: string | string[]): ErrorEnvelope {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

export const badRequest = (message: string | string[]) => new HttpError(400, message);
export const conflict = (message: string) => new HttpError(409, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const gone = (message: string) => new HttpError(410, message);

/** The word 'Unauthorized' lets the SPA map it to its bad-credentials text (SPEC.md section 8). */
export const unauthorized = (reason: string) => new HttpError(401, `Unauthorized: ${reason}`, { 'www-authenticate': 'Bearer' });

export const tooManyRequests = (message: string, retryAfterMs: number) =>
  new HttpError(429, message, { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) });
