import { spawn } from 'node:child_process';
import { projectRoot } from '@server/spa-build';

export interface ListeningChild {
  readonly pid: number;
  stop(): Promise<void>;
}

/**
 * Runs a bench script in a process of its own (`node --import tsx script ...args`) and resolves
 * once it prints "listening"; rejects when it exits first or takes over 30 s. `name` says which in
 * the error.
 */
export function startListeningChild(name: string, script: string, args: readonly string[]): Promise<ListeningChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${name} did not start within 30 s`));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before it listened`));
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (!chunk.toString('utf8').includes('listening')) return;
      clearTimeout(timer);
      resolve({ pid: child.pid ?? 0, stop });
    });
  });
}
