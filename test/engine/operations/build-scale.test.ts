import { seededRandom } from '../../support/problems.js';
import { hardViolations, jobsByRoute, operate } from './operation-results.js';
import { planningProblem } from './planning-problems.js';

/** `count` jobs of 20 s within ~2 km of the depot: three 10-hour routes can take nearly all of them, so routes get long. */
function denseProblem(
  count: number,
  timeLimit: string,
): {
  jobs: { id: string; location: string; time_on_site: string }[];
  routes: Record<string, unknown>[];
  settings: Record<string, unknown>;
} {
  const random = seededRandom(3);
  const jobs = Array.from({ length: count }, (_, i) => ({
    id: `job-${i}`,
    location: `${(47.6062 + (random() - 0.5) * 0.018).toFixed(5)}, ${(-122.3321 + (random() - 0.5) * 0.024).toFixed(5)}`,
    time_on_site: '00:00:20',
  }));
  const routes = Array.from({ length: 3 }, (_, r) => ({
    id: `route-${r}`,
    location: '47.6062, -122.3321',
    start_time: '08:00',
    end_time: '18:00',
    jobs: [],
  }));
  return { jobs, routes, settings: { time_limit: timeLimit } };
}

/** The build's routes re-evaluated from scratch: what the evaluator says about them, whatever build reported. */
async function reevaluated(
  body: { jobs: unknown[]; routes: Record<string, unknown>[] },
  planned: Map<string, string[]>,
): Promise<string[]> {
  const evaluated = await operate('evaluate', {
    jobs: body.jobs,
    routes: body.routes.map((route) => ({ ...route, jobs: planned.get(route.id as string) ?? [] })),
  });
  return hardViolations(evaluated);
}

/** Every job of the request exactly once: on a route or unrouted. */
function accountedFor(body: { jobs: { id: string }[] }, result: Awaited<ReturnType<typeof operate>>): void {
  const routed = [...jobsByRoute(result).values()].flat();
  expect([...routed, ...result.unrouted_jobs.map((job) => job.id)].sort()).toEqual(body.jobs.map((job) => job.id).sort());
}

// Work counts, not clocks: the time limits here are either far out of reach (the run ends on its
// iteration budget, whatever the machine's speed) or already spent when the build starts (the
// deadline fallbacks run, deterministically).
describe('build at scale', () => {
  // The full regret construction is quadratic in the jobs (minutes for 1,500 in jest on a loaded machine); 500 keep the routes long.
  test('a 500-job build on 3 long routes: the full construction and a short search route every job, with no hard violation', async () => {
    const body = denseProblem(500, '01:00:00');
    const result = await operate('build', body, { maxIterations: 20 });
    accountedFor(body, result);
    // 500 stops of 20 s and their short drives fit easily in three 10-hour days.
    expect(result.unrouted_jobs).toEqual([]);
    expect(hardViolations(result)).toEqual([]);
    expect(await reevaluated(body, jobsByRoute(result))).toEqual([]);
  }, 300_000);

  test('a 1,500-job build whose time limit is spent before it starts still answers a valid plan: the cheap construction fallback, no search', async () => {
    const body = denseProblem(1500, '00:00:00');
    const result = await operate('build', body);
    accountedFor(body, result);
    const planned = jobsByRoute(result);
    // The cheap insertion still places the jobs next to their nearest placed neighbours.
    expect([...planned.values()].flat().length).toBeGreaterThan(750);
    expect(hardViolations(result)).toEqual([]);
    expect(await reevaluated(body, planned)).toEqual([]);
  }, 300_000);

  test('a 1,000-job build on 3 routes that can take few of them gives every unrouted job its reasons', async () => {
    const body = planningProblem({ jobs: 1000, routesPerDay: 3, windows: true, settings: { time_limit: '01:00:00' } });
    const result = await operate('build', body, { maxIterations: 20 });
    accountedFor(body, result);
    expect(result.unrouted_jobs.length).toBeGreaterThan(500);
    for (const job of result.unrouted_jobs) expect(job.reasons?.length).toBeGreaterThan(0);
    expect(await reevaluated(body, jobsByRoute(result))).toEqual([]);
  }, 300_000);

  test('the same 1,000 jobs with the time limit already spent: every unrouted job still has its reasons', async () => {
    const body = planningProblem({ jobs: 1000, routesPerDay: 3, windows: true, settings: { time_limit: '00:00:00' } });
    const result = await operate('build', body);
    accountedFor(body, result);
    // Each job's rules and its nearest probe are done whatever the clock says.
    for (const job of result.unrouted_jobs) expect(job.reasons?.length).toBeGreaterThan(0);
    expect(await reevaluated(body, jobsByRoute(result))).toEqual([]);
  }, 300_000);
});
