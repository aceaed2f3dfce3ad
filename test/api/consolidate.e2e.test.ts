import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expandPlan } from '../../engine/consolidate/expand.js';
import type { ConsolidateResponse } from '../../model/types/consolidate.js';
import type { ProblemResponse } from '../../model/types/responses.js';
import { corner, onMain, onNorth, writeStreetTown } from '../engine/consolidate/street-town.js';
import { postJsonWaiting } from '../support/http.js';
import { TestStack, type TestUser } from '../support/stack.js';

let folder: string;
let stack: TestStack;
let user: TestUser;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'wayplan-consolidate-e2e-'));
  stack = await TestStack.start({ WAYPLAN_MAP: writeStreetTown(folder, 'consolidate-e2e-town'), WAYPLAN_TRAVEL_PROVIDER: 'road' });
  user = await stack.createUser();
});
afterAll(async () => {
  await stack.stop();
  rmSync(folder, { recursive: true, force: true });
});

const post = (path: string, body: unknown) => postJsonWaiting(`${stack.baseUrl}${path}`, body, { authorization: user.basic });

const mainJobs = [20.0005, 20.0015, 20.0025, 20.0035].map((lon, k) => ({
  id: `m${k + 1}`,
  location: onMain(lon),
  time_on_site: '00:01:00',
}));
const northJobs = [20.001, 20.002, 20.004].map((lon, k) => ({ id: `n${k + 1}`, location: onNorth(lon), time_on_site: '00:01:00' }));
const fleet = {
  drivers: [{ id: 'd1' }, { id: 'd2' }],
  routes: [{ id: 'r1', driver: 'd2', location: corner, start_time: '08:00' }],
};

describe('POST /v1/consolidate_by_*', () => {
  test('by job restrictions (wait=1): jobs along each street merge in driving order, a differing forbidden_drivers stays apart', async () => {
    const jobs = [...mainJobs.slice(0, 3), { ...mainJobs[3]!, forbidden_drivers: ['d1'] }, ...northJobs];
    const response = await post('/v1/consolidate_by_job_restrictions?wait=1', { ...fleet, jobs });
    expect(response.status).toBe(200);
    const body = response.body as ConsolidateResponse;
    expect(body.consolidated_jobs).toEqual([
      { job: 'm1..m3', jobs: ['m1', 'm2', 'm3'] },
      { job: 'n3..n1', jobs: ['n3', 'n2', 'n1'] },
    ]);
    expect(body.jobs.map((job) => job.id)).toEqual(['m1..m3', 'm4', 'n3..n1']);
    expect(body.jobs[0]).toMatchObject({ location: onMain(20.0005), exit_location: onMain(20.0025), time_on_site: '00:03:00' });
  });

  test('by route assignments (wait=1), then build on the result and expand the plan back to the original jobs', async () => {
    const original = { ...fleet, jobs: [...mainJobs.slice(0, 3), { ...mainJobs[3]!, forbidden_drivers: ['d1'] }, ...northJobs] };
    const consolidated = await post('/v1/consolidate_by_route_assignments?wait=1', { ...original, return_request: true });
    expect(consolidated.status).toBe(200);
    const mapping = (consolidated.body as ConsolidateResponse).consolidated_jobs;
    expect(mapping.map((entry) => entry.jobs)).toEqual([
      ['m1', 'm2', 'm3', 'm4'],
      ['n3', 'n2', 'n1'],
    ]);

    const built = await post('/v1/build?wait=1', {
      ...(consolidated.body as object),
      return_request: false,
      settings: { time_limit: '00:00:02' },
    });
    expect(built.status).toBe(200);
    expect((built.body as ProblemResponse).unrouted_jobs).toEqual([]);
    const evaluated = await post('/v1/evaluate?wait=1', expandPlan(original, built.body as Record<string, unknown>, mapping));
    expect(evaluated.status).toBe(200);
    const stops = (evaluated.body as ProblemResponse).routes[0]!.stops!.filter((stop) => stop.type === 'job');
    expect(stops.map((stop) => stop.job ?? stop.id).sort()).toEqual(original.jobs.map((job) => job.id).sort());
    const m = stops.map((stop) => stop.job ?? stop.id).filter((id) => id.startsWith('m'));
    expect(m).toEqual(['m1', 'm2', 'm3', 'm4']);
    const arrivals = stops.map((stop) => stop.arrival_time!);
    expect([...arrivals].sort()).toEqual(arrivals);
  });

  test('bad input: by route assignments without routes, and a job without a location', async () => {
    const noRoutes = await post('/v1/consolidate_by_route_assignments?wait=1', { jobs: mainJobs });
    expect(noRoutes.status).toBe(400);
    expect(noRoutes.body).toMatchObject({ status_code: 400, error_code: 'validation_failed_error' });
    expect(noRoutes.body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ property: 'request.routes', code: 'required_property_missing_error' })]),
    );

    const noLocation = await post('/v1/consolidate_by_job_restrictions?wait=1', { jobs: [{ id: 'a' }] });
    expect(noLocation.status).toBe(400);
    expect(noLocation.body.errors.map((error: { property: string }) => error.property)).toContain('request.jobs[0].location');
  });
});
