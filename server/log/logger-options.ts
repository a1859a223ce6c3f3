import type { FastifyServerOptions } from 'fastify';
import type { Config } from '@server/config';
import { formatLogLine } from '@server/log/readable-line';
import { redactSecrets } from '@server/log/redact';

/**
 * Production logs JSON lines for log collectors, every line with its secrets masked (URLs,
 * messages and stacks are text no serializer sees whole, so the finished line is redacted).
 * Local mode prints short readable lines so a person can follow the server log: the development
 * outbox's reset links are printed there on purpose, on the developer's own machine.
 */
export function loggerOptions(config: Pick<Config, 'mode' | 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    stream: { write: (line: string) => process.stdout.write(logLine(config.mode, line)) },
  };
}

/** One pino JSON line (ending in a newline) as this mode writes it. */
export function logLine(mode: Config['mode'], line: string): string {
  return mode === 'production' ? redactSecrets(line) : formatLogLine(line);
}
