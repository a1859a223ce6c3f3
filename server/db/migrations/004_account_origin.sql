-- How each account was created. The local development sign-in signs in only to accounts it created
-- itself: any e-mail typed on its page counts as verified, so it must never take over another account.
ALTER TABLE users ADD COLUMN origin text NOT NULL DEFAULT 'password' CHECK (origin IN ('password', 'google', 'local-sign-in'));
-- Older accounts without a password came from Google or from the local stand-in, which cannot be told
-- apart any more: they count as Google's, so the stand-in cannot sign in to them.
UPDATE users SET origin = 'google' WHERE password_hash IS NULL;
-- Every new account names its origin.
ALTER TABLE users ALTER COLUMN origin DROP DEFAULT;
