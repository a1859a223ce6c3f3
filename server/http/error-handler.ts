import type { FastifyError, FastifyInstance } from 'fastify';
import { envelope, HttpError } from '@server/http/errors';

const internalMessage = 'Something went wrong on our side. Please try again later.';

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'statusCode' in error && typeof error.statusCode === 'number';
}

/**
 * Every error answers the one envelope { statusCode, error, message }. Client errors keep their
 * message (validation messages name the field); server errors are logged and never shown.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(envelope(error.statusCode, error.clientMessage));
    }
    const statusCode = isFastifyError(error) ? (error.statusCode ?? 500) : 500;
    if (statusCode >= 400 && statusCode < 500 && error instanceof Error) {
      return reply.code(statusCode).send(envelope(statusCode, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    const code = statusCode >= 500 && statusCode < 600 ? statusCode : 500;
    return reply.code(code).send(envelope(code, internalMessage));
  });
}
