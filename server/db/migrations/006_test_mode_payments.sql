-- The local test-mode payment provider's own records (server/payments/local/), kept apart from the
-- dashboard's billing tables as Stripe keeps its own: the dashboard learns of them only through events.

CREATE TABLE local_customers (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE local_subscriptions (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES local_customers (id) ON DELETE CASCADE,
  user_id integer NOT NULL,
  plan_id integer NOT NULL REFERENCES plans (id),
  frequency text NOT NULL CHECK (frequency IN ('MONTHLY', 'ANNUALY')),
  status text NOT NULL CHECK (status IN ('active', 'past_due', 'canceled')),
  -- Periods run from the anchor (period n ends n months or years after it), so a 31st does not drift.
  anchor timestamptz NOT NULL,
  period_index integer NOT NULL CHECK (period_index >= 0),
  current_period_start timestamptz NOT NULL,
  current_period_end timestamptz NOT NULL,
  cancel_at_period_end boolean NOT NULL,
  -- A switch to a lower plan (or the other frequency) waits for the end of the period.
  scheduled_plan_id integer REFERENCES plans (id),
  scheduled_frequency text CHECK (scheduled_frequency IN ('MONTHLY', 'ANNUALY')),
  card_last4 text NOT NULL,
  created_at timestamptz NOT NULL,
  canceled_at timestamptz
);
CREATE INDEX local_subscriptions_due ON local_subscriptions (current_period_end) WHERE status = 'active';

CREATE TABLE local_checkout_sessions (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES local_customers (id) ON DELETE CASCADE,
  user_id integer NOT NULL,
  -- 'new' creates a subscription; 'change' moves subscription_id to a higher plan.
  kind text NOT NULL CHECK (kind IN ('new', 'change')),
  subscription_id text REFERENCES local_subscriptions (id) ON DELETE CASCADE,
  -- The change was priced against this period: a renewal since then makes the session stale.
  basis_period_start timestamptz,
  plan_id integer NOT NULL REFERENCES plans (id),
  frequency text NOT NULL CHECK (frequency IN ('MONTHLY', 'ANNUALY')),
  -- The plan's price for one period, and what this payment charges (a change: prorated).
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  success_url text NOT NULL,
  cancel_url text NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'complete', 'expired')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  completed_at timestamptz
);

CREATE SEQUENCE local_invoice_numbers;

CREATE TABLE local_invoices (
  id text PRIMARY KEY,
  number text NOT NULL UNIQUE,
  customer_id text NOT NULL REFERENCES local_customers (id) ON DELETE CASCADE,
  subscription_id text NOT NULL REFERENCES local_subscriptions (id) ON DELETE CASCADE,
  description text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  status text NOT NULL CHECK (status IN ('open', 'paid', 'void')),
  created_at timestamptz NOT NULL,
  paid_at timestamptz
);
CREATE INDEX local_invoices_customer ON local_invoices (customer_id, created_at);

CREATE TABLE local_portal_sessions (
  -- SHA-256 of the token in the portal URL: a copy of this table opens no portal.
  token_hash text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES local_customers (id) ON DELETE CASCADE,
  return_url text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Events for the billing service, delivered in order and retried until delivered (like Stripe's webhooks).
CREATE TABLE local_events (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('checkout-completed', 'subscription-changed', 'invoice-paid', 'invoice-payment-failed')),
  checkout_id text,
  subscription_id text NOT NULL,
  -- The subscription as it was when the event happened (checkout-completed, subscription-changed).
  snapshot jsonb,
  occurred_at timestamptz NOT NULL,
  delivered_at timestamptz
);
CREATE INDEX local_events_pending ON local_events (seq) WHERE delivered_at IS NULL;
