import type { components } from '@/api/schema';
import type { Config } from '@server/config';
import type { Clock } from '@server/clock';
import type { Db, Queryable } from '@server/db/db';
import { generateApiKey, randomToken, sha256 } from '@server/auth/tokens';
import { insertApiKey, oldestApiKey } from '@server/repos/api-keys';
import { markEmailVerified } from '@server/repos/email-verifications';
import { insertSession, revokeUserSessions } from '@server/repos/sessions';
import { findStoredCredits } from '@server/repos/stored-credits';
import { creditsInCycle, cycleAt } from '@server/metering/cycle';
import type { KeyCache } from '@server/gateway/key-cache';
import { insertUser, type AccountOrigin, type UserRecord } from '@server/repos/users';

export type ApiUser = components['schemas']['User'];

export const firstApiKeyName = 'Default key';

/**
 * A new user on the default plan, with the first API key, or nothing if either fails. `keys` is the
 * gateway's key cache: it may remember the new key as unknown, and must forget that once it exists.
 */
export async function createAccount(
  db: Db,
  keys: Pick<KeyCache, 'invalidateKey'>,
  account: { email: string; passwordHash: string | null; origin: AccountOrigin; now: Date; emailVerified: boolean },
): Promise<UserRecord> {
  const apiKey = generateApiKey();
  const user = await db.transaction(async (tx) => {
    const inserted = await insertUser(tx, account);
    await insertApiKey(tx, { userId: inserted.id, name: firstApiKeyName, key: apiKey, now: account.now });
    return inserted;
  });
  keys.invalidateKey(apiKey);
  return user;
}

/**
 * Google proved that whoever signs in holds the address. An account of it whose address nobody
 * proved yet may have been registered by a stranger with a password of theirs (an account made
 * in advance, waiting for its owner): before it is linked, that password stops working and every
 * session it opened ends, so only the inbox's owner holds the account (a reset link sets a password
 * again). Decided on the row itself, in the transaction that verifies it: a verification that won
 * meanwhile keeps its password.
 */
export async function linkProvedAddress(db: Db, userId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const stranger = await tx.query(
      'UPDATE users SET password_hash = NULL WHERE id = $1 AND email_verified_at IS NULL AND password_hash IS NOT NULL RETURNING id',
      [userId],
    );
    if (stranger.rows.length > 0) await revokeUserSessions(tx, userId, now);
    await markEmailVerified(tx, userId, now);
  });
}

/** A new session; returns the bearer token, which is stored only as its sha256. */
export async function startSession(db: Queryable, userId: number, config: Pick<Config, 'sessionTtlHours'>, clock: Clock): Promise<string> {
  const token = randomToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + config.sessionTtlHours * 3_600_000);
  await insertSession(db, { tokenHash: sha256(token), userId, now, expiresAt });
  return token;
}

/** Credits used in the cycle that contains `now`: 0 once the cycle they were counted in has ended. */
async function creditsOfCurrentCycle(db: Queryable, user: UserRecord, now: Date): Promise<number> {
  const stored = await findStoredCredits(db, user.id);
  return stored === null ? user.creditsUsed : creditsInCycle(stored, cycleAt(stored.anchor, now));
}

/** The User of the contract: apiKey = oldest remaining key, currentCredit = credits used in the current cycle. */
export async function toApiUser(db: Queryable, user: UserRecord, now: Date, project: UserRecord = user): Promise<ApiUser> {
  return {
    id: user.id,
    email: user.email,
    // The project's facts: the user's own project, or the one they act in (GET /users/me with X-Project).
    apiKey: await oldestApiKey(db, project.id),
    planId: project.planId,
    currentCredit: await creditsOfCurrentCycle(db, project, now),
    createdAt: user.createdAt.toISOString(),
    emailVerified: user.emailVerifiedAt !== null,
  };
}
