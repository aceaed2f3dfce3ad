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

/** One unrouted job's reasons so far, the routes still to probe (nearest first) and how many were. */
interface Finding {
  found: Set<ViolationType>;
  probe: ResolvedRoute[];
  probed: number;
  placeable: boolean;
}

/**
 * Why jobs are on no route. First, on every route, what keeps the job off it whatever the order:
 * its rules (dates, attributes, drivers, zones, a route that may serve nothing), else a load over
 * a capacity or a job too many (see positionFreeAdditions). Then, on the PROBED_ROUTES other
 * routes that pass nearest the job, the hard violations its cheapest insertion adds to the planned
 * route (windows, capacity, job count, working time, end time…; of the probed positions, see
 * cheapestInsertion). Per job the union, in the order of the violation list; empty when a probed
 * route could take it without a hard violation. Every job gets its first rules and its nearest
 * probe before any job gets a second, so a clock that runs out still leaves reasons on most: after
 * `deadline` (ms since epoch) no route is probed, a job keeps the reasons of the routes probed by
 * then, and one with routes left open but none probed gets an empty list, as one that could fit
 * but ran out of time.
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
  const probe = (job: number, route: ResolvedRoute, finding: Finding): void => {
    const objective = pricer.objective(route);
    const order = plan.get(route) ?? [];
    let planned = before.get(route);
    if (planned === undefined) before.set(route, (planned = counts(objective.hardViolationTypes(order))));
    tally.probes++;
    finding.probed++;
    const { position } = cheapestInsertion(objective, order, job)!;
    const after = counts(objective.hardViolationTypes([...order.slice(0, position), job, ...order.slice(position)]));
    const added = [...after].filter(([type, count]) => count > (planned.get(type) ?? 0)).map(([type]) => type);
    if (added.length === 0) finding.placeable = true;
    for (const type of added) finding.found.add(type);
  };
  const findings = new Map<number, Finding>();
  for (const job of jobs) {
    const found = new Set<ViolationType>();
    const open: ResolvedRoute[] = [];
    for (const route of routes) {
      const objective = pricer.objective(route);
      const barred = objective.refuses(job)
        ? objective.placementViolationTypes(job)
        : objective.positionFreeAdditions(plan.get(route) ?? [], job);
      if (barred.length === 0) open.push(route);
      for (const type of barred) found.add(type);
    }
    const finding: Finding = { found, probe: proximity.nearest(job, open, PROBED_ROUTES), probed: 0, placeable: false };
    findings.set(job, finding);
    if (finding.probe.length > 0 && Date.now() < deadline) probe(job, finding.probe.shift()!, finding);
  }
  for (const [job, finding] of findings) {
    while (!finding.placeable && finding.probe.length > 0 && Date.now() < deadline) probe(job, finding.probe.shift()!, finding);
  }
  const reasons = new Map<number, ViolationType[]>();
  for (const [job, { found, probe: unprobed, probed, placeable }] of findings) {
    const unknown = probed === 0 && unprobed.length > 0;
    reasons.set(job, placeable || unknown ? [] : VIOLATION_TYPES.filter((type) => found.has(type)));
  }
  return reasons;
}
