import { ConfigError, loadConfig, type Config } from '@server/config';
import { modeOfEnv, say } from '@server/log/process-line';

/** The config from the environment, or exit 1 with a line per refused setting (no stack trace). */
export function configOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const line of error.message.split('\n')) say(modeOfEnv(env), 'error', `Configuration error: ${line}`);
      process.exit(1);
    }
    throw error;
  }
}

/** A start-up failure as one readable line where we know what to say, else the error itself. */
export function explainStartupError(error: unknown, portVariable = 'PORT'): string {
  if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'EADDRINUSE') {
    const port = 'port' in error ? String(error.port) : 'the port';
    return `Port ${port} is already in use: stop what uses it, or set ${portVariable} to another port.`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * A second signal this soon after the first is the same request: Ctrl-C in a terminal signals the
 * whole process group, so `npm start` sends the server its own copy of the SIGINT the server
 * already got (about 2 ms later here). Only a later one means "stop now".
 */
const sameRequestMs = 1000;

/** Runs `stop` once on SIGINT/SIGTERM, then exits; a second signal (not a copy of the first) exits at once. */
export function onShutdownSignal(stop: () => Promise<void>, mode: Config['mode']): void {
  let stoppingSince: number | null = null;
  const handle = (signal: NodeJS.Signals) => {
    if (stoppingSince !== null) {
      if (performance.now() - stoppingSince < sameRequestMs) return;
      say(mode, 'warn', `${signal} again: exiting now, without waiting for the shutdown to finish.`);
      process.exit(1);
    }
    stoppingSince = performance.now();
    say(mode, 'info', `${signal}: shutting down...`);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        say(mode, 'error', `The shutdown failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
}
