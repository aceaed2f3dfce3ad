import type { ResolvedJob, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { ProblemResponse } from '../../model/types/responses.js';
import { evaluateRoute, type RouteEvaluation } from './evaluate-route.js';
import { multidayChains, walkChain } from './multiday.js';
import { routeJobs } from './route-jobs.js';
import type { TravelTable } from './travel-table.js';

/** The given chains, then every route in none as a chain of one day. */
function chainsCovering(problem: ResolvedProblem, chains: readonly (readonly ResolvedRoute[])[]): (readonly ResolvedRoute[])[] {
  const chained = new Set(chains.flat());
  return [...chains, ...problem.routes.filter((route) => !chained.has(route)).map((route) => [route])];
}

export interface ProblemEvaluation {
  response: ProblemResponse;
  routes: RouteEvaluation[];
}

/**
 * Evaluates every route of a problem with the given job orders (default: as the request lists
 * them), multi-day chains day by day unless `multiday` is false (build ignores chains). `chains`
 * (build's overnight stays) replaces the chains the routes' has_next_multiday_day make; routes in
 * none are days of their own. Routes come back in request order; unrouted are the jobs on no route.
 */
export function evaluateProblem(
  problem: ResolvedProblem,
  travel: TravelTable,
  orders: ReadonlyMap<ResolvedRoute, readonly ResolvedJob[]> = new Map(),
  options: { multiday?: boolean; chains?: readonly (readonly ResolvedRoute[])[] } = {},
): ProblemEvaluation {
  const jobsOf = (route: ResolvedRoute): readonly ResolvedJob[] => orders.get(route) ?? routeJobs(route);
  const evaluations = new Map<ResolvedRoute, RouteEvaluation>();
  const chains =
    options.chains !== undefined
      ? chainsCovering(problem, options.chains)
      : options.multiday === false
        ? problem.routes.map((route) => [route])
        : multidayChains(problem);
  for (const chain of chains) {
    walkChain(problem, chain, chain.map(jobsOf), (route, context) => {
      const jobs = jobsOf(route);
      evaluations.set(route, evaluateRoute(problem, route, jobs, travel, context));
      return jobs;
    });
  }
  const routes = problem.routes.map((route) => evaluations.get(route)!);
  const placed = new Set(problem.routes.flatMap((route) => [...jobsOf(route)]));
  const unrouted = problem.jobs.filter((job) => !placed.has(job));
  return {
    routes,
    response: {
      routes: routes.map((evaluation) => evaluation.response),
      unrouted_jobs: unrouted.map((job) => ({ id: job.id })),
      ...(problem.custom !== undefined ? { custom: problem.custom } : {}),
    },
  };
}
