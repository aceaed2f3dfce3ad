import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { addPlatformConnection } from '../../store/platform-connections.js';
import { postJson, request, postJsonWaiting } from '../support/http.js';
import { TestStack, type TestUser } from '../support/stack.js';

const demoFleet = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'platform', 'demo-fleet');
const dateRange = { start: '2026-11-23', end: '2026-11-23' };

describe('fleet platform endpoints on the demo fleet', () => {
  let stack: TestStack;
  let user: TestUser;
  let pool: pg.Pool;
  let folder: string;

  beforeAll(async () => {
    stack = await TestStack.start();
    user = await stack.createUser();
    pool = new pg.Pool({ connectionString: process.env.WAYPLAN_TEST_DATABASE_URL, max: 1 });
    folder = await mkdtemp(join(tmpdir(), 'wayplan-demo-fleet-'));
    await cp(demoFleet, folder, { recursive: true });
    await addPlatformConnection(pool, user.account, 'demo', { kind: 'csv_folder', settings: { path: folder } });
  });

  afterAll(async () => {
    await pool.end();
    await stack.stop();
    await rm(folder, { recursive: true, force: true });
  });

  const auth = () => ({ authorization: user.basic });

  it('lists the territories of the only connection, and 404 for an unknown one', async () => {
    const response = await request(`${stack.baseUrl}/v1/platform/territories`, { headers: auth() });
    expect(response.status).toBe(200);
    expect(response.body.connection).toBe('demo');
    expect(response.body.territories.map((t: { id: string }) => t.id)).toEqual(['fontvieille', 'condamine', 'monte-carlo']);
    const unknown = await request(`${stack.baseUrl}/v1/platform/territories?connection=nope`, { headers: auth() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_code).toBe('not_found_error');
  });

  it('pulls a territory as a task, and syncs a plan back idempotently', async () => {
    const pulled = await postJsonWaiting(
      `${stack.baseUrl}/v1/platform/pull?wait=1`,
      { territory: 'condamine', date_range: dateRange },
      auth(),
    );
    expect(pulled.status).toBe(200);
    expect(pulled.body.territory.id).toBe('condamine');
    expect(pulled.body.row_faults).toEqual([]);
    expect(pulled.body.problem.jobs).toHaveLength(100);
    expect(pulled.body.addresses).toHaveLength(20);
    expect(pulled.body.addresses[0]).toMatchObject({ kind: 'job', query: expect.stringContaining('Monaco') });

    // A plan for the pulled fleet: evaluate one route of three located jobs.
    const problem = pulled.body.problem;
    const jobs = problem.jobs
      .filter(
        (job: { location?: string; time_window?: unknown; required_driver_attributes?: unknown }) =>
          job.location && !job.time_window && !job.required_driver_attributes,
      )
      .slice(0, 3);
    const request = {
      depots: problem.depots,
      vehicles: problem.vehicles,
      drivers: problem.drivers.map(({ shift_patterns: _patterns, ...driver }: Record<string, unknown>) => driver),
      jobs,
      routes: [
        {
          id: 'r1',
          date: dateRange.start,
          driver: 'condamine-driver2',
          vehicle: 'condamine-van2',
          start_time: '07:00',
          jobs: jobs.map((j: { id: string }) => j.id),
        },
      ],
    };
    const evaluated = await postJsonWaiting(`${stack.baseUrl}/v1/evaluate?wait=1`, request, auth());
    expect(evaluated.status).toBe(200);

    const body = { territory: 'condamine', date_range: dateRange, run_id: 'night-1', plan: evaluated.body, problem: request };
    const synced = await postJsonWaiting(`${stack.baseUrl}/v1/platform/sync?wait=1`, body, auth());
    expect(synced.status).toBe(200);
    expect(synced.body).toEqual({ routes: 1, stops: 5, unchanged: false, destination: 'routes.csv, stops.csv' });
    const again = await postJsonWaiting(`${stack.baseUrl}/v1/platform/sync?wait=1`, body, auth());
    expect(again.body).toEqual({ ...synced.body, unchanged: true });

    const routes = parse(await readFile(join(folder, 'routes.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    expect(routes).toEqual([
      expect.objectContaining({
        run_id: 'night-1',
        territory: 'condamine',
        route_id: 'r1',
        driver: 'condamine-driver2',
        date: '2026-11-23',
        jobs: '3',
      }),
    ]);
    const stops = parse(await readFile(join(folder, 'stops.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    expect(stops.filter((s) => s.type === 'job').map((s) => s.job)).toEqual(jobs.map((j: { id: string }) => j.id));
  });

  it('answers documented errors: unknown territory, bad range, unknown connection, ambiguous connection', async () => {
    const unknownTerritory = await postJson(
      `${stack.baseUrl}/v1/platform/pull?wait=1`,
      { territory: 'atlantis', date_range: dateRange },
      auth(),
    );
    expect(unknownTerritory.status).toBe(400);
    expect(unknownTerritory.body.errors).toEqual([
      expect.objectContaining({ property: 'request.territory', code: 'reference_not_found_error' }),
    ]);

    const badRange = await postJson(
      `${stack.baseUrl}/v1/platform/pull`,
      { territory: 'condamine', date_range: { start: '2026-11-23', end: '2026-11-01' } },
      auth(),
    );
    expect(badRange.status).toBe(400);
    expect(badRange.body.errors[0]).toMatchObject({ property: 'request.date_range.end', code: 'range_end_before_start_error' });

    const badBody = await postJson(
      `${stack.baseUrl}/v1/platform/sync`,
      { territory: 'condamine', date_range: dateRange, plan: { routes: 'x' } },
      auth(),
    );
    expect(badBody.status).toBe(400);
    expect(badBody.body.errors.map((e: { property: string }) => e.property)).toEqual(
      expect.arrayContaining(['request.run_id', 'request.plan.routes']),
    );

    const unknownConnection = await postJson(
      `${stack.baseUrl}/v1/platform/pull`,
      { connection: 'nope', territory: 'condamine', date_range: dateRange },
      auth(),
    );
    expect(unknownConnection.status).toBe(404);

    await addPlatformConnection(pool, user.account, 'second', { kind: 'csv_folder', settings: { path: join(folder, 'missing') } });
    const ambiguous = await postJson(`${stack.baseUrl}/v1/platform/pull`, { territory: 'condamine', date_range: dateRange }, auth());
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.errors[0]).toMatchObject({ property: 'request.connection', code: 'required_property_missing_error' });
    const broken = await request(`${stack.baseUrl}/v1/platform/territories?connection=second`, { headers: auth() });
    expect(broken.status).toBe(503);
    expect(broken.body.message).toContain('territories.csv does not exist');
    // Server paths stay on the server.
    expect(broken.text).not.toContain(folder);
  });

  it('a platform database that cannot be reached fails the pull with 503, naming neither its host and port nor its user', async () => {
    await addPlatformConnection(pool, user.account, 'unreachable', {
      kind: 'postgres',
      settings: { url: 'postgres://fleet_secret_user:pw@127.0.0.1:9/fleet', schema: 'fleet' },
    });
    const started = await postJson(
      `${stack.baseUrl}/v1/platform/pull`,
      { connection: 'unreachable', territory: 'condamine', date_range: dateRange },
      auth(),
    );
    expect(started.status).toBe(200);
    let status: { status?: string } = {};
    for (let i = 0; i < 120 && status.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 500));
      status = (await request(`${stack.baseUrl}/v1/tasks/${started.body.task_id}`, { headers: auth() })).body;
    }
    const result = await request(`${stack.baseUrl}/v1/tasks/${started.body.task_id}/result`, { headers: auth() });
    expect(result.status).toBe(503);
    expect(result.body).toMatchObject({
      error_code: 'service_unavailable_error',
      message: expect.stringContaining('refused the connection'),
    });
    expect(result.text).not.toMatch(/127\.0\.0\.1|:9\b|fleet_secret_user/);
  });
});
