-- Issue 24: usage alerts. Each user says which shares of the cycle's credits they are e-mailed at
-- (src/domain/usage-alerts.ts: 50, 80, 100; 80 and 100 by default) and whether a key's failing
-- calls are e-mailed. The alert job (server/metering/usage-alerts.ts) records each alert before it
-- sends it: the unique row decides, so two replicas never send the same one; 'sending' is claimed
-- in a transaction and never sent again, so a crash mid-send loses at most that mail, never doubles it.
ALTER TABLE users
  ADD COLUMN credit_alerts smallint[] NOT NULL DEFAULT '{80,100}',
  ADD COLUMN error_alerts boolean NOT NULL DEFAULT true;

CREATE TABLE usage_alerts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- 'credits': `subject` is the threshold (%), `period` the cycle's start;
  -- 'errors': `subject` is the key's id, `period` the hour it was raised in (one an hour per key).
  kind text NOT NULL CHECK (kind IN ('credits', 'errors')),
  subject integer NOT NULL,
  period timestamptz NOT NULL,
  -- The mail, written when the alert is decided.
  mail_subject text NOT NULL,
  mail_text text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'sent', 'covered')),
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  UNIQUE (user_id, kind, subject, period)
);
CREATE INDEX usage_alerts_pending ON usage_alerts (state) WHERE state IN ('pending', 'sending');
