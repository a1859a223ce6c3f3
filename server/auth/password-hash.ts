import { hash, verify } from '@node-rs/argon2';
import { GateFullError, WorkGate } from '@server/auth/work-gate';
import { HttpError } from '@server/http/errors';

export const hashingBusy = 'The server is busy. Please try again in a few seconds.';

/**
 * argon2 runs on libuv's threads, off the event loop but not off the CPU: two at once leave a
 * core to the event loop on a small machine; 32 more wait (about a second of work), the rest are
 * refused with 503 so that a flood of sign-ins cannot slow every other request down.
 */
export const hashingGate = new WorkGate(2, 32);

/** Hashes and verifications started so far in this process (tests count the work an attack caused). */
export const passwordWork = { hashes: 0, verifications: 0 };

async function gated<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await hashingGate.run(task);
  } catch (error) {
    if (error instanceof GateFullError) throw new HttpError(503, hashingBusy, { 'retry-after': '2' });
    throw error;
  }
}

/** argon2id (the library's default algorithm) with its default cost: 19 MiB, 2 passes. */
export function hashPassword(password: string): Promise<string> {
  return gated(() => {
    passwordWork.hashes += 1;
    return hash(password);
  });
}

/** A real hash to verify against when the account does not exist, so both cases take as long. */
let decoyHash: Promise<string> | undefined;

function decoy(): Promise<string> {
  decoyHash ??= hash('decoy password that matches no account').catch((error: unknown) => {
    decoyHash = undefined;
    throw error;
  });
  return decoyHash;
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  const against = passwordHash ?? (await decoy());
  const valid = await gated(() => {
    passwordWork.verifications += 1;
    return verify(against, password).catch(() => false);
  });
  return passwordHash !== null && valid;
}
