import { mkdir, readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import type { Db, Queryable } from '@server/db/db';
import { lockDataDir } from '@server/db/data-dir-lock';
import { errorFrom, type ThreadAnswer, type ThreadData, type ThreadReady, type ThreadRequest } from '@server/db/pglite-protocol';
import { compiledServer, entryFile } from '@server/server-build';

export const inMemory = 'memory://';

const threadSource = new URL('./pglite-thread.ts', import.meta.url);

/**
 * How the thread starts. Compiled: from its own compiled file. From the sources: it reads
 * TypeScript as the server does (npm start runs under tsx), so it registers tsx's loader, then
 * imports its file (Node 20 applies no --import of a worker's execArgv to its entry).
 */
function threadStart(): { readonly entry: string; readonly eval: boolean } {
  if (compiledServer) return { entry: entryFile(threadSource), eval: false };
  const tsxApi = import.meta.resolve('tsx/esm/api');
  return {
    entry: `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(threadSource.href)}); });`,
    eval: true,
  };
}

type Request = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

function isReady(message: unknown): message is ThreadReady {
  return typeof message === 'object' && message !== null && 'kind' in message && (message.kind === 'ready' || message.kind === 'failed');
}

function isAnswer(message: unknown): message is ThreadAnswer {
  return typeof message === 'object' && message !== null && 'id' in message && typeof message.id === 'number' && 'ok' in message;
}

/** Where PGlite is installed; an optional dependency, left out by an install with `--omit=optional` (production uses DATABASE_URL). */
function pglitePackage(): string {
  try {
    return import.meta.resolve('@electric-sql/pglite');
  } catch {
    throw new Error('PGlite (@electric-sql/pglite) is not installed: set DATABASE_URL, or install without --omit=optional.');
  }
}

let compiled: Promise<Pick<ThreadData, 'pgliteWasmModule' | 'initdbWasmModule'>> | null = null;

/**
 * PostgreSQL's WebAssembly, compiled once per process and shared with every database thread
 * (a WebAssembly.Module crosses to a thread without a copy, with the code compiled for it so far).
 */
function compiledModules(): Promise<Pick<ThreadData, 'pgliteWasmModule' | 'initdbWasmModule'>> {
  compiled ??= (async () => {
    const pgliteDist = new URL('.', pglitePackage());
    const [pglite, initdb] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm'].map(async (file) => WebAssembly.compile(await readFile(new URL(file, pgliteDist)))),
    );
    if (pglite === undefined || initdb === undefined) throw new Error('PGlite has no WebAssembly files');
    return { pgliteWasmModule: pglite, initdbWasmModule: initdb };
  })();
  return compiled;
}

/** Starts the thread and waits until its database is open. */
async function startThread(dataDir: string): Promise<Worker> {
  const workerData: ThreadData = { dataDir, ...(await compiledModules()) };
  const start = threadStart();
  const worker = new Worker(start.entry, { eval: start.eval, workerData, execArgv: [] });
  return new Promise<Worker>((resolve, reject) => {
    const failed = (error: Error) => {
      worker.off('message', first);
      reject(error);
    };
    const first = (message: unknown) => {
      if (!isReady(message)) return;
      worker.off('message', first);
      worker.off('error', failed);
      if (message.kind === 'ready') resolve(worker);
      else void worker.terminate().then(() => reject(errorFrom(message.error)));
    };
    worker.on('message', first);
    worker.once('error', failed);
  });
}

/**
 * Embedded PostgreSQL (WASM) in dataDir, or in memory for 'memory://', in a thread of its own
 * (server/db/pglite-thread.ts): its queries never stop this thread's event loop.
 */
export async function openPglite(dataDir: string): Promise<Db> {
  const onDisk = dataDir !== inMemory;
  let unlock = async (): Promise<void> => {};
  if (onDisk) {
    await mkdir(dataDir, { recursive: true });
    unlock = await lockDataDir(dataDir);
  }
  let worker: Worker;
  try {
    worker = await startThread(dataDir);
  } catch (error) {
    await unlock();
    throw error;
  }
  const waiting = new Map<number, { resolve: (answer: ThreadAnswer & { ok: true }) => void; reject: (error: Error) => void }>();
  let lastId = 0;
  /** Set once the thread is gone: every call after fails with it. */
  let stopped: Error | null = null;
  // Like PGlite in this thread, an idle database keeps no process alive; a query under way does.
  worker.unref();

  const stop = (error: Error) => {
    stopped ??= error;
    for (const { reject } of waiting.values()) reject(stopped);
    waiting.clear();
  };
  worker.on('message', (message: unknown) => {
    if (!isAnswer(message)) return;
    const found = waiting.get(message.id);
    if (found === undefined) return;
    waiting.delete(message.id);
    if (waiting.size === 0) worker.unref();
    if (message.ok) found.resolve(message);
    else found.reject(errorFrom(message.error));
  });
  worker.on('error', (error) => stop(new Error(`The embedded database stopped: ${error.message}`)));
  worker.on('exit', (code) => stop(new Error(`The embedded database stopped (its thread exited with ${code}).`)));

  const ask = (request: Request): Promise<ThreadAnswer & { ok: true }> => {
    if (stopped !== null) return Promise.reject(stopped);
    lastId += 1;
    const id = lastId;
    if (waiting.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  };

  const handle = (tx: number | null): Queryable => ({
    query: async <T>(sql: string, params: readonly unknown[] = []) => {
      const answer = await ask({ kind: 'query', sql, params, tx });
      // The rows PGlite parsed there, cloned here: the caller names their type, as with PGlite itself.
      const rows = (answer.rows ?? []) as T[];
      return { rows };
    },
    exec: async (sql: string) => {
      await ask({ kind: 'exec', sql, tx });
    },
  });

  let closing: Promise<void> | null = null;
  return {
    kind: 'pglite',
    ...handle(null),
    transaction: async (fn) => {
      const { tx } = await ask({ kind: 'begin' });
      if (tx === undefined) throw new Error('the embedded database began no transaction');
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn(handle(tx));
      } catch (error) {
        await ask({ kind: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await ask({ kind: 'end', tx, commit: true });
      return result;
    },
    // Idempotent: an app closing after a failed start-up may close twice.
    close: () => {
      closing ??= (async () => {
        try {
          if (stopped === null) await ask({ kind: 'close' });
        } finally {
          stop(new Error('The embedded database is closed.'));
          await worker.terminate();
          await unlock();
        }
      })();
      return closing;
    },
  };
}
