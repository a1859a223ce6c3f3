-- One open checkout per user, kept by the database as well as by the per-user lock of
-- server/payments/keyed-lock.ts: replicas on one PostgreSQL cannot both record an open checkout for
-- the same user. A user with several open ones from before (none should exist: the in-process lock
-- kept them apart) keeps the newest; the others read expired, as a newer checkout would have made them.
UPDATE checkouts SET status = 'expired'
WHERE status = 'open'
  AND id NOT IN (
    SELECT DISTINCT ON (user_id) id FROM checkouts WHERE status = 'open' ORDER BY user_id, created_at DESC, id DESC
  );

DROP INDEX checkouts_user_open;
CREATE UNIQUE INDEX checkouts_one_open ON checkouts (user_id) WHERE status = 'open';
