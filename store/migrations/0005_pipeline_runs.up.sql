-- Nightly planning runs (design.md §10): one row per run, one per territory of a run, and the
-- finished steps of each planning night so that a retried run skips what is already done.
CREATE TABLE pipeline_runs (
  id text PRIMARY KEY,
  account text NOT NULL REFERENCES accounts(name) ON DELETE CASCADE,
  connection text NOT NULL,
  workflow_id text NOT NULL,
  plan_date date NOT NULL,
  days integer NOT NULL CHECK (days >= 1),
  -- The territories asked for; NULL = every territory of the connection.
  requested_territories jsonb,
  trigger text NOT NULL CHECK (trigger IN ('manual', 'schedule')),
  status text NOT NULL CHECK (status IN ('running', 'completed', 'failed', 'canceled')),
  error text,
  started_time timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp()),
  finished_time timestamptz
);
CREATE INDEX pipeline_runs_by_account ON pipeline_runs(account, started_time DESC, id DESC);

CREATE TABLE pipeline_run_territories (
  run_id text NOT NULL REFERENCES pipeline_runs(id) ON DELETE CASCADE,
  territory text NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'completed', 'failed', 'canceled')),
  -- The step running now, or the one that failed.
  step text,
  jobs integer,
  routed integer,
  routes integer,
  cost double precision,
  distance_meters double precision,
  -- [{id, reasons[], error_code?, message?}]
  unrouted jsonb NOT NULL DEFAULT '[]',
  -- [{kind, id, query, error_code, message}]
  failed_addresses jsonb NOT NULL DEFAULT '[]',
  -- Rows the connector could not read: [{source, line, column?, message}]
  row_faults jsonb NOT NULL DEFAULT '[]',
  -- {step: {status, ms, reused}} in step order
  steps jsonb NOT NULL DEFAULT '{}',
  -- {destination, routes, stops, unchanged}
  sync jsonb,
  error text,
  started_time timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp()),
  finished_time timestamptz,
  PRIMARY KEY (run_id, territory)
);

-- A step's output for one planning night, keyed by a digest of its input: a later run of the
-- same night with the same input reuses it instead of redoing the work.
CREATE TABLE pipeline_step_outputs (
  account text NOT NULL REFERENCES accounts(name) ON DELETE CASCADE,
  connection text NOT NULL,
  territory text NOT NULL,
  plan_date date NOT NULL,
  days integer NOT NULL,
  step text NOT NULL,
  input_digest text NOT NULL,
  output jsonb NOT NULL,
  created_time timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp()),
  PRIMARY KEY (account, connection, territory, plan_date, days, step, input_digest)
);
