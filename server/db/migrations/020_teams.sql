-- Teams: a project (still the owner's users row: project id = the owner's users.id) has members,
-- each with one role. Every user is the owner of their own project from the start; a member of
-- another project reaches it with the X-Project header (server/auth/session-auth.ts).
CREATE TABLE project_members (
  project_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- src/domain/roles.ts's ROLES.
  role text NOT NULL CHECK (role IN ('owner', 'developer', 'billing', 'viewer')),
  joined_at timestamptz NOT NULL,
  PRIMARY KEY (project_id, user_id)
);
-- A project has exactly one owner (a transfer demotes the old one before it promotes the new one).
CREATE UNIQUE INDEX project_members_one_owner ON project_members (project_id) WHERE role = 'owner';
-- The user menu's list of projects.
CREATE INDEX project_members_user ON project_members (user_id);

-- Every existing account owns its project...
INSERT INTO project_members (project_id, user_id, role, joined_at) SELECT id, id, 'owner', created_at FROM users;

-- ...and so does every new one, whichever way it signs up (password, Google, local sign-in, admin).
CREATE FUNCTION project_members_owner_of_new_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_members (project_id, user_id, role, joined_at) VALUES (NEW.id, NEW.id, 'owner', NEW.created_at);
  RETURN NEW;
END;
$$;
CREATE TRIGGER users_own_project AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION project_members_owner_of_new_user();

-- An invitation by e-mail to join a project with a role (never owner: ownership is transferred).
-- Only the sha256 of its token is stored, as for password resets. It ends when accepted, revoked or
-- past expires_at; pending ones count against the plan's invites (src/domain/invites.ts).
CREATE TABLE project_invites (
  id serial PRIMARY KEY,
  project_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Lower-cased: matched against the accepting user's address whatever its case.
  email text NOT NULL CHECK (email = lower(email)),
  role text NOT NULL CHECK (role IN ('developer', 'billing', 'viewer')),
  token_hash text NOT NULL UNIQUE,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by integer REFERENCES users (id) ON DELETE SET NULL,
  revoked_at timestamptz,
  CHECK (accepted_at IS NULL OR revoked_at IS NULL)
);
CREATE INDEX project_invites_open ON project_invites (project_id) WHERE accepted_at IS NULL AND revoked_at IS NULL;
