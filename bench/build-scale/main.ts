import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { runOperation } from '../../engine/operations/index.js';
import type { OperationProgress } from '../../engine/progress.js';
import { straightLineProvider } from '../../geo/straight-line.js';
import { seededRandom } from '../../engine/planning/search-budget.js';
import { parseTimespan } from '../../model/formats/timespan.js';
import type { ProblemResponse } from '../../model/types/responses.js';
import { gridOrigin, gridSpacing } from '../../test/geo/support/street-grid.js';
import { benchOptions } from '../support/options.js';
import { gridExtractPath, roadGridProvider } from '../road/one-class-graph.js';
import { startBenchStack } from '../support/stack.js';
import { startOsrmStandin } from '../support/osrm-standin.js';
import { createOsrmProvider } from '../../geo/http/osrm.js';
import { ensurePeerEnvironment } from '../solver/peers.js';
import { peerPlan, SCALE_PEERS } from './peer-plan.js';

// How build's wall time, cost and memory follow the job count: a synthetic problem of --jobs N
// (1000) jobs scattered over ~20 km around Seattle, --routes R (3) routes per day from one depot
// (08:00–18:00), straight-line travel, --limit S (5) seconds, --service S (300) seconds on site,
// --spread F (1) to scale the area; --windows adds a two-hour window to a share --window-share W
// (1) of the jobs. The multi-day form: --days D (1) dated days (R routes each) and every job
// allowed on one to --date-span S (3) consecutive ones (allowed_dates), a share --any-date-share A
// (0) of them on every date instead; --capacities gives jobs loads of 1–20 and routes a capacity
// of --capacity C (400); --homes starts and ends each of a day's routes at a home of its own, drawn
// over the same area (route r of every day at the same one), instead of the depot. --threads T
// (1) parallel searches; --iterations I (0: the time limit decides) caps each search's
// iterations, for a quick look at memory and work; --road-grid N travels on the road network of an N
// × N street grid, the places drawn at the same spots of its square, without peers (in process the
// default class only, contracted once and kept under the temporary folder; with --http the
// service imports the grid's extract when it starts); --seed N (1) is the search's random_seed (the
// problem stays the same), for paired comparisons. --osrm-standin travels through an OSRM server's
// HTTP API instead (WAYPLAN_TRAVEL_PROVIDER osrm, in process as over HTTP), served by a stand-in in
// a process of its own (bench/support/osrm-standin.ts: straight-line figures rounded as OSRM rounds
// them, each block answered after --engine-delay D (1) ms), for what asking an engine costs.
// The defaults leave most jobs unrouted; `--service 20 --spread 0.1` makes long routes that take
// nearly all. A large fleet's week: `--jobs 10000 --routes 50 --days 5 --windows
// --window-share 0.5 --capacities --limit 600 --http --threads 2`.
// --http sends the build to POST /v1/build of a stack of its own (`wayplan infra`, one worker
// with straight-line travel and WAYPLAN_SOLVER_THREADS = --threads, one API) instead of running it
// in this process; the peak memory is then the worker process's (VmHWM), its CPU seconds beside.
// Prints the wall time against the limit, the routed/unrouted counts (and how many unrouted jobs
// got no reasons in time, and any job missing from both or routed twice), the cost, the time of
// the first searched (feasible) plan, the peak resident memory, the load average, and the
// violations the evaluator finds when it re-evaluates the routes (in this process).
// --vroom and --pyvrp then solve the same problem with those peers (peer-plan.ts), with the same
// time limit (VROOM with the same threads, PyVRP with one and the same seed), and print what the
// evaluator makes of their plans beside wayplan's. --distance-cost prices the routes' kilometres
// only (cost_per_hour 0): wayplan then minimises what VROOM does (travel time, proportional to
// distance on straight lines), and waiting is free for both. --required makes PyVRP route every
// job, for problems where every job can be (without --capacities): prizes for jobs left out let it
// trade a few of them for shorter routes.

