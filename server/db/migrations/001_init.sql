-- Accounts, sessions, password resets, API keys and the plan catalogue (rows come from src/domain/plan-catalog.ts).

CREATE TABLE plans (
  id integer PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text NOT NULL,
  sort_order integer NOT NULL,
  -- NULL = contact sales / unlimited, never a magic number.
  monthly_price_usd integer,
  credits_per_month bigint,
  rate_per_second integer,
  max_keys integer
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL,
  -- NULL for accounts that only sign in with Google.
  password_hash text,
  plan_id integer NOT NULL REFERENCES plans (id),
  billing_frequency text NOT NULL DEFAULT 'MONTHLY' CHECK (billing_frequency IN ('MONTHLY', 'ANNUALY')),
  credits_used bigint NOT NULL DEFAULT 0 CHECK (credits_used >= 0),
  cycle_start timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));

CREATE TABLE sessions (
  id serial PRIMARY KEY,
  -- sha256 of the bearer token: a leaked table does not leak usable tokens.
  token_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE password_resets (
  id serial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user ON password_resets (user_id);

CREATE TABLE api_keys (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  key text NOT NULL UNIQUE,
  environment text,
  created_at timestamptz NOT NULL
);
CREATE INDEX api_keys_user ON api_keys (user_id, created_at, id);
