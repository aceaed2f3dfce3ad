import type { ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import { allowedRoutes, RouteEligibility } from '../compile/route-eligibility.js';
import type { RoutePlan } from '../compile/solution-mapping.js';
import { routeSettings } from '../evaluate/route-settings.js';

/** The routes of one date and the jobs (indices into problem.jobs) given to them. */
export interface DayGroup {
  routes: ResolvedRoute[];
  jobs: number[];
}

export interface DaySplit {
  groups: DayGroup[];
  /** Jobs no route of any date may serve. */
  unplaced: number[];
}

/**
 * Splits a plan over several dates into one plan per date: the routes by their date (routes
 * without one form a group of their own), every job to one date it may use. A job already on a
 * route keeps that route's date; the others go, those with the fewest dates first, to the date
 * of theirs with the fewest jobs per route so far (the first such date on a tie), which keeps
 * every day's routes about equally full. One group for a single date. `eligibility` answers which
 * routes may serve which jobs.
 */
export function splitByDate(
  problem: ResolvedProblem,
  routes: readonly ResolvedRoute[],
  jobs: readonly number[],
  initial: RoutePlan,
  eligibility = new RouteEligibility(problem),
): DaySplit {
  const keys = [...new Set(routes.map((route) => route.date))];
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
  jobs.forEach((job, position) => {
    const routed = routedIn.get(job);
    if (routed !== undefined) {
      groups[routed]!.jobs.push(job);
      return;
    }
    const options = [...new Set((allowed.get(position) ?? routes.map((_, r) => r)).map((r) => groupOf[r]!))].sort((a, b) => a - b);
    if (options.length === 0) unplaced.push(job);
    else open.push({ job, options });
  });
  // A stable sort: equal option counts keep the request's order.
  open.sort((a, b) => a.options.length - b.options.length);
  const fill = (group: number): number => groups[group]!.jobs.length / groups[group]!.routes.length;
  for (const { job, options } of open) {
    const emptiest = options.reduce((best, group) => (fill(group) < fill(best) ? group : best));
    groups[emptiest]!.jobs.push(job);
  }
  for (const group of groups) group.jobs.sort((a, b) => a - b);
  return { groups, unplaced };
}
