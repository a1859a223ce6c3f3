-- Billing as the dashboard keeps it (server/payments/): the provider's customer of each user, a
-- mirror of their subscription, the checkouts they started, and the provider events already handled.
-- The local test-mode provider keeps its own records apart (006_test_mode_payments.sql), as Stripe would.

CREATE TABLE billing_customers (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('stripe', 'local')),
  customer_id text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (provider, customer_id)
);

CREATE TABLE subscriptions (
  provider text NOT NULL CHECK (provider IN ('stripe', 'local')),
  provider_subscription_id text NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  customer_id text NOT NULL,
  plan_id integer NOT NULL REFERENCES plans (id),
  frequency text NOT NULL CHECK (frequency IN ('MONTHLY', 'ANNUALY')),
  status text NOT NULL CHECK (status IN ('active', 'past_due', 'canceled')),
  current_period_start timestamptz NOT NULL,
  current_period_end timestamptz NOT NULL,
  cancel_at_period_end boolean NOT NULL,
  -- When a renewal first failed; the plan drops to Free a grace period after it.
  past_due_since timestamptz,
  -- When the provider created the event that set this state: an older event changes nothing.
  state_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (provider, provider_subscription_id)
);
-- A user pays for one subscription at a time: a second one is a duplicate (cancelled and refunded).
CREATE UNIQUE INDEX subscriptions_one_live ON subscriptions (user_id) WHERE status <> 'canceled';

CREATE TABLE checkouts (
  -- Ours (chk_…): it names the checkout in the dashboard's return URL.
  id text PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('stripe', 'local')),
  -- The provider's (Stripe cs_… or bps_…, local lco_…).
  provider_checkout_id text NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- 'new' creates a subscription; 'change' moves the user's one subscription to a higher plan.
  kind text NOT NULL CHECK (kind IN ('new', 'change')),
  subscription_id text,
  plan_id integer NOT NULL REFERENCES plans (id),
  frequency text NOT NULL CHECK (frequency IN ('MONTHLY', 'ANNUALY')),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  status text NOT NULL CHECK (status IN ('open', 'complete', 'expired')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  completed_at timestamptz,
  UNIQUE (provider, provider_checkout_id)
);
CREATE INDEX checkouts_user_open ON checkouts (user_id) WHERE status = 'open';

CREATE TABLE billing_events (
  provider text NOT NULL CHECK (provider IN ('stripe', 'local')),
  event_id text NOT NULL,
  kind text NOT NULL,
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (provider, event_id)
);
