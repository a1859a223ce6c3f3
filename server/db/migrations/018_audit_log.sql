-- The audit log: every change to a project's keys, access rules, settings, plan and billing, with
-- who made it (or 'system' for the payment provider's events and background jobs), when (the app's
-- clock), from which masked address, and what changed. Entries are never changed; they are deleted
-- only by the retention job once older than a year (server/audit/audit-retention.ts).
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The project: today the owner's user id. No foreign key: entries outlive whoever they name.
  project_id integer NOT NULL,
  actor_type text NOT NULL CHECK (actor_type IN ('user', 'system')),
  -- The member who acted, and their e-mail at that time (so the entry reads the same after they leave).
  actor_user_id integer,
  actor_email text,
  at timestamptz NOT NULL,
  -- Masked as the request log masks it (maskAddress); NULL for the system.
  client_address text,
  -- One of src/domain/audit-log.ts's AUDIT_ACTIONS.
  action text NOT NULL,
  -- What was changed: {type, id, name} (a key's masked value too; never a secret).
  target jsonb NOT NULL,
  -- The changed fields: {field: {before, after}}.
  changes jsonb NOT NULL,
  CHECK ((actor_type = 'user') = (actor_user_id IS NOT NULL))
);
-- A project's page, newest first (at, then id: the cursor), with or without an action filter.
CREATE INDEX audit_log_project ON audit_log (project_id, at DESC, id DESC);
CREATE INDEX audit_log_project_action ON audit_log (project_id, action, at DESC, id DESC);
-- The retention job's delete.
CREATE INDEX audit_log_at ON audit_log (at);

-- Entries are never changed, and deleted only by the retention job: it declares its cut-off in the
-- transaction (set_config('audit_log.retain_before', …, true)) and may delete only older rows.
CREATE FUNCTION audit_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff text := current_setting('audit_log.retain_before', true);
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'audit_log entries cannot be changed' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'audit_log cannot be truncated' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF cutoff IS NULL OR cutoff = '' OR OLD.at >= cutoff::timestamptz THEN
    RAISE EXCEPTION 'audit_log entries are deleted only by the retention job, once older than a year'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN OLD;
END;
$$;
CREATE TRIGGER audit_log_guard_rows BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_guard();
CREATE TRIGGER audit_log_guard_table BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_guard();
