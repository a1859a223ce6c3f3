/**
 * The embedded database's own thread (started by server/db/pglite.ts). PGlite runs PostgreSQL as
 * WebAssembly, synchronously: in the server's thread every query would stop the event loop while
 * it runs, and with it every gateway call waiting to be answered (a metering write took 13-26 ms).
 * Here it stops only this thread. Queries run as PGlite orders them: one at a time, and none
 * outside an open transaction until it ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { errorFields, type ThreadAnswer, type ThreadData, type ThreadReady, type ThreadRequest } from '@server/db/pglite-protocol';

/** An open transaction: its handle, and how to end it (true: commit). */
interface Open {
  readonly tx: Transaction;
  readonly end: (commit: boolean) => void;
}

/** Thrown inside PGlite's transaction to have it roll back; not an error. */
class RollBack extends Error {}

function isThreadData(value: unknown): value is ThreadData {
  return (
    typeof value === 'object' &&
    value !== null &&
    'dataDir' in value &&
    typeof value.dataDir === 'string' &&
    'pgliteWasmModule' in value &&
    value.pgliteWasmModule instanceof WebAssembly.Module &&
    'initdbWasmModule' in value &&
    value.initdbWasmModule instanceof WebAssembly.Module
  );
}

async function serve(): Promise<void> {
  const port = parentPort;
  if (port === null || !isThreadData(workerData)) throw new Error('pglite-thread.ts runs as a worker thread of server/db/pglite.ts');
  const tell = (message: ThreadAnswer | ThreadReady) => port.postMessage(message);
  let pglite: PGlite;
  try {
    const { dataDir, pgliteWasmModule, initdbWasmModule } = workerData;
    pglite = await PGlite.create(dataDir, { pgliteWasmModule, initdbWasmModule });
  } catch (error) {
    tell({ kind: 'failed', error: errorFields(error) });
    return;
  }
  const open = new Map<number, Open>();
  let lastTx = 0;

  const handle = (tx: number | null) => {
    if (tx === null) return pglite;
    const found = open.get(tx);
    if (found === undefined) throw new Error(`transaction ${tx} is not open`);
    return found.tx;
  };

  /** The request waiting for each transaction's end. */
  const endings = new Map<number, number>();

  /** The transaction is over: its end request hears how (an error when COMMIT failed). */
  const settle = (txId: number, error: unknown) => {
    open.delete(txId);
    const endId = endings.get(txId);
    endings.delete(txId);
    if (endId !== undefined) tell(error === null ? { id: endId, ok: true } : { id: endId, ok: false, error: errorFields(error) });
  };

  const begin = (id: number) => {
    lastTx += 1;
    const txId = lastTx;
    let began = false;
    pglite
      .transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            began = true;
            open.set(txId, { tx, end: (commit) => (commit ? resolve() : reject(new RollBack())) });
            tell({ id, ok: true, tx: txId });
          }),
      )
      .then(
        () => settle(txId, null),
        (error: unknown) => {
          if (began) settle(txId, error instanceof RollBack ? null : error);
          else tell({ id, ok: false, error: errorFields(error) });
        },
      );
  };

  /** Ends a transaction: answered by settle() once PGlite has committed or rolled back. */
  const end = (id: number, txId: number, commit: boolean) => {
    const found = open.get(txId);
    if (found === undefined || endings.has(txId)) {
      tell({ id, ok: false, error: { message: `transaction ${txId} is not open` } });
      return;
    }
    endings.set(txId, id);
    found.end(commit);
  };

  port.on('message', (request: ThreadRequest) => {
    const answer = (work: () => Promise<Omit<ThreadAnswer & { ok: true }, 'id' | 'ok'>>) => {
      work().then(
        (result) => tell({ id: request.id, ok: true, ...result }),
        (error: unknown) => tell({ id: request.id, ok: false, error: errorFields(error) }),
      );
    };
    switch (request.kind) {
      case 'query':
        answer(async () => ({ rows: (await handle(request.tx).query(request.sql, [...request.params])).rows }));
        return;
      case 'exec':
        answer(async () => {
          await handle(request.tx).exec(request.sql);
          return {};
        });
        return;
      case 'begin':
        begin(request.id);
        return;
      case 'end':
        end(request.id, request.tx, request.commit);
        return;
      case 'close':
        answer(async () => {
          if (!pglite.closed) await pglite.close();
          return {};
        });
        return;
    }
  });
  tell({ kind: 'ready' });
}

serve().catch((error: unknown) => {
  parentPort?.postMessage({ kind: 'failed', error: errorFields(error) } satisfies ThreadReady);
});
