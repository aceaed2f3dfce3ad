import { compileProblem } from '../../../engine/compile/compile-problem.js';
import { problemTravelTable } from '../../../engine/evaluate/problem-travel.js';
import { RouteModel } from '../../../engine/core/route-model.js';
import { MoveEvaluator } from '../../../engine/core/search/move-evaluator.js';
import { centroidPull, centroidPullCost } from '../../../engine/evaluate/centroid-pull.js';
import { straightLineProvider } from '../../../geo/straight-line.js';
import { resolveProblem } from '../../../model/resolve.js';
import { jobsByRoute, operate } from '../operations/operation-results.js';

const WEST = -122.45;
const EAST = -122.15;
const town = (prefix: string, count: number, lon: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: `${prefix}${i}`,
    location: `${(47.6 + (i % 3) * 0.003).toFixed(4)}, ${(lon + Math.floor(i / 3) * 0.003).toFixed(4)}`,
  }));

/**
 * Two drivers leave one depot halfway between two towns. With the east driver's centroid in the
 * west and the west one's in the east, only the pull can make each route serve the far town.
 */
function crossedProblem(settings: Record<string, unknown>) {
  return {
    drivers: [
      { id: 'a', centroid: `47.6, ${WEST}` },
      { id: 'b', centroid: `47.6, ${EAST}` },
    ],
    routes: [
      { id: 'ra', driver: 'a', location: '47.6, -122.3', load_capacity: 6 },
      { id: 'rb', driver: 'b', location: '47.6, -122.3', load_capacity: 6 },
    ],
    jobs: [...town('w', 6, WEST), ...town('e', 6, EAST)].map((job) => ({ ...job, load: 1 })),
    settings: { time_limit: '00:00:02', ...settings },
  };
}

describe('the driver-centroid pull in build and the evaluator', () => {
  test('build follows driver centroids (clustering automatic and centroid), and prices the pull into internal_cost', async () => {
    for (const clustering of [undefined, 'centroid']) {
      const body = crossedProblem(clustering === undefined ? {} : { clustering });
      const result = await operate('build', body);
      const routes = jobsByRoute(result);
      expect(routes.get('ra')!.every((id) => id.startsWith('w'))).toBe(true);
      expect(routes.get('rb')!.every((id) => id.startsWith('e'))).toBe(true);
      const problem = resolveProblem(body, 'build');
      for (const route of result.routes) {
        const pull = centroidPull(problem, problem.routesById.get(route.id)!)!;
        const expected = routes
          .get(route.id)!
          .reduce((sum, id) => sum + centroidPullCost(pull, problem.jobsById.get(id)!.location!.location), 0);
        expect(route.internal_cost - route.cost).toBeCloseTo(expected, 6);
      }
    }
  });

  test("optimize moves jobs into their drivers' territories", async () => {
    const body = crossedProblem({});
    const crossed = body.routes.map((route, r) => ({
      ...route,
      jobs: body.jobs.filter((job) => job.id.startsWith(r === 0 ? 'e' : 'w')).map((job) => job.id),
    }));
    const result = await operate('optimize', { ...body, routes: crossed });
    const routes = jobsByRoute(result);
    expect([...routes.get('ra')!].sort()).toEqual(['w0', 'w1', 'w2', 'w3', 'w4', 'w5']);
    expect([...routes.get('rb')!].sort()).toEqual(['e0', 'e1', 'e2', 'e3', 'e4', 'e5']);
  });

  test('natural clustering ignores centroids: no pull in the cost', async () => {
    const result = await operate('evaluate', {
      ...crossedProblem({ clustering: 'natural' }),
      routes: crossedProblem({}).routes.map((route, r) => ({ ...route, jobs: r === 0 ? ['e0'] : ['w0'] })),
    });
    for (const route of result.routes) expect(route.internal_cost).toBeCloseTo(route.cost, 9);
  });

  test('strength high pulls ten times harder than low', async () => {
    const routes = crossedProblem({}).routes.map((route, r) => ({ ...route, jobs: r === 0 ? ['e0', 'e1'] : ['w0'] }));
    const extra = async (centroid_strength: string) => {
      const result = await operate('evaluate', { ...crossedProblem({ centroid_strength }), routes });
      return result.routes.map((route) => route.internal_cost - route.cost);
    };
    const high = await extra('high');
    const low = await extra('low');
    high.forEach((value, r) => expect(value).toBeCloseTo(10 * low[r]!, 6));
    expect(high[0]).toBeGreaterThan(100);
  });

  test('the solver core prices the pull exactly as the evaluator: whole routes from segment sums', async () => {
    const body = crossedProblem({});
    const problem = resolveProblem(body, 'build');
    const travel = await problemTravelTable(problem, straightLineProvider);
    const jobs = problem.jobs.map((_, j) => j);
    const pulled = compileProblem(problem, travel, problem.routes, jobs);
    const plain = compileProblem(resolveProblem({ ...body, settings: { clustering: 'natural' } }, 'build'), travel, problem.routes, jobs);
    expect(pulled.instance.pull).toBeDefined();
    expect(plain.instance.pull).toBeUndefined();
    // A pull sets a route apart; without it the two equal routes are one vehicle type of two.
    expect(pulled.instance.vehicleTypeCount).toBe(2);
    expect(Array.from(plain.instance.vehicleCount)).toEqual([2]);
    const withPull = new MoveEvaluator(new RouteModel(pulled.instance));
    const without = new MoveEvaluator(new RouteModel(plain.instance));
    const cases: [number, number[]][] = [
      [0, [0, 5, 7, 11]],
      [1, [2, 3, 9]],
      [1, [10]],
    ];
    for (const [type, order] of cases) {
      const sequence = Int32Array.from(order);
      const route = problem.routes[type]!;
      const expected = order.reduce(
        (sum, node) => sum + centroidPullCost(centroidPull(problem, route)!, problem.jobs[pulled.jobs[node]!]!.location!.location),
        0,
      );
      expect(withPull.sequenceCost(type, sequence, sequence.length) - without.sequenceCost(0, sequence, sequence.length)).toBeCloseTo(
        expected,
        6,
      );
    }
  });
});
