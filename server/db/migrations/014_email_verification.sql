-- E-mail verification. Until an account's address is verified, the only mails it gets are the
-- verification mail and, when asked for, the password reset mail (using one proves the inbox):
-- usage alerts are neither sent nor kept for later. Google proves the address at sign-in.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;

-- Existing accounts: Google's (and the local stand-in's, which plays Google) are verified; a
-- password account is verified only if it once used a reset link, which only the inbox had. Every
-- other existing account is unverified: whoever registered it may not own the address, so it gets
-- no alert until someone with the inbox opens a verification link (the dashboard offers to send one).
UPDATE users SET email_verified_at = created_at WHERE origin IN ('google', 'local-sign-in');
UPDATE users u SET email_verified_at = r.first_used
FROM (SELECT user_id, min(used_at) AS first_used FROM password_resets WHERE used_at IS NOT NULL GROUP BY user_id) r
WHERE r.user_id = u.id AND u.email_verified_at IS NULL;

-- Verification links, like password_resets: only the token's sha256 is stored; single use, expiring.
CREATE TABLE email_verifications (
  id serial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_verifications_user ON email_verifications (user_id);

-- Alert mails per account per day are capped: `claimed_at` is when an alert was claimed to be sent
-- (null again if its mail failed), counted over the last 24 hours when the next ones are claimed.
-- 'withheld': decided while the address was unverified, never sent; 'capped': over the day's cap, never sent.
ALTER TABLE usage_alerts ADD COLUMN claimed_at timestamptz;
UPDATE usage_alerts SET claimed_at = COALESCE(sent_at, created_at) WHERE state IN ('sending', 'sent');
ALTER TABLE usage_alerts DROP CONSTRAINT usage_alerts_state_check;
ALTER TABLE usage_alerts ADD CONSTRAINT usage_alerts_state_check
  CHECK (state IN ('pending', 'sending', 'sent', 'covered', 'withheld', 'capped'));
-- Pending alerts of addresses now unverified are not sent; pending key alerts carry the key's name
-- in their stored mail, which mails no longer echo: a key still failing raises a new one next hour.
UPDATE usage_alerts a SET state = 'withheld'
FROM users u
WHERE u.id = a.user_id AND a.state = 'pending' AND (u.email_verified_at IS NULL OR a.kind = 'errors');
CREATE INDEX usage_alerts_claimed ON usage_alerts (user_id, claimed_at) WHERE claimed_at IS NOT NULL;
