-- Tasks that are deleted (by retention, or with their account) stay counted in the task metrics:
-- a trigger adds each deleted task to these tallies in the same statement, so no counter and no
-- histogram bucket ever goes down. The histogram's bounds are defined here, once.
CREATE TABLE task_duration_buckets (le float8 PRIMARY KEY);
INSERT INTO task_duration_buckets VALUES (0.1), (0.5), (1), (2.5), (5), (10), (30), (60), (120), (300), (600), (1800), (3600);

CREATE TABLE retired_task_totals (
  operation text NOT NULL,
  status text NOT NULL,
  count bigint NOT NULL,
  timed bigint NOT NULL,
  seconds float8 NOT NULL,
  PRIMARY KEY (operation, status)
);
CREATE TABLE retired_task_buckets (
  operation text NOT NULL,
  status text NOT NULL,
  le float8 NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (operation, status, le)
);

-- A task deleted while running (its account was deleted) ended then: it counts as canceled, untimed.
CREATE FUNCTION retire_deleted_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO retired_task_totals AS r (operation, status, count, timed, seconds)
    SELECT operation, status, count(*), count(seconds), coalesce(sum(seconds), 0)
      FROM (SELECT operation, CASE WHEN status = 'running' THEN 'canceled' ELSE status END AS status,
                   extract(epoch FROM finished_time - started_time)::float8 AS seconds FROM gone) g
     GROUP BY operation, status
  ON CONFLICT (operation, status) DO UPDATE
    SET count = r.count + excluded.count, timed = r.timed + excluded.timed, seconds = r.seconds + excluded.seconds;
  INSERT INTO retired_task_buckets AS r (operation, status, le, count)
    SELECT operation, status, b.le, count(*) FILTER (WHERE seconds <= b.le)
      FROM (SELECT operation, status, extract(epoch FROM finished_time - started_time)::float8 AS seconds FROM gone) g
           CROSS JOIN task_duration_buckets b
     WHERE seconds IS NOT NULL
     GROUP BY operation, status, b.le
  ON CONFLICT (operation, status, le) DO UPDATE SET count = r.count + excluded.count;
  RETURN NULL;
END $$;
CREATE TRIGGER tasks_retired AFTER DELETE ON tasks REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION retire_deleted_tasks();
