import type { ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { AssignmentRestrictionsResponse, RouteResponse, RouteRestriction } from '../../model/types/responses.js';
import { VIOLATION_TYPES, type Violation, type ViolationType } from '../../model/types/violation.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import { ChainPricer } from '../planning/chain-pricer.js';
import type { ProgressReporter } from '../progress.js';
import { echoCanonical } from '../../model/echo.js';
import { engineTask } from './operation.js';
import { fallbackFlag } from './fallback-flag.js';

/**
 * The hard violations job `job` (index into problem.jobs) has alone on `route`, as a day of its
 * own: its dates, attributes, drivers, zones, a route that may serve nothing, and what no order can
 * avoid (a window it cannot reach, a load above capacity, a visit longer than the shift). Any of
 * them forbids the job on the route, whatever else the route serves.
 */
export function routeRestrictions(pricer: ChainPricer, route: ResolvedRoute, job: number): Violation[] {
  return pricer.aloneHardViolations(route, job);
}

/** For each job, the routes it may not go on and why (only routes with restrictions). */
function jobRestrictions(pricer: ChainPricer, problem: ResolvedProblem, job: number): RouteRestriction[] {
  return problem.routes.flatMap((route) => {
    const violations = routeRestrictions(pricer, route, job);
    return violations.length === 0 ? [] : [{ id: route.id, violations }];
  });
}

/**
 * `assignment_restrictions`: without optimizing, for each job the routes it may not
 * go on, each with the violations that forbid it there (each route taken alone, as an empty day:
 * multi-day chains and the jobs already on routes do not count), and the jobs no route can take.
 */
export async function assignmentRestrictions(
  problem: ResolvedProblem,
  travel: TravelTable,
  report: ProgressReporter,
  startedAt = Date.now(),
): Promise<AssignmentRestrictionsResponse> {
  const pricer = new ChainPricer(problem, travel);
  const response: AssignmentRestrictionsResponse = { jobs: [], unrouted_jobs: [] };
  problem.jobs.forEach((job, index) => {
    report({ phase: 'assignment_restrictions', elapsed_seconds: (Date.now() - startedAt) / 1000 });
    const routes = jobRestrictions(pricer, problem, index);
    if (routes.length === 0) return;
    response.jobs.push({ id: job.id, routes });
    if (routes.length === problem.routes.length) {
      const types = new Set<ViolationType>(routes.flatMap((route) => route.violations.map((violation) => violation.type)));
      response.unrouted_jobs.push({ id: job.id, reasons: VIOLATION_TYPES.filter((type) => types.has(type)) });
    }
  });
  if (problem.routes.length === 0) response.unrouted_jobs = problem.jobs.map((job) => ({ id: job.id, reasons: [] }));
  return problem.custom === undefined ? response : { ...response, custom: problem.custom };
}

/**
 * `settings.return_assignment_restrictions`: every job stop lists the routes of the
 * problem its job may not go on, one violation per route and reason, with the route's id in
 * `data.route`. Returns what adds them to route responses (the identity without the setting).
 */
export function stopRestrictions(problem: ResolvedProblem, travel: TravelTable): (routes: readonly RouteResponse[]) => RouteResponse[] {
  if (problem.settings.return_assignment_restrictions !== true) return (routes) => [...routes];
  const pricer = new ChainPricer(problem, travel);
  const indexById = new Map(problem.jobs.map((job, index) => [job.id, index]));
  const restrictionsOf = (job: number): Violation[] =>
    jobRestrictions(pricer, problem, job).flatMap((restriction) =>
      restriction.violations.map((violation) => ({ type: violation.type, data: { ...violation.data, route: restriction.id } })),
    );
  return (routes) =>
    routes.map((route) => ({
      ...route,
      ...(route.stops
        ? {
            stops: route.stops.map((stop) => {
              const job = stop.type === 'job' ? indexById.get(stop.job ?? stop.id) : undefined;
              return job === undefined ? stop : { ...stop, assignment_restrictions: restrictionsOf(job) };
            }),
          }
        : {}),
    }));
}

/** The route responses with stop assignment restrictions when settings ask for them. */
export function withStopRestrictions(problem: ResolvedProblem, travel: TravelTable, routes: readonly RouteResponse[]): RouteResponse[] {
  return stopRestrictions(problem, travel)(routes);
}

/**
 * `assignment_restrictions` as a task: with return_request the whole request in canonical form
 * with the assignment_restrictions_response under `assignment_restrictions`.
 */
export const assignmentRestrictionsOperation = engineTask({
  name: 'assignment_restrictions',
  travel: 'matrix',
  answers: { schema: 'assignment_restrictions_response' },
  run: ({ problem, travel, report, startedAt }) => assignmentRestrictions(problem, travel, report, startedAt),
  shape: (result, { canonical, problem, travel }) => {
    const flagged = { ...result, ...fallbackFlag(travel) };
    return problem.return_request ? { ...echoCanonical(canonical), assignment_restrictions: flagged } : flagged;
  },
});
