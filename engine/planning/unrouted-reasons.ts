import type { ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import { VIOLATION_TYPES, type ViolationType } from '../../model/types/violation.js';
import type { RoutePlan } from '../compile/solution-mapping.js';
import { cheapestInsertion } from './cheapest-insertion.js';
import type { PlanPricer } from './plan-pricer.js';
import { RouteProximity } from './route-proximity.js';

/**
 * Routes whose cheapest insertion is probed per unrouted job, the nearest of those its dates and
 * rules allow: probing all 250 routes of a 20,000-job week for each of ~10,000 unrouted jobs did
 * not end inside the time limit, and a job that fits on none of the routes passing nearest it
 * rarely fits on one farther away.
 */
export const PROBED_ROUTES = 6;

/** Work done by `unroutedReasons`, for tests that bound it. */
export interface ReasonsTally {
  /** Cheapest-insertion probes, one per (job, route). */
  probes: number;
}

function counts(types: readonly ViolationType[]): Map<ViolationType, number> {
  const counted = new Map<ViolationType, number>();
  for (const type of types) counted.set(type, (counted.get(type) ?? 0) + 1);
  return counted;
}

/**
 * Why jobs are on no route. First, on every route, the violations a job has there whatever the
 * order (dates, attributes, drivers, zones, a route that may serve nothing). Then, on the
 * PROBED_ROUTES routes without such a violation that pass nearest the job, the hard violations its
 * cheapest insertion adds to the planned route (windows, capacity, job count, working time, end
 * time…; of the probed positions, see cheapestInsertion). Per job the union, in the order of the
 * violation list; empty when a probed route could take it without a hard violation. After
 * `deadline` (ms since epoch) no route is probed: a job that some route's rules allow then gets an
 * empty list, as one that could fit but ran out of time.
 */
export function unroutedReasons(
  problem: ResolvedProblem,
  pricer: PlanPricer,
  plan: RoutePlan,
  routes: readonly ResolvedRoute[],
  jobs: readonly number[],
  deadline = Infinity,
  tally: ReasonsTally = { probes: 0 },
): Map<number, ViolationType[]> {
  if (jobs.length === 0) return new Map();
  const proximity = new RouteProximity(problem, plan, routes);
  const before = new Map<ResolvedRoute, Map<ViolationType, number>>();
  const reasons = new Map<number, ViolationType[]>();
  for (const job of jobs) {
    const found = new Set<ViolationType>();
    const allowed: ResolvedRoute[] = [];
    for (const route of routes) {
      const objective = pricer.objective(route);
      if (!objective.refuses(job)) allowed.push(route);
      else for (const type of objective.placementViolationTypes(job)) found.add(type);
    }
    let placeable = allowed.length > 0 && Date.now() >= deadline;
    if (!placeable) {
      for (const route of proximity.nearest(job, allowed, PROBED_ROUTES)) {
        const objective = pricer.objective(route);
        const order = plan.get(route) ?? [];
        let planned = before.get(route);
        if (planned === undefined) before.set(route, (planned = counts(objective.hardViolationTypes(order))));
        tally.probes++;
        const { position } = cheapestInsertion(objective, order, job)!;
        const after = counts(objective.hardViolationTypes([...order.slice(0, position), job, ...order.slice(position)]));
        const added = [...after].filter(([type, count]) => count > (planned.get(type) ?? 0)).map(([type]) => type);
        if (added.length === 0) {
          placeable = true;
          break;
        }
        for (const type of added) found.add(type);
      }
    }
    reasons.set(job, placeable ? [] : VIOLATION_TYPES.filter((type) => found.has(type)));
  }
  return reasons;
}
