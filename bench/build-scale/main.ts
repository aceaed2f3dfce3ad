import { runOperation } from '../../engine/operations/index.js';
import { straightLineProvider } from '../../geo/straight-line.js';
import { seededRandom } from '../../engine/operations/search-budget.js';
import type { ProblemResponse } from '../../model/types/responses.js';

// How build's wall time follows its time limit as the job count grows: a synthetic problem of
// --jobs N (1000) jobs scattered over ~20 km around Seattle, --routes R (3) routes from one depot
// (08:00–18:00), straight-line travel, --limit S (5) seconds, --service S (300) seconds on site,
// --spread F (1) to scale the area; --windows adds a two-hour window to every job. The defaults
// leave most jobs unrouted; `--service 20 --spread 0.1` makes long routes that take nearly all.
// Prints the wall time against the limit, the routed/unrouted counts (and how many unrouted jobs
// got no reasons in time) and the violations the evaluator finds when it re-evaluates the routes.

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

const jobCount = option('jobs', 1000);
const routeCount = option('routes', 3);
const limit = option('limit', 5);
const service = option('service', 300);
const spread = option('spread', 1);
const windows = process.argv.includes('--windows');
const clock = (seconds: number): string => [seconds / 3600, (seconds % 3600) / 60, seconds % 60].map((part) => String(Math.floor(part)).padStart(2, '0')).join(':');

const random = seededRandom(7);
const jobs = Array.from({ length: jobCount }, (_, i) => {
  const start = 480 + Math.floor(random() * 8) * 60;
  return {
    id: `job-${i}`,
    location: `${(47.61 + (random() - 0.5) * 0.18 * spread).toFixed(5)}, ${(-122.3 + (random() - 0.5) * 0.24 * spread).toFixed(5)}`,
    time_on_site: clock(service),
    ...(windows ? { time_window: { start: clock(start * 60), end: clock((start + 120) * 60) } } : {}),
  };
});
const routes = Array.from({ length: routeCount }, (_, r) => ({ id: `route-${r}`, location: '47.6062, -122.3321', start_time: '08:00', end_time: '18:00' }));
const settings = { time_limit: clock(limit) };

const started = performance.now();
const built = (await runOperation('build', { jobs, routes, settings }, {}, straightLineProvider, () => undefined)) as ProblemResponse;
const seconds = (performance.now() - started) / 1000;
const planned = built.routes.map((route) => ({ id: route.id, jobs: (route.stops ?? []).filter((stop) => stop.type === 'job').map((stop) => stop.id) }));
const evaluated = (await runOperation('evaluate', { jobs, routes: routes.map((route, r) => ({ ...route, jobs: planned[r]?.jobs ?? [] })) }, {}, straightLineProvider, () => undefined)) as ProblemResponse;
const hard = evaluated.routes.reduce((sum, route) => sum + route.violations.length + (route.stops ?? []).reduce((s, stop) => s + stop.violations.length, 0), 0);
const cost = built.routes.reduce((sum, route) => sum + route.cost, 0);
console.log(
  `${jobCount} jobs, ${routeCount} routes${windows ? ', windows' : ''}, time limit ${limit} s: ${seconds.toFixed(1)} s wall, ` +
    `${jobCount - built.unrouted_jobs.length} routed, ${built.unrouted_jobs.length} unrouted (${built.unrouted_jobs.filter((job) => (job.reasons ?? []).length === 0).length} without reasons), cost ${cost.toFixed(2)}, ${hard} violations on re-evaluation`,
);
