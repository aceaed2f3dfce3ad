import { buildInstance, type VehicleTypeSpec } from '../core/compiled/build-instance.js';
import type { ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import { violationPenalty } from '../evaluate/penalties.js';
import { routeSettings, type RouteSettings } from '../evaluate/route-settings.js';
import { jobTimeOnSite, jobTimeWindows } from '../evaluate/time-windows.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import { breakAllowance } from './break-allowance.js';
import type { Approximation, CompiledProblem } from './compiled-problem.js';
import { coreWindow } from './job-window.js';
import { loadDimensions } from './load-dimensions.js';
import { MatrixBuffers, nodeMatrices, type NodeMatrices, type NodePlaces } from './node-travel.js';
import { allowedRoutes, RouteEligibility } from './route-eligibility.js';
import { compilePull } from './core-pull.js';
import { routeClasses } from './route-classes.js';

const DAY = 86400;

/**
 * With soft windows (time_windows_as_hard_constraint false and job_missed_time_window not
 * critical, as the evaluator decides) the core prices lateness at the evaluator's rate per second;
 * else 0: windows are hard.
 */
function softWindowCost(problem: ResolvedProblem): number {
  const hard =
    (problem.settings.time_windows_as_hard_constraint ?? true) ||
    (problem.settings.critical_violations ?? []).includes('job_missed_time_window');
  return hard ? 0 : violationPenalty('job_missed_time_window', 1, false);
}

/** Leaving a job out must cost more than any route it could join; at least this much (US$). */
const minimumUnassignedCost = 1000;

/** The latest a route may end (end_time, and start_time + max_working_time), before breaks. */
function endLimit(settings: RouteSettings): number {
  const byWorking = settings.maxWorkingTime === undefined ? Infinity : settings.startTime + settings.maxWorkingTime;
  return Math.min(settings.endTime ?? Infinity, byWorking);
}

function approximationsOf(
  problem: ResolvedProblem,
  settings: readonly RouteSettings[],
  jobs: readonly number[],
  speeds: readonly number[],
): Set<Approximation> {
  const found = new Set<Approximation>();
  if (settings.some((s) => s.breaks.length > 0 || s.legalBreaks !== undefined)) found.add('breaks');
  if (settings.some((s) => s.normalWorkingTime !== undefined && s.overtimeCostPerHour !== s.costPerHour)) found.add('overtime');
  if (speeds.some((s) => s !== speeds[0])) found.add('mixed_speeds');
  if (jobs.some((j) => jobTimeWindows(problem.jobs[j]!).length > 1)) found.add('second_windows');
  if (settings.some((s) => s.maxDrivingTime !== undefined)) found.add('max_driving_time');
  return found;
}

/**
 * Compiles `routes` and the jobs `jobIndices` (into problem.jobs) of a resolved problem into the
 * core's typed arrays. Every class of interchangeable routes (`routeClasses`) becomes a vehicle
 * type with one vehicle per route: start and end nodes at their start and end places (or nowhere
 * when a stem is not counted), whose windows hold the departure (fixed at start_time, or later
 * with optimize_start_time) and the end limit; their capacities, cost rates and fixed cost.
 * Every job becomes a node with its time on site (plus its exit stop), one window, its loads and
 * the routes it may use. What the core cannot express is approximated on the safe side and listed
 * in `approximations`. `eligibility` answers which routes may serve which jobs; the matrices go
 * into `buffers` (see MatrixBuffers).
 */
export function compileProblem(
  problem: ResolvedProblem,
  problemTravel: TravelTable,
  routes: readonly ResolvedRoute[],
  jobIndices: readonly number[],
  eligibility = new RouteEligibility(problem),
  buffers = new MatrixBuffers(),
): CompiledProblem {
  // Routes whose vehicles travel differently (truck, avoided ferries or tolls) share one bound.
  const travel = problemTravel.forRoutes(routes);
  const settings = routes.map((route) => routeSettings(problem, route));
  const jobs = jobIndices.map((j) => problem.jobs[j]!);
  const jobCount = jobs.length;
  const allowed = allowedRoutes(problem, routes, settings, jobs, (j, r) => eligibility.mayServe(jobIndices[j]!, routes[r]!));
  const classes = routeClasses(problem, travel, routes, settings, refusedJobs(routes.length, allowed));
  const typeOfRoute = new Int32Array(routes.length);
  classes.forEach((group, t) => group.forEach((r) => (typeOfRoute[r] = t)));
  const nodeCount = jobCount + 2 * classes.length;
  const speeds = settings.map((s) => s.speedPercentage / 100);
  const speed = speeds.length === 0 ? 1 : Math.min(...speeds);
  const approximations = approximationsOf(problem, settings, jobIndices, speeds);
  if (travel.mixed) approximations.add('mixed_travel');
  const lateCost = softWindowCost(problem);
  if (lateCost > 0) approximations.add('soft_windows');

  const places: NodePlaces = {
    entry: new Int32Array(nodeCount).fill(-1),
    exit: new Int32Array(nodeCount).fill(-1),
    exitLegDistance: new Float64Array(nodeCount),
  };
  const serviceTime = new Array<number>(nodeCount).fill(0);
  const timeWindows = new Array<readonly [number, number]>(nodeCount).fill([0, Infinity]);
  const allowances = settings.map(breakAllowance);
  const latestBreaks = (t: number): number => allowances.reduce((max, allowance) => Math.max(max, allowance(t)), 0);
  jobs.forEach((job, node) => {
    const at = travel.indexOf(job.location!.location);
    places.entry[node] = at;
    places.exit[node] = at;
    serviceTime[node] = jobTimeOnSite(job);
    if (job.exit_location !== undefined) {
      const exit = travel.indexOf(job.exit_location.location);
      places.exit[node] = exit;
      places.exitLegDistance[node] = travel.distance(at, exit);
      serviceTime[node] += travel.duration(at, exit) / speed + (job.exit_time_on_site ?? 0);
    }
    const window = coreWindow(job);
    if (window !== undefined) timeWindows[node] = [window.start, window.end - latestBreaks(window.end)];
  });

  const dimensions = loadDimensions(problem, routes, jobs, settings);
  if (dimensions.truncated) approximations.add('load_metrics');
  if (dimensions.pickups) approximations.add('pickups');
  const demand = Array.from({ length: nodeCount }, (_, node) => (node < jobCount ? dimensions.demand(jobs[node]!) : []));

  const vehicleTypes: VehicleTypeSpec[] = classes.map((group, t) => {
    const r = group[0]!;
    const s = settings[r]!;
    const start = jobCount + 2 * t;
    const end = start + 1;
    if (s.start !== undefined && s.startStem) places.entry[start] = places.exit[start] = travel.indexOf(s.start.location);
    if (s.end !== undefined && s.endStem) places.entry[end] = places.exit[end] = travel.indexOf(s.end.location);
    const limit = endLimit(s);
    const latestEnd = limit - allowances[r]!(limit);
    timeWindows[start] = [s.startTime, s.optimizeStartTime ? Infinity : s.startTime];
    timeWindows[end] = [s.startTime, latestEnd];
    return {
      count: group.length,
      start,
      end,
      capacity: dimensions.capacity(r),
      fixedCost: s.fixedCost,
      costPerDistance: s.costPerKm / 1000,
      costPerTime: s.costPerHour / 3600,
    };
  });

  const matrices = nodeMatrices(travel, places, speed, buffers);
  const { distance, duration } = matrices;
  const pulled = compilePull(
    problem,
    classes.map((group) => routes[group[0]!]!),
    jobs,
    nodeCount,
  );
  const instance = buildInstance({
    nodeCount,
    jobs: Array.from({ length: jobCount }, (_, node) => node),
    distance,
    duration,
    serviceTime,
    timeWindows,
    demand,
    vehicleTypes,
    allowedVehicleTypes: new Map([...allowed].map(([job, list]) => [job, [...new Set(list.map((r) => typeOfRoute[r]!))]])),
    unassignedCost: unassignedCost(vehicleTypes, matrices, serviceTime, settings) + 10 * DAY * lateCost,
    lateCost,
  });
  return {
    // The centroid pull is a per-(route, job) cost; leaving a job out must still cost more.
    instance:
      pulled === undefined
        ? instance
        : { ...instance, pull: pulled.pull, unassignedCost: instance.unassignedCost + 10 * pulled.maxJobCost },
    jobs: jobIndices,
    routes: classes.flatMap((group) => group.map((r) => routes[r]!)),
    approximations,
  };
}

/** Per route, the jobs (in order) that `allowed` refuses it. */
function refusedJobs(routeCount: number, allowed: ReadonlyMap<number, readonly number[]>): number[][] {
  const refused = Array.from({ length: routeCount }, (): number[] => []);
  const allows = new Uint8Array(routeCount);
  for (const [job, list] of allowed) {
    allows.fill(0);
    for (const r of list) allows[r] = 1;
    for (let r = 0; r < routeCount; r++) if (allows[r] === 0) refused[r]!.push(job);
  }
  return refused;
}

/**
 * Far above what any single job can add to a route: its two arcs, its service and a whole day of
 * waiting at the dearest rates, plus opening the dearest route.
 */
function unassignedCost(
  types: readonly VehicleTypeSpec[],
  { longestDistance, longestDuration }: NodeMatrices,
  service: readonly number[],
  settings: readonly RouteSettings[],
): number {
  const finiteMax = (values: ArrayLike<number>): number => {
    let max = 0;
    for (let i = 0; i < values.length; i++) if (values[i]! > max && values[i]! < Infinity) max = values[i]!;
    return max;
  };
  const span = Math.max(86400, ...settings.map((s) => endLimit(s) - s.startTime).filter((t) => t < Infinity));
  const perDistance = finiteMax(types.map((t) => t.costPerDistance ?? 0));
  const perTime = finiteMax(types.map((t) => t.costPerTime ?? 0));
  const fixed = finiteMax(types.map((t) => t.fixedCost ?? 0));
  const bound = 2 * longestDistance * perDistance + (2 * longestDuration + finiteMax(service) + span) * perTime + fixed;
  return Math.max(minimumUnassignedCost, 10 * bound);
}
