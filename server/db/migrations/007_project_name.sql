-- The name of each account's one project (SPEC.md "Settings (demo)": project name editable inline),
-- kept on the server so that it is the same in every browser and device. NULL until the owner renames
-- the project: it is then shown with the default name (DEFAULT_PROJECT_NAME in src/domain/project-settings.ts).
-- PATCH /project stores it trimmed, non-blank and at most 64 characters (the SPA's rule, shared).
ALTER TABLE users ADD COLUMN project_name text CHECK (project_name IS NULL OR (btrim(project_name) <> '' AND char_length(project_name) <= 64));
