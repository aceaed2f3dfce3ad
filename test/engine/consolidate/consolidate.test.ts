import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expandPlan } from '../../../engine/consolidate/expand.js';
import { runOperation } from '../../../engine/operations/index.js';
import { importOsm } from '../../../geo/road/import.js';
import { readRoadGraph } from '../../../geo/road/road-graph.js';
import { createRoadProvider } from '../../../geo/road/road-provider.js';
import { straightLineProvider } from '../../../geo/straight-line.js';
import type { TravelProvider } from '../../../geo/travel.js';
import { validateRequest } from '../../../model/index.js';
import type { ConsolidateResponse } from '../../../model/types/consolidate.js';
import type { ProblemResponse } from '../../../model/types/responses.js';
import { corner, onMain, onNorth, writeStreetTown } from './street-town.js';

type Rule = 'consolidate_by_job_restrictions' | 'consolidate_by_route_assignments';
type JobJson = Record<string, unknown> & { id: string };

let folder: string;
let road: TravelProvider;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'wayplan-consolidate-'));
  importOsm(writeStreetTown(folder), join(folder, 'town.wpgraph'));
  road = createRoadProvider(readRoadGraph(join(folder, 'town.wpgraph')));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function consolidate(rule: Rule, body: Record<string, unknown>, provider: TravelProvider = road): Promise<ConsolidateResponse> {
  expect(validateRequest(body, rule)).toEqual([]);
  return (await runOperation(rule, body, {}, provider, () => undefined)) as ConsolidateResponse;
}

/** Every original id the response stands for: unmerged jobs plus the originals of each linked job. */
function originalIds(response: ConsolidateResponse): string[] {
  const linked = new Map(response.consolidated_jobs.map((entry) => [entry.job, entry.jobs]));
  return response.jobs.flatMap((job) => linked.get(job.id) ?? [job.id]);
}

const mainJobs = (count: number, extra: Record<string, unknown> = {}): JobJson[] =>
  Array.from({ length: count }, (_, k) => ({ id: `m${k + 1}`, location: onMain(Number((20.0005 + 0.001 * k).toFixed(4))), ...extra }));

