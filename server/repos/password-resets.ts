import type { Queryable } from '@server/db/db';

/**
 * Stores a reset for the account of that e-mail, if there is one, and returns the account's
 * e-mail as stored (null when none). One statement either way, so an existing and an unknown
 * address cost the database the same work and answer in the same time.
 */
export async function insertPasswordResetForEmail(
  q: Queryable,
  reset: { email: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<string | null> {
  const { rows } = await q.query<{ email: string }>(
    `WITH account AS (SELECT id, email FROM users WHERE lower(email) = lower($1)),
     stored AS (
       INSERT INTO password_resets (token_hash, user_id, created_at, expires_at)
       SELECT $2, id, $3, $4 FROM account
       RETURNING user_id
     )
     SELECT account.email FROM account JOIN stored ON stored.user_id = account.id`,
    [reset.email, reset.tokenHash, reset.now, reset.expiresAt],
  );
  return rows[0]?.email ?? null;
}

/** Whether the token is unused and unexpired at `now` (looked up before any password is hashed). */
export async function isPendingPasswordReset(q: Queryable, tokenHash: string, now: Date): Promise<boolean> {
  const { rows } = await q.query<{ id: number }>(
    'SELECT id FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
    [tokenHash, now],
  );
  return rows.length > 0;
}

/**
 * Marks the token used and returns its user, in one statement so two concurrent resets cannot
 * both succeed. Null when the token is unknown, already used or expired.
 */
export async function consumePasswordReset(q: Queryable, tokenHash: string, now: Date): Promise<number | null> {
  const { rows } = await q.query<{ user_id: number }>(
    `UPDATE password_resets SET used_at = $2
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
     RETURNING user_id`,
    [tokenHash, now],
  );
  return rows[0]?.user_id ?? null;
}

/** After a successful reset, older links of the same user must not work either. */
export async function invalidateUserResets(q: Queryable, userId: number, now: Date): Promise<void> {
  await q.query('UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, now]);
}
