-- One payload store (store/payloads.ts) for what tasks and nightly plans keep: requests, results,
-- errors, pulled problems and plans. Text, not jsonb: a payload reads back byte for byte, and
-- storing it parses nothing. A task row names its payloads by id, so listing tasks never reads
-- megabytes of JSON.
CREATE TABLE payloads (
  id text PRIMARY KEY,
  account text NOT NULL REFERENCES accounts(name) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind <> ''),
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp())
);
CREATE INDEX payloads_by_age ON payloads(created_at);

-- Plan payloads keep their ids (pipeline runs refer to them).
INSERT INTO payloads(id, account, kind, body, created_at) SELECT id, account, kind, body, created_at FROM plan_payloads;

-- Task payloads had no id of their own: each gets its task's id and kind, which no new id (URL-safe
-- base64, no dot) can equal.
INSERT INTO payloads(id, account, kind, body, created_at)
  SELECT p.task_id || '.' || p.kind, t.account, p.kind, p.body, t.started_time FROM task_payloads p JOIN tasks t ON t.id = p.task_id;

ALTER TABLE tasks
  ADD COLUMN request_payload text REFERENCES payloads(id),
  ADD COLUMN result_payload text REFERENCES payloads(id),
  ADD COLUMN error_payload text REFERENCES payloads(id);
UPDATE tasks t SET
  request_payload = (SELECT p.task_id || '.request' FROM task_payloads p WHERE p.task_id = t.id AND p.kind = 'request'),
  result_payload = (SELECT p.task_id || '.result' FROM task_payloads p WHERE p.task_id = t.id AND p.kind = 'result'),
  error_payload = (SELECT p.task_id || '.error' FROM task_payloads p WHERE p.task_id = t.id AND p.kind = 'error');

DROP TABLE task_payloads;
DROP TABLE plan_payloads;
