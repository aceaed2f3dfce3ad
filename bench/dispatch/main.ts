import { straightLineProvider } from '../../geo/straight-line.js';
import { problemTravelTable } from '../../engine/evaluate/problem-travel.js';
import { assignmentRestrictions } from '../../engine/operations/assignment-restrictions.js';
import { runOperation } from '../../engine/operations/index.js';
import { insert } from '../../engine/operations/insert.js';
import { recommend } from '../../engine/operations/recommend.js';
import { seededRandom } from '../../engine/planning/search-budget.js';
import { resolveProblem } from '../../model/resolve.js';

const routeCount = 50;
const stopsPerRoute = 20;
const recommendRuns = 40;
const insertedJobs = 100;

const hhmm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

interface BenchProblem {
  jobs: Record<string, unknown>[];
  routes: Record<string, unknown>[];
}

/**
 * `placed` jobs around Seattle on 50 routes in index order (20 a route for 1,000), plus `extra`
 * jobs on no route, a third of all with a four-hour window, loads, a flexible lunch break; routes
 * 07:00–19:00 with room for the extra jobs.
 */
function benchProblem(placed: number, extra: number): BenchProblem {
  const random = seededRandom(2024);
  const jobs = Array.from({ length: placed + extra }, (_, i) => {
    const open = 420 + Math.floor(random() * 480);
    return {
      id: `job-${i}`,
      location: `${(47.45 + random() * 0.3).toFixed(5)}, ${(-122.45 + random() * 0.3).toFixed(5)}`,
      time_on_site: hhmm(3 + Math.floor(random() * 8)),
      ...(random() < 0.33 ? { time_window: { start: hhmm(open), end: hhmm(open + 240) } } : {}),
      loads: [{ metric: 'kg', amount: 1 + Math.floor(random() * 20) }],
    };
  });
  const perRoute = placed / routeCount;
  const routes = Array.from({ length: routeCount }, (_, r) => ({
    id: `route-${r}`,
    location: '47.6062, -122.3321',
    start_time: '07:00',
    end_time: '19:00',
    breaks: [{ id: `lunch-${r}`, earliest_start: '11:30', latest_start: '13:30', length: '00:30' }],
    load_capacities: [{ metric: 'kg', amount: 1000 }],
    jobs: jobs.slice(r * perRoute, (r + 1) * perRoute).map((job) => job.id),
  }));
  return { jobs, routes };
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (value: number): string => `${value.toFixed(1)} ms`;

function latencies(label: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(
    `${label}: p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, max ${ms(sorted.at(-1)!)} (${samples.length} runs)`,
  );
}

async function recommendBench(): Promise<void> {
  const base = benchProblem(routeCount * stopsPerRoute, recommendRuns);
  const engineOnly: number[] = [];
  const whole: number[] = [];
  let options = 0;
  for (let i = 0; i < recommendRuns; i++) {
    const body = { ...base, job: `job-${routeCount * stopsPerRoute + i}`, max_results: 10 };
    let started = performance.now();
    await runOperation('recommend', body, {}, straightLineProvider, () => undefined);
    whole.push(performance.now() - started);
    const problem = resolveProblem(body, 'recommend');
    const travel = await problemTravelTable(problem, straightLineProvider);
    started = performance.now();
    const response = await recommend(problem, travel, () => undefined);
    engineOnly.push(performance.now() - started);
    options += response.recommend_options.length;
  }
  console.log(
    `recommend: one job into ${routeCount} routes × ${stopsPerRoute} stops (${routeCount * (stopsPerRoute + 1)} positions), max_results 10, ${(options / recommendRuns).toFixed(1)} options on average`,
  );
  latencies('  ranking and evaluating (engine, travel table given)', engineOnly);
  latencies('  whole operation (resolve, straight-line travel table, shaping)', whole);
}

async function insertBench(placed: number, toInsert: number): Promise<void> {
  const base = benchProblem(placed, toInsert);
  const ids = base.jobs.slice(placed).map((job) => job.id as string);
  const body = { ...base, jobs_to_insert: ids };
  const problem = resolveProblem(body, 'insert');
  const travel = await problemTravelTable(problem, straightLineProvider);
  const started = performance.now();
  const response = await insert(problem, travel, () => undefined);
  const engine = performance.now() - started;
  const wholeStarted = performance.now();
  await runOperation('insert', body, {}, straightLineProvider, () => undefined);
  const whole = performance.now() - wholeStarted;
  console.log(
    `insert: ${toInsert} jobs into a ${placed}-job plan on ${routeCount} routes: engine ${ms(engine)} (${ms(engine / toInsert)} a job), whole operation ${ms(whole)}; ${response.unrouted_jobs.length} unrouted`,
  );
}

async function restrictionsBench(): Promise<void> {
  const body = benchProblem(routeCount * stopsPerRoute, 0);
  const problem = resolveProblem(body, 'assignment_restrictions');
  const travel = await problemTravelTable(problem, straightLineProvider);
  const started = performance.now();
  const response = await assignmentRestrictions(problem, travel, () => undefined);
  console.log(
    `assignment_restrictions: ${problem.jobs.length} jobs × ${routeCount} routes: engine ${ms(performance.now() - started)}; ${response.jobs.length} jobs restricted`,
  );
}

await recommendBench();
await insertBench(routeCount * stopsPerRoute, insertedJobs);
await insertBench(routeCount * stopsPerRoute, 1000);
await restrictionsBench();
