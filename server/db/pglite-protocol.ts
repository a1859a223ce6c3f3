/**
 * The messages between the server and its embedded database's thread (server/db/pglite-thread.ts).
 * Values travel by structured clone (Dates, bigints, byte arrays and parsed JSON intact); an error
 * travels as its own fields, so PostgreSQL's SQLSTATE `code` reaches isUniqueViolation and the rest.
 */
export type ThreadRequest =
  | { readonly id: number; readonly kind: 'query'; readonly sql: string; readonly params: readonly unknown[]; readonly tx: number | null }
  | { readonly id: number; readonly kind: 'exec'; readonly sql: string; readonly tx: number | null }
  /** Opens a transaction; the answer's `tx` names it in the queries and the end that follow. */
  | { readonly id: number; readonly kind: 'begin' }
  | { readonly id: number; readonly kind: 'end'; readonly tx: number; readonly commit: boolean }
  | { readonly id: number; readonly kind: 'close' };

/** An error as its fields: message, and PostgreSQL's code, detail, constraint... when it has them. */
export type ThreadError = Readonly<Record<string, string>> & { readonly message: string };

export type ThreadAnswer =
  | { readonly id: number; readonly ok: true; readonly rows?: unknown[]; readonly tx?: number }
  | { readonly id: number; readonly ok: false; readonly error: ThreadError };

/** The thread's first message: the database is open (or could not be). */
export type ThreadReady = { readonly kind: 'ready' } | { readonly kind: 'failed'; readonly error: ThreadError };

/** What the thread starts from. */
export interface ThreadData {
  /** A data directory, or 'memory://'. */
  readonly dataDir: string;
  /** PGlite's WebAssembly, compiled by the server once for all its databases. */
  readonly pgliteWasmModule: WebAssembly.Module;
  readonly initdbWasmModule: WebAssembly.Module;
}

/** An error's own string fields (PGlite's DatabaseError carries code, detail, constraint...), for the other side. */
export function errorFields(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, string> = { name: error.name };
  for (const [key, value] of Object.entries(error)) if (typeof value === 'string') fields[key] = value;
  return { ...fields, message: error.message };
}

/** An Error again, with the fields it had in the thread (code first among them). */
export function errorFrom(fields: ThreadError): Error {
  const error = new Error(fields.message);
  for (const [key, value] of Object.entries(fields)) if (key !== 'message' && key !== 'stack') Reflect.set(error, key, value);
  return error;
}
