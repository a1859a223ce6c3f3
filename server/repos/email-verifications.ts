import type { Queryable } from '@server/db/db';

/** Stores a verification link (its token's sha256) for the user. */
export async function insertEmailVerification(
  q: Queryable,
  verification: { userId: number; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await q.query('INSERT INTO email_verifications (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    verification.tokenHash,
    verification.userId,
    verification.now,
    verification.expiresAt,
  ]);
}

/**
 * Uses the link and marks its user's address verified, in one statement: two clicks at once cannot
 * both succeed, and the link works once. Null when the token is unknown, already used or expired.
 * The other links of the user stop working too (the address is verified; they are of no use).
 */
export async function consumeEmailVerification(q: Queryable, tokenHash: string, now: Date): Promise<number | null> {
  const { rows } = await q.query<{ user_id: number }>(
    `WITH used AS (
       UPDATE email_verifications SET used_at = $2
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING user_id
     ),
     others AS (
       UPDATE email_verifications SET used_at = $2
       WHERE user_id IN (SELECT user_id FROM used) AND used_at IS NULL AND token_hash <> $1
     ),
     verified AS (
       UPDATE users SET email_verified_at = COALESCE(email_verified_at, $2) WHERE id IN (SELECT user_id FROM used)
     )
     SELECT user_id FROM used`,
    [tokenHash, now],
  );
  return rows[0]?.user_id ?? null;
}

/** The address is proved some other way (a used password reset link, Google): verified from `now` unless it already was. */
export async function markEmailVerified(q: Queryable, userId: number, now: Date): Promise<void> {
  await q.query('UPDATE users SET email_verified_at = COALESCE(email_verified_at, $2) WHERE id = $1', [userId, now]);
}
