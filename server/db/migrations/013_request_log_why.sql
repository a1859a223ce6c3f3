-- The request log says how a call came and, for an allow-list refusal, which list refused it.
-- 'websocket': a message over a client's WebSocket (one row per message, as over HTTP per request).
ALTER TABLE request_log ADD COLUMN transport text NOT NULL DEFAULT 'http' CHECK (transport IN ('http', 'websocket'));
-- The allow-list that refused the call (RPC Access Control); NULL for any other outcome, and for
-- calls logged before this column.
ALTER TABLE request_log ADD COLUMN access_refusal text CHECK (access_refusal IN ('domains', 'noOrigin', 'ips', 'cidrs'));
