import { runOperation } from '../../engine/operations/index.js';
import type { OperationProgress } from '../../engine/progress.js';
import { straightLineProvider } from '../../geo/straight-line.js';
import { seededRandom } from '../../engine/planning/search-budget.js';
import type { ProblemResponse } from '../../model/types/responses.js';
import { benchOptions } from '../support/options.js';

// How build's wall time, cost and memory follow the job count: a synthetic problem of --jobs N
// (1000) jobs scattered over ~20 km around Seattle, --routes R (3) routes per day from one depot
// (08:00–18:00), straight-line travel, --limit S (5) seconds, --service S (300) seconds on site,
// --spread F (1) to scale the area; --windows adds a two-hour window to a share --window-share W
// (1) of the jobs. The multi-day form: --days D (1) dated days (R routes each) and every job
// allowed on one to three of them (allowed_dates); --capacities gives jobs loads of 1–20 and
// routes a capacity of --capacity C (400). --threads T (1) parallel searches.
// The defaults leave most jobs unrouted; `--service 20 --spread 0.1` makes long routes that take
// nearly all. A large fleet's week: `--jobs 10000 --routes 50 --days 5 --windows
// --window-share 0.5 --capacities --limit 600`.
// Prints the wall time against the limit, the routed/unrouted counts (and how many unrouted jobs
// got no reasons in time), the cost, the time of the first searched (feasible) plan, the peak
// resident memory, and the violations the evaluator finds when it re-evaluates the routes.

const options = benchOptions(
  { jobs: 1000, routes: 3, days: 1, limit: 5, service: 300, spread: 1, threads: 1, 'window-share': 1, capacity: 400 },
  { flags: ['windows', 'capacities'], fractional: ['limit', 'service', 'spread', 'window-share'] },
);
const { jobs: jobCount, routes: routeCount, days, limit, service, spread, threads, windows, capacities, capacity } = options;
const windowShare = options['window-share'];
const clock = (seconds: number): string =>
  [seconds / 3600, (seconds % 3600) / 60, seconds % 60].map((part) => String(Math.floor(part)).padStart(2, '0')).join(':');
const dateOf = (day: number): string => `2024-03-${String(4 + day).padStart(2, '0')}`;

const random = seededRandom(7);
const jobs = Array.from({ length: jobCount }, (_, i) => {
  const start = 480 + Math.floor(random() * 8) * 60;
  const windowed = windows && random() < windowShare;
  const firstDay = Math.floor(random() * days);
  const allowed = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, k) => firstDay + k).filter((day) => day < days);
  return {
    id: `job-${i}`,
    location: `${(47.61 + (random() - 0.5) * 0.18 * spread).toFixed(5)}, ${(-122.3 + (random() - 0.5) * 0.24 * spread).toFixed(5)}`,
    time_on_site: clock(service),
    ...(windowed ? { time_window: { start: clock(start * 60), end: clock((start + 120) * 60) } } : {}),
    ...(days > 1 ? { allowed_dates: allowed.map(dateOf) } : {}),
    ...(capacities ? { load: 1 + Math.floor(random() * 20) } : {}),
  };
});
const routes = Array.from({ length: days }, (_, day) =>
  Array.from({ length: routeCount }, (_, r) => ({
    id: `route-${day}-${r}`,
    location: '47.6062, -122.3321',
    start_time: '08:00',
    end_time: '18:00',
    ...(days > 1 ? { date: dateOf(day) } : {}),
    ...(capacities ? { load_capacity: capacity } : {}),
  })),
).flat();
const settings = { time_limit: clock(limit) };

let firstSearched: number | undefined;
const onProgress = (progress: OperationProgress): void => {
  if (firstSearched === undefined && progress.best_cost !== undefined) firstSearched = progress.elapsed_seconds;
};
const started = performance.now();
const built = (await runOperation('build', { jobs, routes, settings }, {}, straightLineProvider, onProgress, {
  threads,
})) as ProblemResponse;
const seconds = (performance.now() - started) / 1000;
const peakMb = process.resourceUsage().maxRSS / 1024;
const planned = new Map(
  built.routes.map((route) => [route.id, (route.stops ?? []).filter((stop) => stop.type === 'job').map((stop) => stop.id)]),
);
const evaluated = (await runOperation(
  'evaluate',
  { jobs, routes: routes.map((route) => ({ ...route, jobs: planned.get(route.id) ?? [] })) },
  {},
  straightLineProvider,
  () => undefined,
)) as ProblemResponse;
const hard = evaluated.routes.reduce(
  (sum, route) => sum + route.violations.length + (route.stops ?? []).reduce((s, stop) => s + stop.violations.length, 0),
  0,
);
const cost = built.routes.reduce((sum, route) => sum + route.cost, 0);
console.log(
  `${jobCount} jobs, ${routeCount * days} routes${days > 1 ? ` over ${days} days` : ''}${windows ? `, windows on ${Math.round(windowShare * 100)} %` : ''}${capacities ? ', capacities' : ''}, ` +
    `${threads} thread(s), time limit ${limit} s: ${seconds.toFixed(1)} s wall, first searched plan at ${firstSearched?.toFixed(1) ?? '—'} s, peak memory ${peakMb.toFixed(0)} MB, ` +
    `${jobCount - built.unrouted_jobs.length} routed, ${built.unrouted_jobs.length} unrouted (${built.unrouted_jobs.filter((job) => (job.reasons ?? []).length === 0).length} without reasons), cost ${cost.toFixed(2)}, ${hard} violations on re-evaluation`,
);
