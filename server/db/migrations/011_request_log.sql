-- Issue 24: the request log. The last 24 hours of a key's calls, at most 10,000 per key, on paid
-- plans; written with the metering batch from a bounded ring in each process (never on the call's
-- path), trimmed by the batch (per key) and by the retention job (by age). One row per HTTP request
-- or WebSocket message; a batch is one row.
CREATE TABLE request_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- No foreign key to api_keys: deleting a key deletes its log in the same statement's transaction.
  api_key_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  network text NOT NULL CHECK (network IN ('mainnet', 'devnet')),
  -- The call's method (server/metering/method-label.ts), or the first of a batch.
  method text NOT NULL,
  -- How many calls the request held (1, or a batch's length).
  calls integer NOT NULL CHECK (calls >= 1),
  outcome text NOT NULL,
  status integer NOT NULL,
  -- The node's answer time; NULL when the call did not reach it.
  latency_ms integer CHECK (latency_ms >= 0),
  credits integer NOT NULL CHECK (credits >= 0),
  request_bytes integer NOT NULL CHECK (request_bytes >= 0),
  -- NULL when the node's answer was streamed through without being counted.
  answer_bytes integer CHECK (answer_bytes >= 0),
  -- Masked: an IPv4 address's last byte, an IPv6 address past its /48 (src/domain/masked-address.ts).
  client_address text NOT NULL,
  origin text,
  -- The request's JSON text, its first 2 KB; `request_truncated` when there was more.
  request text NOT NULL,
  request_truncated boolean NOT NULL
);
-- A key's page, newest first (at, then id: the cursor), and its trim.
CREATE INDEX request_log_key ON request_log (api_key_id, at, id);
CREATE INDEX request_log_at ON request_log (at);

-- A key's switch: off, nothing is logged for it (and what was is deleted).
ALTER TABLE api_keys ADD COLUMN request_log boolean NOT NULL DEFAULT true;
