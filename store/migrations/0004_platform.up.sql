-- Fleet platform integration: the connections an account configured (design.md §9), and large
-- pipeline data (pulled problems, plans) passed between workflow steps by reference, because
-- Temporal histories must stay small.
CREATE TABLE platform_connections (
  account text NOT NULL REFERENCES accounts(name) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('csv_folder', 'postgres')),
  -- Holds secrets (database passwords): never sent back to a client unmasked.
  settings jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp()),
  updated_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp()),
  PRIMARY KEY (account, name)
);

-- Text, not jsonb: a payload reads back byte for byte, and storing it parses nothing.
CREATE TABLE plan_payloads (
  id text PRIMARY KEY,
  account text NOT NULL REFERENCES accounts(name) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind <> ''),
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp())
);
CREATE INDEX plan_payloads_by_age ON plan_payloads(created_at);
