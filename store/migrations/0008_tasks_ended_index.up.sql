-- Task retention deletes ended tasks oldest first: this index finds them without reading the
-- running ones or scanning the table.
CREATE INDEX tasks_ended_by_age ON tasks(finished_time) WHERE status <> 'running';
