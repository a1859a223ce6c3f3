import type { Config } from '@server/config';
import { redactSecrets } from '@server/log/redact';

const pinoLevels = { info: 30, warn: 40, error: 50 } as const;

export type ProcessLineLevel = keyof typeof pinoLevels;

/**
 * A line of the process's own beside the server's log (start-up refusals, signals, the metrics
 * address): in production a JSON line shaped as pino writes them, secrets masked, so every line a
 * log collector reads parses; locally the words alone, for a person at a terminal.
 */
export function processLine(mode: Config['mode'], level: ProcessLineLevel, message: string): string {
  if (mode !== 'production') return `${message}\n`;
  return redactSecrets(`${JSON.stringify({ level: pinoLevels[level], time: Date.now(), pid: process.pid, msg: message })}\n`);
}

/** Writes a process line: information to stdout, warnings and errors to stderr. */
export function say(mode: Config['mode'], level: ProcessLineLevel, message: string): void {
  (level === 'info' ? process.stdout : process.stderr).write(processLine(mode, level, message));
}

/** The mode before the settings are read (or when they are refused): NODE_ENV's word for it. */
export function modeOfEnv(env: Record<string, string | undefined> = process.env): Config['mode'] {
  return env.NODE_ENV === 'production' ? 'production' : 'local';
}
