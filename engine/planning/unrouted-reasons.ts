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
  /** Jobs a probe found room for, put there. */
  placed: number;
}

function counts(types: readonly ViolationType[]): Map<ViolationType, number> {
  const counted = new Map<ViolationType, number>();
  for (const type of types) counted.set(type, (counted.get(type) ?? 0) + 1);
  return counted;
}

/** One unrouted job's reasons so far, the routes still to probe (nearest first), and whether a probed route has room for it. */
interface Finding {
  found: Set<ViolationType>;
  probe: ResolvedRoute[];
  fits: boolean;
  placed: boolean;
}

/**
 * Why jobs are on no route, and those that fit after all put on one. First, on every route, what
 * keeps the job off it whatever the order: its rules (dates, attributes, drivers, zones, a route
 * that may serve nothing), else a load over a capacity or a job too many (see
 * positionFreeAdditions). Then, on the PROBED_ROUTES other routes that pass nearest the job, the
 * hard violations its cheapest insertion adds to the planned route (windows, capacity, job count,
 * working time, end time…; of the probed positions, see cheapestInsertion). Per job the union, in
 * the order of the violation list.
 *
 * A probe that adds no hard violation found room the placement before did not use (it ran out of
 * time, or a repair freed the room later): no violation says why the job is off that route, so it
 * goes there (`plan` is updated; the job is then absent from the answer), unless `mayPlace`
 * refuses, which leaves the job an empty list.
 *
 * What a job is told does not depend on the clock as long as its nearest open route decides: every
 * job's rules on every route and its probe on the nearest route they leave open are done whatever
 * the time (bounded: the rules once per class of routes they cannot tell apart, see
 * RouteEligibility, and one probe per job), so every job with an open route is either placed or
 * has the violations it would bring there. Only the further probes, job after job once every job
 * has had its first, stop at `deadline` (ms since epoch).
 */
export function unroutedReasons(
  problem: ResolvedProblem,
  pricer: PlanPricer,
  plan: RoutePlan,
  routes: readonly ResolvedRoute[],
  jobs: readonly number[],
  deadline = Infinity,
  tally: ReasonsTally = { probes: 0, placed: 0 },
  mayPlace: (job: number, route: ResolvedRoute) => boolean = () => true,
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
    const { position } = cheapestInsertion(objective, order, job)!;
    const inserted = [...order.slice(0, position), job, ...order.slice(position)];
    const added = [...counts(objective.hardViolationTypes(inserted))].filter(([type, count]) => count > (planned.get(type) ?? 0));
    for (const [type] of added) finding.found.add(type);
    if (added.length > 0) return;
    finding.fits = true;
    if (!mayPlace(job, route)) return;
    // A new array: the objective keeps the loads of the order last asked about by identity.
    plan.set(route, inserted);
    before.delete(route);
    finding.placed = true;
    tally.placed++;
  };
  const findings = new Map<number, Finding>();
  const { eligibility } = pricer;
  for (const job of jobs) {
    const found = new Set<ViolationType>();
    const open: ResolvedRoute[] = [];
    for (const route of routes) {
      // A route the job's rules refuse is barred by them (shared by the routes the rules cannot tell apart) and its own.
      if (!eligibility.mayServe(job, route)) {
        for (const type of eligibility.ruleViolationTypes(job, route)) found.add(type);
        for (const type of eligibility.routeViolationTypes(route)) found.add(type);
        continue;
      }
      const barred = pricer.objective(route).positionFreeAdditions(plan.get(route) ?? [], job);
      if (barred.length === 0) open.push(route);
      for (const type of barred) found.add(type);
    }
    const finding: Finding = { found, probe: proximity.nearest(job, open, PROBED_ROUTES), fits: false, placed: false };
    findings.set(job, finding);
    if (finding.probe.length > 0) probe(job, finding.probe.shift()!, finding);
  }
  for (const [job, finding] of findings) {
    while (!finding.fits && finding.probe.length > 0 && Date.now() < deadline) probe(job, finding.probe.shift()!, finding);
  }
  const reasons = new Map<number, ViolationType[]>();
  for (const [job, { found, fits, placed }] of findings) {
    if (!placed) reasons.set(job, fits ? [] : VIOLATION_TYPES.filter((type) => found.has(type)));
  }
  return reasons;
}
