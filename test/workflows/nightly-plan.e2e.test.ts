import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { planStartDate } from '../../runtime/plan-date.js';
import { connectTemporal } from '../../runtime/temporal-client.js';
import { createInputTables, qualified } from '../../platform/postgres/platform-schema.js';
import { writeSyntheticFleet } from '../../bench/nightly/synthetic-fleet.js';
import { demoFleetFolder } from '../../cli/commands/demo-connection.js';
import { addPlatformConnection } from '../../store/platform-connections.js';
import { FakeUpstream } from '../geo/geocoding/fake-upstream.js';
import { nightlyProgressQuery, type NightlyProgress } from '../../workflows/contract.js';
import { runCli, type CliRun } from '../support/cli.js';
import { TestStack, type TestUser } from '../support/stack.js';

interface TerritoryJson {
  territory: string;
  status: string;
  step?: string;
  jobs: number;
  routed: number;
  routes: number;
  cost: number;
  distance_meters: number;
  unrouted: { id: string; reasons: string[]; error_code?: string }[];
  failed_addresses: { kind: string; id: string; query: string; error_code: string }[];
  row_faults: { source: string; line: number | string; column?: string; message: string }[];
  steps: Record<string, { status: string; ms?: number; reused?: boolean }>;
  synced_to: string | null;
  sync: { routes: number; stops: number; unchanged: boolean } | null;
  error?: string;
}

interface RunJson {
  run_id: string;
  status: string;
  plan_date: string;
  territories: TerritoryJson[];
}

const planDate = '2026-12-01';
const queuePrefix = `test-nightly-${randomBytes(4).toString('hex')}`;

