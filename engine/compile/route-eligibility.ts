import type { ResolvedDriver, ResolvedJob, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { ViolationType } from '../../model/types/violation.js';
import { jobMayServe, jobRouteViolationTypes, routeRulesKey } from '../evaluate/job-rules.js';
import { routeSettings, type RouteSettings } from '../evaluate/route-settings.js';
import { routeStaticViolations } from '../evaluate/route-rules.js';

const UNKNOWN = 0;
const SERVES = 1;
const REFUSES = 2;

/** Routes the job rules cannot tell apart (routeRulesKey), one of them, and the answers for each job. */
interface RuleClass {
  route: ResolvedRoute;
  settings: RouteSettings;
  answers: Uint8Array;
  /** The violation types of the jobs asked about that it refuses. */
  types: Map<number, readonly ViolationType[]>;
}

/**
 * Whether each route may serve each job by the job's own rules there (jobMayServe: dates,
 * attributes, drivers, depots, zones), worked out once for every step of one planning that
 * asks: the split by date, the compiled problem of each date, the evaluator's objectives and the
 * unrouted reasons. A 20,000-job week over 250 routes asked the same 5 million pairs three
 * times. Routes the rules cannot tell apart (the same date, attributes, driver, vehicle
 * attributes and depots: routeRulesKey) share their answers, so a job is held against each such
 * class once: 5 times instead of 250 in that week.
 */
export class RouteEligibility {
  /** Jobs held against a class of routes so far, for tests that bound the work. */
  checks = 0;
  private readonly classOf = new Map<ResolvedRoute, RuleClass>();
  private readonly classes = new Map<string, RuleClass>();
  private readonly drivers = new Map<ResolvedDriver | undefined, number>();
  private readonly routeTypes = new Map<ResolvedRoute, readonly ViolationType[]>();

  constructor(private readonly problem: ResolvedProblem) {}

  /** Whether `route` may serve job `job` (an index into problem.jobs) by the job's rules there. */
  mayServe(job: number, route: ResolvedRoute): boolean {
    const rules = this.ruleClass(route);
    if (rules.answers[job] === UNKNOWN) {
      this.checks++;
      rules.answers[job] = jobMayServe(this.problem, this.problem.jobs[job]!, rules.route, rules.settings, {}) ? SERVES : REFUSES;
    }
    return rules.answers[job] === SERVES;
  }

  /** The types of the violations job `job` has on `route` by its rules (jobRouteViolationTypes); none where it may serve. */
  ruleViolationTypes(job: number, route: ResolvedRoute): readonly ViolationType[] {
    if (this.mayServe(job, route)) return [];
    const rules = this.ruleClass(route);
    let types = rules.types.get(job);
    if (types === undefined) {
      types = jobRouteViolationTypes(this.problem, this.problem.jobs[job]!, rules.route, rules.settings, {});
      rules.types.set(job, types);
    }
    return types;
  }

  /** The types of the violations `route` has as soon as it is used (routeStaticViolations, e.g. no vehicle). */
  routeViolationTypes(route: ResolvedRoute): readonly ViolationType[] {
    let types = this.routeTypes.get(route);
    if (types === undefined) {
      types = routeStaticViolations(this.problem, route, routeSettings(this.problem, route), {}).map((violation) => violation.type);
      this.routeTypes.set(route, types);
    }
    return types;
  }

  private ruleClass(route: ResolvedRoute): RuleClass {
    let rules = this.classOf.get(route);
    if (rules === undefined) {
      const settings = routeSettings(this.problem, route);
      if (!this.drivers.has(route.driver)) this.drivers.set(route.driver, this.drivers.size);
      const key = routeRulesKey(route, settings, this.drivers.get(route.driver)!);
      rules = this.classes.get(key);
      if (rules === undefined) {
        rules = { route, settings, answers: new Uint8Array(this.problem.jobs.length), types: new Map() };
        this.classes.set(key, rules);
      }
      this.classOf.set(route, rules);
    }
    return rules;
  }
}

/**
 * Which routes may serve each job without a hard violation that no order can avoid, by the
 * evaluator's own rules (dates, route/driver/vehicle attributes, required and forbidden drivers,
 * depot attributes, zones; a route with a route-level violation such as a missing vehicle serves
 * nothing). Only jobs with some route refused are listed; the lists hold route positions.
 * `mayServe` answers for a job and a route by their positions (by default, the rules themselves).
 */
export function allowedRoutes(
  problem: ResolvedProblem,
  routes: readonly ResolvedRoute[],
  settings: readonly RouteSettings[],
  jobs: readonly ResolvedJob[],
  mayServe = (job: number, route: number): boolean => jobMayServe(problem, jobs[job]!, routes[route]!, settings[route]!, {}),
): Map<number, number[]> {
  const usable = routes.map((route, r) => routeStaticViolations(problem, route, settings[r]!, {}).length === 0);
  const allowed = new Map<number, number[]>();
  jobs.forEach((_, j) => {
    const list: number[] = [];
    for (let r = 0; r < routes.length; r++) if (usable[r] && mayServe(j, r)) list.push(r);
    if (list.length < routes.length) allowed.set(j, list);
  });
  return allowed;
}
