import type { ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import { allowedRoutes, RouteEligibility } from '../compile/route-eligibility.js';
import type { RoutePlan } from '../compile/solution-mapping.js';
import { routeSettings } from '../evaluate/route-settings.js';
import { datesByRegion } from './date-regions.js';

/** The routes of one date and the jobs (indices into problem.jobs) given to them. */
export interface DayGroup {
  routes: ResolvedRoute[];
  jobs: number[];
}

export interface DaySplit {
  /** In date order, routes without a date last. */
  groups: DayGroup[];
  /** Jobs no route of any date may serve. */
  unplaced: number[];
  /** linked[g]: some job may go to group g and to group g + 1. */
  linked: boolean[];
}

/** Rounds of the balanced k-means that gathers each date's movable jobs into a region. */
const REGION_ROUNDS = 20;

/**
 * Splits a plan over several dates into one plan per date: the routes by their date (routes
 * without one form a group of their own, the last), every job to one date it may use. A job
 * already on a route keeps that route's date; the others go, those with the fewest dates first, to
 * the date of theirs with the fewest jobs per route so far (the first such date on a tie), which
 * keeps every day's routes about equally full. Then the jobs with a place and more than one date
 * trade dates so that each date's lie close together, every date keeping as many of them as it
 * had: a day's routes then serve one part of the area instead of all of it. One group for a
 * single date. `eligibility` answers which routes may serve which jobs.
 */
export function splitByDate(
  problem: ResolvedProblem,
  routes: readonly ResolvedRoute[],
  jobs: readonly number[],
  initial: RoutePlan,
  eligibility = new RouteEligibility(problem),
): DaySplit {
  const keys = [...new Set(routes.map((route) => route.date))].sort((a, b) => (a ?? Infinity) - (b ?? Infinity));
  const groupOf = routes.map((route) => keys.indexOf(route.date));
  const groups: DayGroup[] = keys.map((key) => ({ routes: routes.filter((route) => route.date === key), jobs: [] }));
  const settings = routes.map((route) => routeSettings(problem, route));
  const allowed = allowedRoutes(
    problem,
    routes,
    settings,
    jobs.map((job) => problem.jobs[job]!),
    (position, r) => eligibility.mayServe(jobs[position]!, routes[r]!),
  );
  const routedIn = new Map<number, number>();
  routes.forEach((route, r) => initial.get(route)?.forEach((job) => routedIn.set(job, groupOf[r]!)));
  const unplaced: number[] = [];
  const open: { job: number; options: number[] }[] = [];
  const linked = groups.slice(1).map(() => false);
  // A job no route refuses may go to every group: one list for all of them.
  const everyGroup = groups.map((_, g) => g);
  jobs.forEach((job, position) => {
    const routesAllowed = allowed.get(position);
    const options = routesAllowed ? [...new Set(routesAllowed.map((r) => groupOf[r]!))].sort((a, b) => a - b) : everyGroup;
    options.forEach((group, k) => {
      if (options[k + 1] === group + 1) linked[group] = true;
    });
    const routed = routedIn.get(job);
    if (routed !== undefined) groups[routed]!.jobs.push(job);
    else if (options.length === 0) unplaced.push(job);
    else open.push({ job, options });
  });
  // A stable sort: equal option counts keep the request's order.
  open.sort((a, b) => a.options.length - b.options.length);
  const counts = groups.map((group) => group.jobs.length);
  const fill = (group: number): number => counts[group]! / groups[group]!.routes.length;
  const dates = Int32Array.from(open, ({ options }) => {
    const emptiest = options.reduce((best, group) => (fill(group) < fill(best) ? group : best));
    counts[emptiest]!++;
    return emptiest;
  });
  gatherByPlace(problem, open, dates, groups.length);
  open.forEach(({ job }, k) => groups[dates[k]!]!.jobs.push(job));
  for (const group of groups) group.jobs.sort((a, b) => a - b);
  return { groups, unplaced, linked };
}

/**
 * Trades `dates` (one of `groupCount` groups per entry of `open`) among the jobs of `open` that
 * have a place and several dates (see splitByDate).
 */
function gatherByPlace(
  problem: ResolvedProblem,
  open: readonly { job: number; options: number[] }[],
  dates: Int32Array,
  groupCount: number,
): void {
  const movable = open.flatMap(({ job, options }, k) => (options.length > 1 && problem.jobs[job]!.location !== undefined ? [k] : []));
  const start = Int32Array.from(movable, (k) => dates[k]!);
  const quotas = Array.from({ length: groupCount }, () => 0);
  for (const date of start) quotas[date]!++;
  const places = movable.map((k) => problem.jobs[open[k]!.job]!.location!.location);
  // Equirectangular about the jobs' mean latitude: distances within a city or a region, not across
  // the antimeridian.
  const shrink = Math.cos((places.reduce((sum, place) => sum + place.lat, 0) / places.length) * (Math.PI / 180));
  const points = movable.map((k, m) => ({ x: places[m]!.lon * shrink, y: places[m]!.lat, options: open[k]!.options }));
  datesByRegion(points, quotas, start, REGION_ROUNDS).forEach((date, m) => (dates[movable[m]!] = date));
}