describe('nightly planning pipeline over the real stack', () => {
  let stack: TestStack;
  let upstream: FakeUpstream;
  let user: TestUser;
  let pool: pg.Pool;
  const folders: string[] = [];

  const cli = (args: string[]): Promise<CliRun> =>
    runCli(args, { WAYPLAN_DATA_DIR: process.env.WAYPLAN_TEST_DATA_DIR, WAYPLAN_TASK_QUEUE_PREFIX: queuePrefix });

  /** A CSV folder connection of the test account on a fresh synthetic fleet. */
  const csvConnection = async (name: string, fleet: Parameters<typeof writeSyntheticFleet>[1]): Promise<string> => {
    const folder = mkdtempSync(join(tmpdir(), `wayplan-nightly-${name}-`));
    folders.push(folder);
    writeSyntheticFleet(folder, fleet);
    await addPlatformConnection(pool, user.account, name, { kind: 'csv_folder', settings: { path: folder } });
    return folder;
  };

  const runNightly = async (connection: string, extra: string[] = []): Promise<{ run: CliRun; json: RunJson }> => {
    const run = await cli([
      'run',
      'nightly',
      '--connection',
      connection,
      '--account',
      user.account,
      '--date',
      planDate,
      '--wait',
      '--json',
      '--time-limit',
      '2',
      ...extra,
    ]);
    let json: RunJson;
    try {
      json = JSON.parse(run.stdout) as RunJson;
    } catch {
      throw new Error(`no JSON from the CLI (exit ${run.code}): ${run.stdout}\n${run.stderr}`);
    }
    return { run, json };
  };

  /** Fails with what the CLI printed when it did not exit 0: the run's JSON says which step ended how. */
  const expectSucceeded = (run: CliRun): void => {
    if (run.code !== 0) throw new Error(`the CLI exited ${run.code}:\n${run.stdout}\n${run.stderr}`);
  };

  const csvRows = (file: string): Record<string, string>[] => parse(readFileSync(file), { columns: true }) as Record<string, string>[];

  /** Every job is routed or unrouted with a reason, and the counts add up. */
  const expectAccounted = (territory: TerritoryJson): void => {
    expect(territory.status).toBe('completed');
    expect(territory.jobs).toBe(territory.routed + territory.unrouted.length);
    for (const job of territory.unrouted) expect(job.reasons.length).toBeGreaterThan(0);
  };

  beforeAll(async () => {
    upstream = await new FakeUpstream().start();
    stack = await TestStack.start({
      WAYPLAN_TASK_QUEUE_PREFIX: queuePrefix,
      WAYPLAN_GEOCODER: 'nominatim',
      WAYPLAN_GEOCODER_URL: upstream.url,
      WAYPLAN_GEOCODER_TIMEOUT_MS: '500',
      WAYPLAN_GEOCODER_MAX_ATTEMPTS: '1',
      WAYPLAN_GEOCODER_BREAKER_FAILURES: '1000',
      // Searches end on this budget where their time limit is generous (the demo night): the same
      // plans on a busy machine. Nothing here checks a plan's cost: the demo is routed completely by
      // the construction alone (a budget of 1 did it), and 8,000 iterations took its two runs 15 s
      // against 9 s at this budget (load 3). The crash test's build still runs long enough to be caught.
      WAYPLAN_SEARCH_ITERATIONS: '500',
    });
    user = await stack.createUser();
    pool = new pg.Pool({ connectionString: process.env.WAYPLAN_TEST_DATABASE_URL, max: 2 });
  }, 120000);

  afterAll(async () => {
    await stack.stop();
    await upstream.stop();
    await pool.end();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('plans the demo fleet, writes routes.csv and stops.csv, and a second run changes nothing', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'wayplan-nightly-demo-'));
    folders.push(folder);
    cpSync(demoFleetFolder, folder, { recursive: true, filter: (path) => !/(routes|stops)\.csv$/.test(path) });
    await addPlatformConnection(pool, user.account, 'demo', { kind: 'csv_folder', settings: { path: folder } });
    // The search ends on its iteration budget (WAYPLAN_SEARCH_ITERATIONS), not on a clock.
    const demoNight = ['--days', '2', '--time-limit', '3600'];
    const first = await runNightly('demo', demoNight);
    expect(first.run.stderr).toBe('');
    expectSucceeded(first.run);
    expect(first.json).toMatchObject({ status: 'completed', plan_date: planDate });
    expect(first.json.territories.map((t) => t.territory)).toEqual(['condamine', 'fontvieille', 'monte-carlo']);
    for (const territory of first.json.territories) {
      expectAccounted(territory);
      expect(territory.jobs).toBeGreaterThanOrEqual(100);
      // The demo fleet is sized to plan completely: a first look shows no holes.
      expect(territory.unrouted).toEqual([]);
      expect(territory.row_faults).toEqual([]);
      expect(territory.synced_to).toBe('routes.csv, stops.csv');
      expect(Object.keys(territory.steps)).toEqual(['pull', 'geocode', 'instantiate', 'build', 'optimize', 'sync']);
      for (const step of Object.values(territory.steps)) expect(step).toMatchObject({ status: 'completed', ms: expect.any(Number) });
    }
    const routes = readFileSync(join(folder, 'routes.csv'), 'utf8');
    const stops = readFileSync(join(folder, 'stops.csv'), 'utf8');
    const jobStops = csvRows(join(folder, 'stops.csv')).filter((s) => s.type === 'job');
    expect(jobStops).toHaveLength(first.json.territories.reduce((sum, t) => sum + t.routed, 0));
    expect(new Set(jobStops.map((s) => s.job)).size).toBe(jobStops.length);

    const second = await runNightly('demo', demoNight);
    expectSucceeded(second.run);
    expect(second.json.run_id).not.toBe(first.json.run_id);
    expect(readFileSync(join(folder, 'routes.csv'), 'utf8')).toBe(routes);
    expect(readFileSync(join(folder, 'stops.csv'), 'utf8')).toBe(stops);
    for (const territory of second.json.territories) {
      expect(territory.sync).toMatchObject({ unchanged: true });
      expect(territory.steps.build).toMatchObject({ reused: true });
      const before = first.json.territories.find((t) => t.territory === territory.territory)!;
      expect({ ...territory, steps: undefined, started_time: undefined, finished_time: undefined, sync: undefined }).toEqual({
        ...before,
        steps: undefined,
        started_time: undefined,
        finished_time: undefined,
        sync: undefined,
      });
    }

    const shown = await cli(['runs', 'show', first.json.run_id, '--json']);
    expectSucceeded(shown);
    expect(JSON.parse(shown.stdout)).toEqual(first.json);
    const api = await fetch(`${stack.baseUrl}/v1/platform/runs/${first.json.run_id}`, { headers: { authorization: user.basic } });
    expect(api.status).toBe(200);
    expect(await api.json()).toEqual(first.json);
    const list = await fetch(`${stack.baseUrl}/v1/platform/runs?limit=1`, { headers: { authorization: user.basic } });
    const page = (await list.json()) as { runs: { run_id: string }[]; next_cursor?: string };
    expect(page.runs.map((r) => r.run_id)).toEqual([second.json.run_id]);
    const older = await fetch(`${stack.baseUrl}/v1/platform/runs?cursor=${page.next_cursor}`, { headers: { authorization: user.basic } });
    expect(((await older.json()) as { runs: { run_id: string }[] }).runs.map((r) => r.run_id)).toEqual([first.json.run_id]);
    const stranger = await stack.createUser();
    const hidden = await fetch(`${stack.baseUrl}/v1/platform/runs/${first.json.run_id}`, { headers: { authorization: stranger.basic } });
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toMatchObject({ status_code: 404, error_code: 'not_found_error' });
  }, 900000);

  it('reports a malformed jobs.csv row by file, line and column and routes the valid rows', async () => {
    const folder = await csvConnection('faulty', { territories: 1, jobsPerTerritory: 12, driversPerTerritory: 2, date: planDate });
    const jobsFile = join(folder, 'jobs.csv');
    const lines = readFileSync(jobsFile, 'utf8').trimEnd().split('\n');
    // Line 4 of the file (the header is line 1): a time window that is no time.
    lines[3] = lines[3]!.replace(/,13:00,|,08:00,/, ',25:99,');
    writeFileSync(jobsFile, `${lines.join('\n')}\n`);

    const { run, json } = await runNightly('faulty');
    expectSucceeded(run);
    const [territory] = json.territories;
    expect(territory!.row_faults).toEqual([expect.objectContaining({ source: 'jobs.csv', line: 4, column: 'time_window_start' })]);
    expectAccounted(territory!);
    expect(territory!.jobs).toBe(11);
  }, 120000);

  it('goes on when one territory fails, and a retried run redoes only the step that failed', async () => {
    const folder = await csvConnection('partial', { territories: 1, jobsPerTerritory: 10, driversPerTerritory: 2, date: planDate });
    const first = await runNightly('partial', ['--territory', 'T01', '--territory', 'T99']);
    expect(first.run.code).toBe(1);
    expect(first.json.status).toBe('failed');
    const [t01, t99] = first.json.territories;
    expectAccounted(t01!);
    expect(t99).toMatchObject({ territory: 'T99', status: 'failed', step: 'pull', error: expect.stringContaining('T99') });

    // The platform refuses to write (a routes.csv it cannot read back): only sync fails...
    writeFileSync(join(folder, 'routes.csv'), 'something,else\n1,2\n');
    const failing = await runNightly('partial', ['--territory', 'T01']);
    expect(failing.run.code).toBe(1);
    const [stuck] = failing.json.territories;
    expect(stuck).toMatchObject({ status: 'failed', step: 'sync' });
    for (const step of ['geocode', 'instantiate', 'build', 'optimize'])
      expect(stuck!.steps[step]).toMatchObject({ status: 'completed', reused: true });
    expect(stuck!.steps.sync).toMatchObject({ status: 'failed' });

    // ...and once the file is moved away, the retry redoes sync alone.
    rmSync(join(folder, 'routes.csv'));
    const retried = await runNightly('partial', ['--territory', 'T01']);
    expectSucceeded(retried.run);
    const [done] = retried.json.territories;
    expect(done).toMatchObject({ status: 'completed', routed: t01!.routed, sync: { unchanged: false } });
    for (const step of ['geocode', 'instantiate', 'build', 'optimize']) expect(done!.steps[step]).toMatchObject({ reused: true });
    expect(done!.steps.sync).not.toHaveProperty('reused');
    expect(csvRows(join(folder, 'routes.csv'))).toHaveLength(done!.sync!.routes);
  }, 150000);

  it('finishes a run whose worker is killed during build, once the worker is back', async () => {
    await csvConnection('crash', { territories: 1, jobsPerTerritory: 200, driversPerTerritory: 5, date: planDate });
    const started = await cli([
      'run',
      'nightly',
      '--connection',
      'crash',
      '--account',
      user.account,
      '--date',
      planDate,
      '--json',
      // Seconds of search the kill must land in: the loop below sees the build running within a poll.
      '--time-limit',
      '4',
    ]);
    expectSucceeded(started);
    const { run_id: runId, workflow_id: workflowId } = JSON.parse(started.stdout) as { run_id: string; workflow_id: string };
    const deadline = Date.now() + 60000;
    for (;;) {
      const row = await stack.query(`SELECT steps->'build'->>'status' AS build FROM pipeline_run_territories WHERE run_id = $1`, [runId]);
      if (row.rows[0]?.build === 'running') break;
      if (row.rows[0]?.build === 'completed' || Date.now() > deadline)
        throw new Error(`build was not caught running (${JSON.stringify(row.rows)})`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await stack.killWorker('SIGKILL');
    await new Promise((r) => setTimeout(r, 1000));
    stack.startWorker();

    const { connection, client } = await connectTemporal(process.env.WAYPLAN_TEST_TEMPORAL_ADDRESS!, 'default');
    try {
      const handle = client.workflow.getHandle(workflowId);
      const outcome = (await handle.result()) as NightlyProgress;
      expect(outcome).toMatchObject({ runId, status: 'completed', planDate });
      expect(await handle.query(nightlyProgressQuery)).toEqual(outcome);
    } finally {
      await connection.close();
    }
    const shown = await cli(['runs', 'show', runId, '--json']);
    expectSucceeded(shown);
    const run = JSON.parse(shown.stdout) as RunJson;
    expect(run.status).toBe('completed');
    expectAccounted(run.territories[0]!);
    expect(run.territories[0]!.jobs).toBe(200);
  }, 150000);

  it('waits out a geocoder that is down at first, and records the address it never finds', async () => {
    const folder = await csvConnection('geo', {
      territories: 1,
      jobsPerTerritory: 15,
      driversPerTerritory: 2,
      date: planDate,
      addressEvery: 3,
    });
    const lost = '6 Boulevard du Test T01, 98000 Monaco';
    // Down for the first part: every address gets 503s on its first three requests.
    upstream.behaviour = ({ key, attempt }) =>
      key === lost ? { kind: 'status', status: 400 } : attempt <= 3 ? { kind: 'status', status: 503 } : { kind: 'ok' };
    try {
      const { run, json } = await runNightly('geo', ['--geocode-attempts', '8', '--geocode-retry-interval', '500']);
      expectSucceeded(run);
      const [territory] = json.territories;
      expectAccounted(territory!);
      expect(territory!.jobs).toBe(15);
      expect(territory!.failed_addresses).toEqual([
        { kind: 'job', id: 'T01-j6', query: lost, error_code: 'geoservice_error', message: expect.any(String) },
      ]);
      expect(territory!.unrouted).toContainEqual(expect.objectContaining({ id: 'T01-j6', reasons: ['geocoding_failed'] }));
    } finally {
      upstream.behaviour = () => ({ kind: 'ok' });
    }
    // The found addresses were asked for again until the outage passed, and their jobs are on routes.
    const found = '3 Boulevard du Test T01, 98000 Monaco';
    expect(upstream.requests.get(found)).toBe(4);
    expect(upstream.requests.get(lost)).toBe(1);
    expect(csvRows(join(folder, 'stops.csv')).map((stop) => stop.job)).toContain('T01-j3');
  }, 150000);

  it('runs the same pipeline against a PostgreSQL schema', async () => {
    const schema = `nightly_${randomBytes(4).toString('hex')}`;
    const source = mkdtempSync(join(tmpdir(), 'wayplan-nightly-pg-'));
    folders.push(source);
    writeSyntheticFleet(source, { territories: 2, jobsPerTerritory: 15, driversPerTerritory: 2, date: planDate });
    await createInputTables(pool, schema);
    for (const table of ['territories', 'depots', 'shifts', 'shift_patterns', 'vehicles', 'drivers', 'jobs']) {
      const rows = csvRows(join(source, `${table}.csv`));
      const columns = Object.keys(rows[0]!);
      for (const row of rows) {
        await pool.query(
          `INSERT INTO ${qualified(schema, table)} (${columns.map((c) => pg.escapeIdentifier(c)).join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
          columns.map((c) => (row[c] === '' ? null : row[c])),
        );
      }
    }
    await addPlatformConnection(pool, user.account, 'warehouse', {
      kind: 'postgres',
      settings: { url: process.env.WAYPLAN_TEST_DATABASE_URL!, schema },
    });
    try {
      const first = await runNightly('warehouse');
      expectSucceeded(first.run);
      for (const territory of first.json.territories) {
        expectAccounted(territory);
        expect(territory.jobs).toBe(15);
      }
      const routed = first.json.territories.reduce((sum, t) => sum + t.routed, 0);
      const jobStops = await pool.query(
        `SELECT count(*)::int AS n, count(DISTINCT job)::int AS distinct_jobs FROM ${qualified(schema, 'stops')} WHERE type = 'job'`,
      );
      expect(jobStops.rows[0]).toEqual({ n: routed, distinct_jobs: routed });

      const second = await runNightly('warehouse');
      expectSucceeded(second.run);
      for (const territory of second.json.territories) expect(territory.sync).toMatchObject({ unchanged: true });
      const again = await pool.query(`SELECT count(*)::int AS n FROM ${qualified(schema, 'stops')} WHERE type = 'job'`);
      expect(again.rows[0].n).toBe(routed);
    } finally {
      await pool.query(`DROP SCHEMA ${pg.escapeIdentifier(schema)} CASCADE`);
    }
  }, 150000);

  it('creates, updates, lists, pauses, resumes and deletes a nightly schedule', async () => {
    await csvConnection('scheduled', { territories: 1, jobsPerTerritory: 3, driversPerTerritory: 1, date: planDate });
    const args = [
      'schedule',
      'nightly',
      '--connection',
      'scheduled',
      '--account',
      user.account,
      '--at',
      '02:00',
      '--tz',
      'Europe/Paris',
      '--json',
    ];
    const created = await cli(args);
    expect(created.stderr).toBe('');
    expect(JSON.parse(created.stdout)).toMatchObject({ created: true, next_run: expect.any(String) });
    const updated = await cli([...args.slice(0, -5), '--at', '03:30', '--tz', 'Europe/Paris', '--days', '2', '--json']);
    expect(JSON.parse(updated.stdout)).toMatchObject({ created: false });
    // 03:30 in Paris is 01:30 or 02:30 UTC, depending on the season.
    expect(new Date(JSON.parse(updated.stdout).next_run as string).getUTCMinutes()).toBe(30);

    const name = `${user.account}:scheduled`;
    const listed = async (): Promise<Record<string, unknown> | undefined> => {
      const deadline = Date.now() + 20000;
      for (;;) {
        const list = await cli(['schedule', 'list', '--json']);
        const row = (JSON.parse(list.stdout) as Record<string, unknown>[]).find((r) => r.schedule === name);
        if (row || Date.now() > deadline) return row;
        await new Promise((r) => setTimeout(r, 500));
      }
    };
    expect(await listed()).toMatchObject({ at: '03:30', timezone: 'Europe/Paris', days: 2, paused: false });

    // A scheduled run plans from the day after its date in the schedule's zone.
    const expectedDates = [planStartDate(new Date(), 'Europe/Paris', 1)];
    const { connection, client } = await connectTemporal(process.env.WAYPLAN_TEST_TEMPORAL_ADDRESS!, 'default');
    try {
      await client.schedule.getHandle(`${queuePrefix}-io-nightly:${name}`).trigger();
    } finally {
      await connection.close();
    }
    const deadline = Date.now() + 60000;
    let scheduled: { status: string; plan_date: string; days: number } | undefined;
    while (Date.now() < deadline) {
      const rows = await stack.query(
        `SELECT status, plan_date::text, days FROM pipeline_runs WHERE account = $1 AND connection = 'scheduled' AND trigger = 'schedule'`,
        [user.account],
      );
      scheduled = rows.rows[0];
      if (scheduled && scheduled.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expectedDates.push(planStartDate(new Date(), 'Europe/Paris', 1));
    expect(scheduled).toMatchObject({ status: 'completed', days: 2 });
    expect(expectedDates).toContain(scheduled!.plan_date);

    expect((await cli(['schedule', 'pause', name])).code).toBe(0);
    expect((await cli(['schedule', 'resume', name])).code).toBe(0);
    expect((await cli(['schedule', 'delete', name])).code).toBe(0);
    const gone = await cli(['schedule', 'delete', name]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain('no schedule');
  }, 120000);
});
