-- A key's own access rules, overriding the project's (access_control) for that key alone.
-- domains, ips, cidrs, allow_no_origin: NULL means the project's list (or choice) applies to the
-- key; a value, even an empty list, replaces it (an empty list restricts nothing of its kind).
-- methods, contracts: the key's alone (the project has none): an empty list allows any method or
-- contract. Values are stored as validated and normalised by PUT /apiKeys/{id}/rules.
CREATE TABLE key_rules (
  api_key_id integer PRIMARY KEY REFERENCES api_keys (id) ON DELETE CASCADE,
  domains text[],
  ips text[],
  cidrs text[],
  allow_no_origin boolean,
  methods text[] NOT NULL DEFAULT '{}',
  contracts text[] NOT NULL DEFAULT '{}'
);

-- A call can now also be refused by its key's Allowed Methods or Allowed Contract Addresses.
ALTER TABLE request_log DROP CONSTRAINT request_log_access_refusal_check;
ALTER TABLE request_log ADD CONSTRAINT request_log_access_refusal_check
  CHECK (access_refusal IN ('domains', 'noOrigin', 'ips', 'cidrs', 'methods', 'contracts'));

-- A key's lifecycle. expires_at: after it, the gateway refuses the key (NULL: never). Rolling a key
-- gives it a new secret in `key`; the old one goes to previous_key and keeps working until
-- previous_key_until (the grace the user chose), then stops. One previous secret at most: rolling
-- again ends the older one at once.
ALTER TABLE api_keys
  ADD COLUMN expires_at timestamptz,
  ADD COLUMN previous_key text UNIQUE,
  ADD COLUMN previous_key_until timestamptz,
  ADD CONSTRAINT api_keys_previous_key_until CHECK ((previous_key IS NULL) = (previous_key_until IS NULL));
