-- Whether a user's Allowed Domains also let in calls that carry no Origin header (a backend, curl,
-- a script): browsers always send one, other programs usually do not. false refuses them once the
-- list has values, which is what every list saved before this column meant, so existing lists allow
-- exactly what they allowed; a user who wants server calls to keep working with a domain list set
-- turns it on. An empty domain list restricts nothing either way.
ALTER TABLE access_control ADD COLUMN allow_no_origin boolean NOT NULL DEFAULT false;

-- The project's autoscaling settings (SPEC.md "Autoscaling settings UI"): disabled at 25 % until the
-- owner saves them. PUT /project/autoscaling refuses enabling on a free plan (SPEC.md §6).
ALTER TABLE users
  ADD COLUMN autoscaling_enabled boolean NOT NULL DEFAULT false,
  ADD COLUMN autoscaling_percent smallint NOT NULL DEFAULT 25 CHECK (autoscaling_percent BETWEEN 0 AND 100);