const options = benchOptions(
  {
    jobs: 1000,
    routes: 3,
    days: 1,
    limit: 5,
    service: 300,
    spread: 1,
    threads: 1,
    'window-share': 1,
    capacity: 400,
    'date-span': 3,
    'any-date-share': 0,
    iterations: 0,
    seed: 1,
    'road-grid': 0,
    'engine-delay': 1,
  },
  {
    flags: ['windows', 'capacities', 'http', 'homes', 'distance-cost', 'required', 'osrm-standin', ...SCALE_PEERS],
    fractional: ['limit', 'service', 'spread', 'window-share', 'any-date-share'],
  },
);
const {
  jobs: jobCount,
  routes: routeCount,
  days,
  limit,
  service,
  spread,
  threads,
  windows,
  capacities,
  capacity,
  homes,
  iterations,
  seed,
} = options;
const windowShare = options['window-share'];
const dateSpan = options['date-span'];
const anyDateShare = options['any-date-share'];
const distanceCost = options['distance-cost'];
const roadGrid = options['road-grid'];
if (roadGrid > 0 && SCALE_PEERS.some((peer) => options[peer])) {
  process.stderr.write('--road-grid runs without peers (they travel on straight lines)\n');
  process.exit(2);
}
if (roadGrid > 0 && options['osrm-standin']) {
  process.stderr.write('--road-grid and --osrm-standin are two sources of travel: choose one\n');
  process.exit(2);
}
const standin = options['osrm-standin'] ? await startOsrmStandin(options['engine-delay']) : undefined;
const provider = standin ? createOsrmProvider(standin.url) : roadGrid > 0 ? roadGridProvider(roadGrid) : straightLineProvider;
/** The area places are drawn over (scaled by --spread): about Seattle, or the same share of the road grid's square. */
const area = { lat: 47.61, lon: -122.3, height: 0.18, width: 0.24 };
/** A place at `down` and `across` (each 0 to 1) of the area, as the problem's text has it. */
const placeText = (down: number, across: number): string => {
  if (roadGrid === 0) {
    const lat = area.lat + (down - 0.5) * area.height * spread;
    const lon = area.lon + (across - 0.5) * area.width * spread;
    return `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
  }
  const side = (roadGrid - 1) * gridSpacing;
  return `${(gridOrigin.lat + down * side).toFixed(6)}, ${(gridOrigin.lon + across * side).toFixed(6)}`;
};
const clock = (seconds: number): string =>
  [seconds / 3600, (seconds % 3600) / 60, seconds % 60].map((part) => String(Math.floor(part)).padStart(2, '0')).join(':');
const dateOf = (day: number): string => `2024-03-${String(4 + day).padStart(2, '0')}`;

const random = seededRandom(7);
const jobs = Array.from({ length: jobCount }, (_, i) => {
  const start = 480 + Math.floor(random() * 8) * 60;
  const windowed = windows && random() < windowShare;
  const firstDay = Math.floor(random() * days);
  const span = Array.from({ length: 1 + Math.floor(random() * dateSpan) }, (_, k) => firstDay + k).filter((day) => day < days);
  // Drawn only when asked for: without --any-date-share the problem is the one it always was.
  const allowed = anyDateShare > 0 && random() < anyDateShare ? Array.from({ length: days }, (_, day) => day) : span;
  return {
    id: `job-${i}`,
    location: placeText(random(), random()),
    time_on_site: clock(service),
    ...(windowed ? { time_window: { start: clock(start * 60), end: clock((start + 120) * 60) } } : {}),
    ...(days > 1 ? { allowed_dates: allowed.map(dateOf) } : {}),
    ...(capacities ? { load: 1 + Math.floor(random() * 20) } : {}),
  };
});
// Drawn from a source of their own, so the jobs are the same with and without --homes.
const homeRandom = seededRandom(11);
const homeOf = Array.from({ length: routeCount }, () =>
  homes
    ? placeText(homeRandom(), homeRandom())
    : placeText(0.5 + (47.6062 - area.lat) / (area.height * spread), 0.5 + (-122.3321 - area.lon) / (area.width * spread)),
);
const routes = Array.from({ length: days }, (_, day) =>
  Array.from({ length: routeCount }, (_, r) => ({
    id: `route-${day}-${r}`,
    location: homeOf[r]!,
    start_time: '08:00',
    end_time: '18:00',
    ...(days > 1 ? { date: dateOf(day) } : {}),
    ...(capacities ? { load_capacity: capacity } : {}),
    ...(distanceCost ? { cost_per_hour: 0 } : {}),
  })),
).flat();
const settings = { time_limit: clock(limit), random_seed: seed };

const viaHttp = options.http;
let firstSearched: number | undefined;
/** In process: per reported phase, when it was first seen and the most resident memory seen in it (MB). */
const stages = new Map<string, { from: number; rssMb: number }>();
const onProgress = (progress: OperationProgress): void => {
  if (firstSearched === undefined && progress.best_cost !== undefined) firstSearched = progress.elapsed_seconds;
  if (viaHttp) return;
  const stage = stages.get(progress.phase) ?? { from: progress.elapsed_seconds, rssMb: 0 };
  stage.rssMb = Math.max(stage.rssMb, process.memoryUsage.rss() / 2 ** 20);
  stages.set(progress.phase, stage);
};

/** A process's peak resident memory (MB) and CPU seconds so far, from /proc. */
function processFigures(pid: number): { peakMb: number; cpuSeconds: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return { peakMb: peakKb / 1024, cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100 };
}

/** The build through the service: POST /v1/build, then the task's status every second until it ends. */
async function buildInService(body: unknown): Promise<Outcome> {
  const travel: Record<string, string> = standin
    ? { WAYPLAN_TRAVEL_PROVIDER: 'osrm', WAYPLAN_TRAVEL_URL: standin.url }
    : roadGrid > 0
      ? { WAYPLAN_TRAVEL_PROVIDER: 'road', WAYPLAN_MAP: gridExtractPath(roadGrid) }
      : { WAYPLAN_TRAVEL_PROVIDER: 'straight_line' };
  // The stack's `wayplan infra` inherits this process's environment: it imports the grid's extract
  // (every travel class) before the worker starts, so the worker's memory is the build's alone.
  Object.assign(process.env, travel);
  const stack = await startBenchStack({
    name: 'scale',
    env: {
      ...travel,
      WAYPLAN_SOLVER_THREADS: String(threads),
      WAYPLAN_BODY_LIMIT: String(256 * 1024 * 1024),
    },
  });
  try {
    const base = stack.urls[0]!;
    const worker = stack.pids.worker;
    const headers = { authorization: await stack.addOwner('bench'), 'content-type': 'application/json' };
    const idle = processFigures(worker);
    const posting = performance.now();
    const posted = await fetch(`${base}/v1/build`, { method: 'POST', headers, body: JSON.stringify(body) });
    const { task_id: id } = (await posted.json()) as { task_id?: string };
    if (id === undefined) throw new Error(`POST /v1/build answered ${posted.status}`);
    for (;;) {
      await new Promise((r) => setTimeout(r, 1000));
      const status = (await (await fetch(`${base}/v1/tasks/${id}`, { headers })).json()) as {
        status: string;
        progress?: OperationProgress;
      };
      if (status.progress) onProgress(status.progress);
      if (status.status === 'completed') break;
      if (status.status !== 'running') throw new Error(`the build task ended ${status.status}`);
    }
    const built = (await (await fetch(`${base}/v1/tasks/${id}/result`, { headers })).json()) as ProblemResponse;
    const seconds = (performance.now() - posting) / 1000;
    const figures = processFigures(worker);
    return { built, peakMb: figures.peakMb, cpuSeconds: figures.cpuSeconds - idle.cpuSeconds, seconds };
  } finally {
    await stack.stop();
  }
}

/** The build in this process. */
async function buildInProcess(body: unknown): Promise<Outcome> {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const tuning = { threads, ...(iterations > 0 ? { maxIterations: iterations } : {}) };
  const built = (await runOperation('build', body, {}, provider, onProgress, tuning)) as ProblemResponse;
  const used = process.cpuUsage(cpuStarted);
  const seconds = (performance.now() - started) / 1000;
  return { built, peakMb: process.resourceUsage().maxRSS / 1024, cpuSeconds: (used.user + used.system) / 1e6, seconds };
}

interface Outcome {
  built: ProblemResponse;
  peakMb: number;
  cpuSeconds: number;
  seconds: number;
}

const load = [loadavg()[0]!];
const { built, peakMb, cpuSeconds, seconds } = await (viaHttp ? buildInService : buildInProcess)({ jobs, routes, settings });
load.push(loadavg()[0]!);
const planned = new Map(
  built.routes.map((route) => [route.id, (route.stops ?? []).filter((stop) => stop.type === 'job').map((stop) => stop.id)]),
);
/** How many violations, and of which types. */
const violationCount = (types: readonly string[]): string =>
  `${types.length} violations${types.length > 0 ? ` (${[...new Set(types)].join(', ')})` : ''}`;
/** Hours of a response's timespan. */
const hoursOf = (timespan: string): number => parseTimespan(timespan)! / 3600;

/** The evaluator's figures for `planned` (job ids per route id): its hard violations' types, cost, kilometres and working hours. */
async function evaluatePlan(planned: Map<string, string[]>): Promise<{ violations: string[]; cost: number; km: number; hours: number }> {
  const evaluated = (await runOperation(
    'evaluate',
    { jobs, routes: routes.map((route) => ({ ...route, jobs: planned.get(route.id) ?? [] })) },
    {},
    provider,
    () => undefined,
  )) as ProblemResponse;
  return {
    violations: evaluated.routes
      .flatMap((route) => [...route.violations, ...(route.stops ?? []).flatMap((stop) => stop.violations)])
      .map((violation) => violation.type),
    cost: evaluated.routes.reduce((sum, route) => sum + route.cost, 0),
    km: evaluated.routes.reduce((sum, route) => sum + route.distance_meters, 0) / 1000,
    hours: evaluated.routes.reduce((sum, route) => sum + hoursOf(route.working_time), 0),
  };
}
const ours = await evaluatePlan(planned);
const cost = built.routes.reduce((sum, route) => sum + route.cost, 0);
// Every job must come back once, on a route or as unrouted: a job on two stops or on neither is a fault.
const stops = [...planned.values()].flat();
const routed = new Set(stops).size;
const duplicated = stops.length - routed;
const lost = jobCount - routed - built.unrouted_jobs.length;
console.log(
  `${jobCount} jobs, ${routeCount * days} routes${days > 1 ? ` over ${days} days` : ''}${windows ? `, windows on ${Math.round(windowShare * 100)} %` : ''}${capacities ? ', capacities' : ''}, ` +
    `${roadGrid > 0 ? `travel on a ${roadGrid} × ${roadGrid} road grid, ` : ''}${standin ? `travel through an OSRM stand-in (${options['engine-delay']} ms a request), ` : ''}${threads} thread(s), ${viaHttp ? 'POST /v1/build' : 'in process'}, time limit ${limit} s: ${seconds.toFixed(1)} s wall, ${cpuSeconds.toFixed(0)} CPU s, first searched plan at ${firstSearched?.toFixed(1) ?? '—'} s, ` +
    `peak memory ${peakMb.toFixed(0)} MB${viaHttp ? ' (worker)' : ''}, 1-minute load ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}, ` +
    `${routed} routed, ${built.unrouted_jobs.length} unrouted (${built.unrouted_jobs.filter((job) => (job.reasons ?? []).length === 0).length} without reasons), cost ${cost.toFixed(2)}, ${violationCount(ours.violations)} on re-evaluation` +
    (lost !== 0 || duplicated !== 0 ? `, ${lost} jobs neither routed nor unrouted, ${duplicated} routed twice` : ''),
);
if (!viaHttp) {
  const after = process.memoryUsage();
  console.log(
    `stages (first report, peak resident memory seen in it): ${[...stages].map(([phase, stage]) => `${phase} from ${stage.from.toFixed(1)} s ${stage.rssMb.toFixed(0)} MB`).join('; ')}; ` +
      `after the re-evaluation: resident ${(after.rss / 2 ** 20).toFixed(0)} MB, heap ${(after.heapUsed / 2 ** 20).toFixed(0)} MB, array buffers ${(after.arrayBuffers / 2 ** 20).toFixed(0)} MB`,
  );
}
const peers = SCALE_PEERS.filter((name) => options[name]);
const python = peers.length > 0 ? ensurePeerEnvironment(new URL('../../../', import.meta.url).pathname) : '';
for (const peer of peers) {
  // Each peer gets the same problem and time limit (and threads, where it has them) after wayplan's run.
  const plan = peerPlan(python, peer, jobs, routes, { limit, threads, seed, required: options.required });
  const stops = [...plan.routes.values()].flat();
  const routed = new Set(stops).size;
  const figures = await evaluatePlan(plan.routes);
  console.log(
    `${peer} (${peer === 'vroom' ? `exploration 5, ${threads} thread(s)` : `1 thread, seed ${seed}`}, ${limit} s): ${plan.seconds.toFixed(1)} s wall, ` +
      `peak memory ${plan.peakMb.toFixed(0)} MB, ${routed} routed, ${jobCount - routed} unrouted, cost ${figures.cost.toFixed(2)}, ` +
      `${figures.km.toFixed(0)} km, ${figures.hours.toFixed(1)} working hours (wayplan's evaluator; wayplan's plan: cost ${ours.cost.toFixed(2)}, ` +
      `${ours.km.toFixed(0)} km, ${ours.hours.toFixed(1)} working hours), ${violationCount(figures.violations)} on evaluation` +
      (stops.length !== routed ? `, ${stops.length - routed} routed twice` : ''),
  );
}
standin?.stop();
