import type { LatLon } from '../../model/latlon.js';
import type { ResolvedJob, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import { addJobAmounts, loadMetrics } from './loads.js';
import type { RouteContext } from './route-context.js';
import { routeSettings } from './route-settings.js';

/**
 * The routes of a problem grouped into multi-day chains, in order of their first day. A route with
 * has_next_multiday_day continues on the next route after it in `routes` with the same driver (the
 * next route at all when it has no driver); every other route is a chain of one day.
 */
export function multidayChains(problem: ResolvedProblem): ResolvedRoute[][] {
  const routes = problem.routes;
  const taken = new Set<ResolvedRoute>();
  const chains: ResolvedRoute[][] = [];
  for (const [index, route] of routes.entries()) {
    if (taken.has(route)) continue;
    const chain = [route];
    taken.add(route);
    let day = route;
    let at = index;
    while (day.has_next_multiday_day === true) {
      const driver = day.driver;
      const next = routes.findIndex((candidate, i) => i > at && !taken.has(candidate) && candidate.driver === driver);
      if (next < 0) break;
      day = routes[next]!;
      at = next;
      chain.push(day);
      taken.add(day);
    }
    chains.push(chain);
  }
  return chains;
}

/** Where a day ends: its last job's exit (or the job itself), else where it started. */
function dayEnd(jobs: readonly ResolvedJob[], dayStart: LatLon | undefined): LatLon | undefined {
  const last = jobs[jobs.length - 1];
  return last === undefined ? dayStart : (last.exit_location ?? last.location)!.location;
}

/**
 * Load carried into each day of a chain besides the day's own deliveries: later days' deliveries
 * (loaded at the first depot) plus earlier days' pickups, since the chain visits no depot between.
 */
function carriedLoads(problem: ResolvedProblem, jobsPerDay: readonly (readonly ResolvedJob[])[]): Float64Array[] {
  const metrics = loadMetrics(problem);
  const m = metrics.size;
  const amounts = jobsPerDay.map((jobs) => {
    const deliveries = new Float64Array(m);
    const pickups = new Float64Array(m);
    const one = new Float64Array(m);
    for (const job of jobs) {
      one.fill(0);
      addJobAmounts(job, metrics, one, 0);
      for (let k = 0; k < m; k++) {
        if (one[k]! > 0) deliveries[k]! += one[k]!;
        else pickups[k]! -= one[k]!;
      }
    }
    return { deliveries, pickups };
  });
  return amounts.map((_, day) => {
    const carried = new Float64Array(m);
    amounts.forEach((other, d) => {
      for (let k = 0; k < m; k++) {
        if (d > day) carried[k]! += other.deliveries[k]!;
        if (d < day) carried[k]! += other.pickups[k]!;
      }
    });
    return carried;
  });
}

/**
 * Walks a chain day by day: `order(day)` gives each day's jobs in their final order once the days
 * before it are settled, and `visit` gets each day with its context.
 */
export function walkChain(
  problem: ResolvedProblem,
  chain: readonly ResolvedRoute[],
  jobsPerDay: readonly (readonly ResolvedJob[])[],
  visit: (route: ResolvedRoute, context: RouteContext) => readonly ResolvedJob[],
): void {
  if (chain.length === 1) {
    visit(chain[0]!, {});
    return;
  }
  const carried = carriedLoads(problem, jobsPerDay);
  const firstDepot = routeSettings(problem, chain[0]!).start;
  const lastDepot = routeSettings(problem, chain[chain.length - 1]!).end;
  let previous: { routeId: string; location: LatLon } | undefined;
  let location = firstDepot?.location;
  chain.forEach((route, day) => {
    const next = chain[day + 1];
    const context: RouteContext = {
      ...(previous ? { previousDay: previous } : {}),
      ...(next ? { nextDay: next.id } : {}),
      carriedLoads: carried[day]!,
      firstDepot,
      lastDepot,
      ...(day === 0 ? { chainDays: chain.length } : {}),
    };
    const jobs = visit(route, context);
    location = dayEnd(jobs, location);
    previous = location === undefined ? undefined : { routeId: route.id, location };
  });
}
