import { resolveProblem, resolveRequest } from '../../../model/resolve.js';
import { validateRequest } from '../../../model/validation/validate.js';
import { problemAggregates } from '../../../model/problem-aggregates.js';
import { shapeResult } from '../../../engine/operations/result-shape.js';
import { evaluateOnGrid } from './grid-provider.js';

const body = {
  custom: { request: 'r-1' },
  depots: [{ id: 'hub', location: '0, 0', custom: { dock: '4' } }],
  drivers: [{ id: 'd' }],
  jobs: [
    { id: 'b', location: '0, 0.02', custom: {}, load: 2 },
    { id: 'spare', location: '0, 0.5' },
  ],
  routes: [
    {
      id: 'r1',
      name: 'North',
      depot: 'hub',
      driver: 'd',
      start_time: '08:00',
      custom: { shift: 'am' },
      jobs: [{ id: 'a', location: '0, 0.01', custom: { ref: 'A' }, load: 3 }, 'b'],
    },
    { id: 'r2', location: '0, 0', jobs: [] },
  ],
};

describe('responses', () => {
  test('custom is echoed on the problem, routes, job and depot stops; {} stays {}; absent stays absent', async () => {
    const result = await evaluateOnGrid({
      ...body,
      jobs: [...body.jobs, { id: 'plain', location: '0, 0.03' }],
      routes: [{ ...body.routes[0]!, jobs: [...body.routes[0]!.jobs, 'plain'] }],
    });
    expect(result.custom).toEqual({ request: 'r-1' });
    const route = result.routes[0]!;
    expect(route).toMatchObject({ id: 'r1', name: 'North', custom: { shift: 'am' } });
    expect(route.stops!.map((s) => [s.id, s.custom])).toEqual([
      ['hub', { dock: '4' }],
      ['a', { ref: 'A' }],
      ['b', {}],
      ['plain', undefined],
      ['hub', { dock: '4' }],
    ]);
    expect(route.stops!.find((s) => s.id === 'plain')).not.toHaveProperty('custom');
  });

  test('undated routes give arrival_time; unrouted are the top-level jobs on no route', async () => {
    const result = await evaluateOnGrid(body);
    expect(result.routes[0]!.stops![1]).toHaveProperty('arrival_time', '08:01:00');
    expect(result.routes[0]!.stops![1]).not.toHaveProperty('arrival_datetime');
    expect(result.routes[0]).not.toHaveProperty('planned_start_date_time');
    expect(result.unrouted_jobs).toEqual([{ id: 'spare' }]);
  });

  test('problem_aggregates add up the routes', async () => {
    const result = await evaluateOnGrid(body);
    const aggregates = problemAggregates(resolveProblem(body, 'evaluate'), result.routes, result.unrouted_jobs.length);
    // r1: 1 + 1 + 2 km, 4 minutes; r2 is empty.
    expect(aggregates).toEqual({
      load: 5,
      num_assigned_jobs: 2,
      num_unassigned_jobs: 1,
      num_drivers_used: 1,
      num_routes: 2,
      num_violations: 0,
      total_cost: result.routes[0]!.cost,
      total_internal_cost: result.routes[0]!.internal_cost,
      total_distance_meters: 4000,
      total_driving_time: '00:04:00',
      total_working_time: '00:04:00',
    });
  });

  test('return_request: the whole problem comes back with inline jobs moved up and the calculated values merged in', async () => {
    const request = { ...body, return_request: true };
    const { canonical, problem } = resolveRequest(request, 'evaluate');
    const response = await evaluateOnGrid(request);
    const full = shapeResult(canonical, problem, response, { aggregate: false }) as Record<string, any>;
    expect(full.jobs.map((j: { id: string }) => j.id)).toEqual(['b', 'spare', 'a']);
    const route = full.routes[0];
    expect(route.jobs).toEqual(['a', 'b']);
    expect(route.response).toEqual({ ...response.routes[0], stops: undefined });
    expect(route.response).not.toHaveProperty('stops');
    expect(route.stops[0]).toMatchObject({ id: 'hub', type: 'depot', depot: 'hub', arrival_time: '08:00:00' });
    expect(route.stops[1]).toMatchObject({ id: 'a', type: 'job', job: 'a' });
    expect(full.unrouted_jobs).toEqual([{ id: 'spare' }]);
    expect(full.custom).toEqual({ request: 'r-1' });
  });

  test('return_request echoes route dates as YYYY-MM-DDT00:00:00 and latlons and timespans in their wire form, and is a valid request again', async () => {
    const request = {
      ...body,
      return_request: true,
      routes: [
        { ...body.routes[0]!, date: '2017-4-11' },
        { ...body.routes[1]!, date: '2017-04-11' },
      ],
    };
    const response = await evaluateOnGrid(request);
    const { canonical, problem } = resolveRequest(request, 'evaluate');
    const full = shapeResult(canonical, problem, response, { aggregate: false }) as Record<string, any>;
    expect(full.routes.map((r: { date: string }) => r.date)).toEqual(['2017-04-11T00:00:00', '2017-04-11T00:00:00']);
    expect(full.routes[0].start_time).toBe('08:00:00');
    expect(full.routes[1].location).toBe('0,0');
    expect(full.depots[0].location).toBe('0,0');
    expect(full.jobs.map((j: { location: string }) => j.location)).toEqual(['0,0.02', '0,0.5', '0,0.01']);
    expect(validateRequest(full, 'evaluate')).toEqual([]);
    expect((await evaluateOnGrid(full)).routes).toEqual(response.routes);
  });

  test('a return_request answer is a valid request again, and evaluates to the same routes', async () => {
    const request = {
      ...body,
      return_request: true,
      routes: [{ ...body.routes[0]!, breaks: [{ id: 'tea', start: '08:01', length: '00:05' }] }, body.routes[1]!],
    };
    const response = await evaluateOnGrid(request);
    const { canonical, problem } = resolveRequest(request, 'evaluate');
    const full = shapeResult(canonical, problem, response, { aggregate: false }) as Record<string, any>;
    expect(full.routes[0].stops.find((s: { type: string }) => s.type === 'break')).toMatchObject({ id: 'tea', break: 'tea' });
    expect(validateRequest(full, 'evaluate')).toEqual([]);
    expect(await evaluateOnGrid(full)).toEqual(response);
    const withoutJobs = { ...full, routes: full.routes.map(({ jobs: _jobs, ...route }: Record<string, unknown>) => route) };
    expect((await evaluateOnGrid(withoutJobs)).routes).toEqual(response.routes);
  });
});
