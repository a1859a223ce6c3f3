-- The networks served come from the configuration (NETWORKS_FILE, else mainnet and devnet), so the
-- tables no longer list them: a network added to the file is metered and logged without a migration.
-- They still refuse what cannot be a network's name (src/domain/networks.ts, NETWORK_NAME).
ALTER TABLE usage_minutes DROP CONSTRAINT IF EXISTS usage_minutes_network_check;
ALTER TABLE usage_hours DROP CONSTRAINT IF EXISTS usage_hours_network_check;
ALTER TABLE usage_days DROP CONSTRAINT IF EXISTS usage_days_network_check;
ALTER TABLE request_log DROP CONSTRAINT IF EXISTS request_log_network_check;
ALTER TABLE usage_minutes ADD CONSTRAINT usage_minutes_network_name CHECK (network ~ '^[a-z][a-z0-9-]{0,31}$');
ALTER TABLE usage_hours ADD CONSTRAINT usage_hours_network_name CHECK (network ~ '^[a-z][a-z0-9-]{0,31}$');
ALTER TABLE usage_days ADD CONSTRAINT usage_days_network_name CHECK (network ~ '^[a-z][a-z0-9-]{0,31}$');
ALTER TABLE request_log ADD CONSTRAINT request_log_network_name CHECK (network ~ '^[a-z][a-z0-9-]{0,31}$');
