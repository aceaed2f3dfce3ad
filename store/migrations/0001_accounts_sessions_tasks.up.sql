-- Accounts own users, tasks and (later) sandboxes; a user is `account:user` on the wire.
CREATE TABLE accounts (
  name text PRIMARY KEY,
  created_time timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  account text NOT NULL REFERENCES accounts(name) ON DELETE CASCADE,
  name text NOT NULL,
  password_hash text NOT NULL,
  is_owner boolean NOT NULL DEFAULT false,
  created_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account, name)
);
CREATE UNIQUE INDEX users_one_owner ON users(account) WHERE is_owner;

-- Session ids are stored hashed: a leaked table does not leak usable sessions.
CREATE TABLE sessions (
  id_hash bytea PRIMARY KEY,
  account text NOT NULL,
  user_name text NOT NULL,
  created_time timestamptz NOT NULL DEFAULT now(),
  expires_time timestamptz NOT NULL,
  FOREIGN KEY (account, user_name) REFERENCES users(account, name) ON DELETE CASCADE
);
CREATE INDEX sessions_expiry ON sessions(expires_time);

CREATE TABLE tasks (
  id text PRIMARY KEY,
  account text NOT NULL REFERENCES accounts(name) ON DELETE CASCADE,
  user_name text NOT NULL,
  operation text NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'completed', 'failed', 'canceled')),
  options jsonb NOT NULL DEFAULT '{}',
  progress jsonb,
  -- Millisecond precision: clients echo last_status_time back in `after=` as printed (ms).
  started_time timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp()),
  last_status_time timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp()),
  finished_time timestamptz
);
CREATE INDEX tasks_by_account ON tasks(account, started_time DESC, id DESC);

-- Payloads kept apart from the task row so listing tasks never reads megabytes of JSON; stored as
-- text so a result goes back to the client byte for byte.
CREATE TABLE task_payloads (
  task_id text NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('request', 'result', 'error')),
  body text NOT NULL,
  PRIMARY KEY (task_id, kind)
);
