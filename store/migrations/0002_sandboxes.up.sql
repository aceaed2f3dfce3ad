-- Sandboxes: a plan kept on the server as an append-only list of revisions (snapshot, deltas or
-- undo/redo). The sandbox row holds the latest state, so reading it and adding a revision never
-- replay history; revisions keep their bodies and, every so often, a whole state (checkpoint).
CREATE TABLE sandboxes (
  id text PRIMARY KEY,
  account text NOT NULL REFERENCES accounts(name) ON DELETE CASCADE,
  creator text NOT NULL,
  name text NOT NULL,
  created_time timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp()),
  updated_time timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp()),
  -- Expiry counts inactivity from here; reads move it too, at most once a minute.
  last_activity_time timestamptz NOT NULL DEFAULT clock_timestamp(),
  expiry text NOT NULL DEFAULT 'never' CHECK (expiry IN ('month', 'year', 'five_years', 'never')),
  latest_revision integer NOT NULL DEFAULT 0,
  active_revision integer NOT NULL DEFAULT 0,
  -- Text, not jsonb: the canonical problem keeps its key order byte for byte.
  latest_state text NOT NULL,
  UNIQUE (account, name)
);
CREATE INDEX sandboxes_expiry ON sandboxes(last_activity_time) WHERE expiry <> 'never';

-- Dense per sandbox (0, 1, 2, ...): writers lock the sandbox row, so numbers are neither skipped nor reused.
CREATE TABLE sandbox_revisions (
  sandbox_id text NOT NULL REFERENCES sandboxes(id) ON DELETE CASCADE,
  revision integer NOT NULL CHECK (revision >= 0),
  kind text NOT NULL CHECK (kind IN ('snapshot', 'deltas', 'undo_redo')),
  body text NOT NULL,
  state text,
  tag text,
  created_time timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp()),
  PRIMARY KEY (sandbox_id, revision)
);

-- Grants beyond the account owner and the creator, who always have every permission. A NULL
-- subuser is the grant to every subuser of the account.
CREATE TABLE sandbox_grants (
  sandbox_id text NOT NULL REFERENCES sandboxes(id) ON DELETE CASCADE,
  subuser text,
  permission text NOT NULL CHECK (permission IN ('read', 'write', 'admin'))
);
CREATE UNIQUE INDEX sandbox_grants_unique ON sandbox_grants(sandbox_id, COALESCE(subuser, ''), permission);
