import type { ResolvedJob, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import { jobMayServe } from '../evaluate/job-rules.js';
import { routeSettings, type RouteSettings } from '../evaluate/route-settings.js';
import { routeStaticViolations } from '../evaluate/route-rules.js';

const UNKNOWN = 0;
const SERVES = 1;
const REFUSES = 2;

/**
 * Whether each route may serve each job by the job's own rules there (jobMayServe: dates,
 * attributes, drivers, depots, zones), worked out once per (job, route) for every step of one
 * planning that asks: the split by date, the compiled problem of each date and the evaluator's
 * objectives. A 20,000-job week over 250 routes asked the same 5 million pairs three times.
 */
export class RouteEligibility {
  /** Pairs worked out so far, for tests that bound the work. */
  checks = 0;
  private readonly answers = new Map<ResolvedRoute, Uint8Array>();
  private readonly settings = new Map<ResolvedRoute, RouteSettings>();

  constructor(private readonly problem: ResolvedProblem) {}

  /** Whether `route` may serve job `job` (an index into problem.jobs) by the job's rules there. */
  mayServe(job: number, route: ResolvedRoute): boolean {
    let answers = this.answers.get(route);
    if (answers === undefined) {
      answers = new Uint8Array(this.problem.jobs.length);
      this.answers.set(route, answers);
      this.settings.set(route, routeSettings(this.problem, route));
    }
    if (answers[job] === UNKNOWN) {
      this.checks++;
      answers[job] = jobMayServe(this.problem, this.problem.jobs[job]!, route, this.settings.get(route)!, {}) ? SERVES : REFUSES;
    }
    return answers[job] === SERVES;
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
