-- Issue 24: what became of each metered call, and how long its node took.
-- The counters split what 002 counted together, and add what it did not count:
--   refused_method: of `refused`, the calls refused by the method policy (the rest: the allow-lists);
--   refused_quota: of `rate_limited`, the calls refused for the credit quota (the rest: the rate);
--   upstream_errors, upstream_timeouts: calls the node failed or did not answer in time (no credit);
--   latency: the node's answer times of the calls it answered, as counts per bucket of
--   src/domain/latency-histogram.ts (LATENCY_BOUNDS_MS and one more for slower); '{}' = none yet.
ALTER TABLE usage_minutes
  ADD COLUMN refused_method bigint NOT NULL DEFAULT 0 CHECK (refused_method >= 0),
  ADD COLUMN refused_quota bigint NOT NULL DEFAULT 0 CHECK (refused_quota >= 0),
  ADD COLUMN upstream_errors bigint NOT NULL DEFAULT 0 CHECK (upstream_errors >= 0),
  ADD COLUMN upstream_timeouts bigint NOT NULL DEFAULT 0 CHECK (upstream_timeouts >= 0),
  ADD COLUMN latency bigint[] NOT NULL DEFAULT '{}';

-- Two histograms added bucket by bucket; the longer one's extra buckets kept ('{}' + h = h).
CREATE FUNCTION add_histograms(a bigint[], b bigint[]) RETURNS bigint[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(coalesce(x, 0) + coalesce(y, 0) ORDER BY i), '{}')
  FROM unnest(a, b) WITH ORDINALITY AS t(x, y, i)
$$;
