-- Issue 24: usage_minutes' counts kept by the hour and by the day as well, for the charts and the
-- longer ranges. The metering batch upserts all three tables in one transaction, so the three always
-- agree; the retention job (server/metering/usage-retention.ts) only deletes: minutes older than
-- 7 days, hours older than 90 days (src/domain/usage-series.ts). Days stay as long as the account.
-- Buckets are UTC.

-- The histograms of many rows summed (add_histograms of 009 folded over a group).
CREATE AGGREGATE sum_histograms (bigint[]) (SFUNC = add_histograms, STYPE = bigint[], INITCOND = '{}');

CREATE TABLE usage_hours (
  api_key_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  network text NOT NULL CHECK (network IN ('mainnet', 'devnet')),
  method text NOT NULL,
  hour timestamptz NOT NULL,
  requests bigint NOT NULL DEFAULT 0 CHECK (requests >= 0),
  credits bigint NOT NULL DEFAULT 0 CHECK (credits >= 0),
  rate_limited bigint NOT NULL DEFAULT 0 CHECK (rate_limited >= 0),
  refused bigint NOT NULL DEFAULT 0 CHECK (refused >= 0),
  refused_method bigint NOT NULL DEFAULT 0 CHECK (refused_method >= 0),
  refused_quota bigint NOT NULL DEFAULT 0 CHECK (refused_quota >= 0),
  upstream_errors bigint NOT NULL DEFAULT 0 CHECK (upstream_errors >= 0),
  upstream_timeouts bigint NOT NULL DEFAULT 0 CHECK (upstream_timeouts >= 0),
  latency bigint[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (api_key_id, network, method, hour)
);
CREATE INDEX usage_hours_user ON usage_hours (user_id, hour);

CREATE TABLE usage_days (
  api_key_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  network text NOT NULL CHECK (network IN ('mainnet', 'devnet')),
  method text NOT NULL,
  day timestamptz NOT NULL,
  requests bigint NOT NULL DEFAULT 0 CHECK (requests >= 0),
  credits bigint NOT NULL DEFAULT 0 CHECK (credits >= 0),
  rate_limited bigint NOT NULL DEFAULT 0 CHECK (rate_limited >= 0),
  refused bigint NOT NULL DEFAULT 0 CHECK (refused >= 0),
  refused_method bigint NOT NULL DEFAULT 0 CHECK (refused_method >= 0),
  refused_quota bigint NOT NULL DEFAULT 0 CHECK (refused_quota >= 0),
  upstream_errors bigint NOT NULL DEFAULT 0 CHECK (upstream_errors >= 0),
  upstream_timeouts bigint NOT NULL DEFAULT 0 CHECK (upstream_timeouts >= 0),
  latency bigint[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (api_key_id, network, method, day)
);
CREATE INDEX usage_days_user ON usage_days (user_id, day);

-- What was metered before this migration, summed into both.
INSERT INTO usage_hours (api_key_id, user_id, network, method, hour, requests, credits, rate_limited, refused,
  refused_method, refused_quota, upstream_errors, upstream_timeouts, latency)
SELECT api_key_id, user_id, network, method, date_bin('1 hour', minute, TIMESTAMPTZ '2000-01-01 00:00:00+00'),
  sum(requests), sum(credits), sum(rate_limited), sum(refused), sum(refused_method), sum(refused_quota),
  sum(upstream_errors), sum(upstream_timeouts), sum_histograms(latency)
FROM usage_minutes GROUP BY 1, 2, 3, 4, 5;

INSERT INTO usage_days (api_key_id, user_id, network, method, day, requests, credits, rate_limited, refused,
  refused_method, refused_quota, upstream_errors, upstream_timeouts, latency)
SELECT api_key_id, user_id, network, method, date_bin('1 day', minute, TIMESTAMPTZ '2000-01-01 00:00:00+00'),
  sum(requests), sum(credits), sum(rate_limited), sum(refused), sum(refused_method), sum(refused_quota),
  sum(upstream_errors), sum(upstream_timeouts), sum_histograms(latency)
FROM usage_minutes GROUP BY 1, 2, 3, 4, 5;
