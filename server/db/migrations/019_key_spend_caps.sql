-- A key's spend caps: at most credits_per_day credits a UTC day and credits_per_cycle credits a
-- billing cycle (the owner's, as the plan's quota counts it). NULL: no cap of that kind.
ALTER TABLE key_rules
  ADD COLUMN credits_per_day bigint CHECK (credits_per_day > 0),
  ADD COLUMN credits_per_cycle bigint CHECK (credits_per_cycle > 0);

-- What each key has spent in its current day and cycle, as users.credits_used does for the account:
-- the metering batch adds to it in the transaction that writes the usage (a delta for an older
-- period than the stored one is not added; a newer one starts the period afresh), and the gateway
-- reads it when it loads the key. Every key's spend is kept, so a cap set mid-period counts what the
-- key has already spent.
CREATE TABLE key_credits (
  api_key_id integer NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  period text NOT NULL CHECK (period IN ('day', 'cycle')),
  period_start timestamptz NOT NULL,
  credits_used bigint NOT NULL CHECK (credits_used >= 0),
  PRIMARY KEY (api_key_id, period)
);

-- A key over one of its caps is told to its owner once per period (server/metering/usage-alerts.ts):
-- `subject` is the key's id, `period` the day's or the cycle's start.
ALTER TABLE usage_alerts DROP CONSTRAINT usage_alerts_kind_check;
ALTER TABLE usage_alerts ADD CONSTRAINT usage_alerts_kind_check CHECK (kind IN ('credits', 'errors', 'key_day_cap', 'key_cycle_cap'));