describe('consolidation along streets', () => {
  it('merges the jobs along a street into one linked job, in driving order, summing time on site and loads', async () => {
    const jobs = mainJobs(6, { time_on_site: '00:01:00', load: 1 }).reverse();
    const response = await consolidate('consolidate_by_job_restrictions', { jobs });
    expect(response.consolidated_jobs).toEqual([{ job: 'm1..m6', jobs: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'] }]);
    expect(response.jobs).toEqual([
      { id: 'm1..m6', location: onMain(20.0005), exit_location: onMain(20.0055), time_on_site: '00:06:00', load: 6 },
    ]);
  });

  it('follows a one-way street in its own direction', async () => {
    const lons = [20.001, 20.002, 20.004, 20.005];
    const jobs = lons.map((lon, k) => ({ id: `n${k + 1}`, location: onNorth(lon) }));
    const response = await consolidate('consolidate_by_job_restrictions', { jobs });
    expect(response.consolidated_jobs.map((entry) => entry.jobs)).toEqual([['n4', 'n3', 'n2', 'n1']]);
    expect(response.jobs[0]).toMatchObject({ location: onNorth(20.005), exit_location: onNorth(20.001) });
  });

  it('does not merge by job restrictions two jobs that differ only in forbidden_drivers', async () => {
    const drivers = [{ id: 'd1' }, { id: 'd2' }];
    const differing = await consolidate('consolidate_by_job_restrictions', {
      drivers,
      jobs: [{ ...mainJobs(2)[0]!, forbidden_drivers: ['d1'] }, mainJobs(2)[1]!],
    });
    expect(differing.consolidated_jobs).toEqual([]);
    expect(differing.jobs.map((job) => job.id)).toEqual(['m1', 'm2']);
    const same = await consolidate('consolidate_by_job_restrictions', { drivers, jobs: mainJobs(2, { forbidden_drivers: ['d1'] }) });
    expect(same.consolidated_jobs.map((entry) => entry.jobs)).toEqual([['m1', 'm2']]);
    expect(same.jobs[0]).toMatchObject({ forbidden_drivers: ['d1'] });
  });

  it('merges by route assignments the jobs that exactly the same routes and vehicles can serve', async () => {
    const fleet = {
      drivers: [{ id: 'd1' }, { id: 'd2' }, { id: 'd3' }],
      vehicles: [{ id: 'v1', attributes: ['lift'] }, { id: 'v2' }],
      routes: [
        { id: 'r1', driver: 'd2', vehicle: 'v1', location: corner },
        { id: 'r2', driver: 'd3', vehicle: 'v1', location: corner },
      ],
    };
    const [a, b, c, d] = mainJobs(4);
    // d1 drives no route: forbidding it changes no route's eligibility; forbidding d2 does.
    const jobs = [
      { ...a!, forbidden_drivers: ['d1'] },
      b!,
      { ...c!, forbidden_drivers: ['d2'] },
      { ...d!, required_vehicle_attributes: ['lift'] },
    ];
    const byRoutes = await consolidate('consolidate_by_route_assignments', { ...fleet, jobs });
    expect(byRoutes.consolidated_jobs.map((entry) => entry.jobs)).toEqual([['m1', 'm2']]);
    const byRestrictions = await consolidate('consolidate_by_job_restrictions', { ...fleet, jobs });
    expect(byRestrictions.consolidated_jobs).toEqual([]);
  });

  it('keeps every original job exactly once and leaves linked jobs and jobs on routes alone', async () => {
    const jobs: JobJson[] = [
      ...mainJobs(6, { time_on_site: '00:02:00' }).map((job, k) => (k === 2 ? { ...job, required_driver_attributes: ['x'] } : job)),
      ...[20.001, 20.002, 20.004, 20.005].map((lon, k) => ({
        id: `n${k + 1}`,
        location: onNorth(lon),
        ...(k === 1 ? { exit_location: onMain(20.001) } : {}),
      })),
      { id: 'far', location: '10.5, 20.5' },
    ];
    const body = { jobs, routes: [{ id: 'r1', location: corner, jobs: ['m6'] }] };
    const response = await consolidate('consolidate_by_job_restrictions', body);
    const ids = originalIds(response);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(jobs.map((job) => job.id).sort());
    expect(response.consolidated_jobs.map((entry) => entry.jobs)).toEqual([
      ['m1', 'm2'],
      ['m4', 'm5'],
      ['n4', 'n3'],
    ]);
    expect(response.straight_line_fallback_locations).toEqual(['10.5,20.5']);
  });

  it('keeps each linked job within the largest route capacity', async () => {
    const body = {
      jobs: mainJobs(5, { load: 4 }),
      routes: [
        { id: 'r1', location: corner, load_capacity: 10 },
        { id: 'r2', location: corner, load_capacity: 8 },
      ],
    };
    const response = await consolidate('consolidate_by_job_restrictions', body);
    expect(response.consolidated_jobs.map((entry) => entry.jobs)).toEqual([
      ['m1', 'm2'],
      ['m3', 'm4'],
    ]);
    expect(response.jobs.map((job) => job.load)).toEqual([8, 8, 4]);
  });

  it('merges nothing without a road network and lists every location as unplaced', async () => {
    const jobs = mainJobs(4);
    const response = await consolidate('consolidate_by_job_restrictions', { jobs }, straightLineProvider);
    expect(response.consolidated_jobs).toEqual([]);
    expect(response.jobs).toEqual(jobs);
    expect(response.straight_line_fallback_locations).toEqual(jobs.map((job) => String(job.location).replace(', ', ',')));
  });

  it('answers the whole problem with return_request', async () => {
    const response = (await consolidate('consolidate_by_job_restrictions', {
      return_request: true,
      jobs: mainJobs(3),
      routes: [{ id: 'r1', location: corner }],
    })) as unknown as Record<string, unknown>;
    expect(response).toMatchObject({
      return_request: true,
      routes: [{ id: 'r1', location: corner }],
      consolidated_jobs: [{ job: 'm1..m3' }],
    });
    expect(validateRequest(response, 'build')).toEqual([]);
  });

  it('narrows the shared time window so that a linked job on time keeps its originals on time, and expands back to the originals', async () => {
    const original = {
      jobs: mainJobs(6, { time_on_site: '00:03:00', time_window: { start: '08:00', end: '08:12' } }),
      routes: [{ id: 'r1', location: corner, start_time: '07:55' }],
    };
    const response = await consolidate('consolidate_by_job_restrictions', original);
    expect(response.consolidated_jobs.map((entry) => entry.jobs)).toEqual([
      ['m1', 'm2', 'm3', 'm4'],
      ['m5', 'm6'],
    ]);
    for (const job of response.jobs) {
      const window = job.time_window as { start: string; end: string };
      expect(window.start).toBe('08:00:00');
      expect(window.end < '08:12:00').toBe(true);
    }
    const order = response.jobs.map((job) => job.id);
    const linked = (await runOperation(
      'evaluate',
      { jobs: response.jobs, routes: [{ ...original.routes[0]!, jobs: order }] },
      {},
      road,
      () => undefined,
    )) as ProblemResponse;
    const expanded = expandPlan(original, { routes: [{ id: 'r1', jobs: order }] }, response.consolidated_jobs);
    const served = (await runOperation('evaluate', expanded, {}, road, () => undefined)) as ProblemResponse;
    const jobStops = (plan: ProblemResponse) => plan.routes[0]!.stops!.filter((stop) => stop.type === 'job');
    expect(jobStops(served).map((stop) => stop.job ?? stop.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    const originalsOf = new Map(response.consolidated_jobs.map((entry) => [entry.job, entry.jobs]));
    const late = (plan: ProblemResponse) =>
      jobStops(plan)
        .filter((stop) => stop.violations.length > 0)
        .map((stop) => stop.job ?? stop.id);
    expect(late(linked)).toEqual(['m5..m6']);
    expect(originalsOf.get('m5..m6')).toEqual(expect.arrayContaining(late(served)));
    expect(late(served).length).toBeGreaterThan(0);
    expect(Math.abs(served.routes[0]!.cost - linked.routes[0]!.cost)).toBeLessThan(0.01 * linked.routes[0]!.cost);
  });
});
