import type { ResolvedJob, ResolvedProblem } from '../../model/resolve.js';
import type { ProblemResponse } from '../../model/types/responses.js';
import type { TravelProvider } from '../../geo/travel.js';
import { evaluateRoute } from '../evaluate/evaluate-route.js';
import { problemTravelTable } from '../evaluate/problem-travel.js';
import { improveOrder } from './order-search.js';
import type { ProgressReporter } from './progress.js';
import { routeAllows } from './route-eligibility.js';
import { jobLoads, routeCapacities, RouteLoad } from './route-loads.js';
import { RouteObjective } from './route-objective.js';
import { searchDeadline } from './search-budget.js';

interface RouteState {
  objective: RouteObjective;
  order: number[];
  cost: number;
  load: RouteLoad;
  maxJobs: number;
}

/**
 * `build` (construction heuristic): keeps the jobs already on routes, then inserts every other job
 * where it adds the least internal cost without a hard violation (dates, attributes, drivers,
 * capacity, job count, hard time windows, end time); improves each route's order; what fits
 * nowhere is unrouted.
 */
export async function build(problem: ResolvedProblem, provider: TravelProvider, report: ProgressReporter): Promise<ProblemResponse> {
  const started = Date.now();
  const deadline = searchDeadline(problem, started);
  const travel = await problemTravelTable(problem, provider);
  const jobs = problem.jobs;
  const jobIndex = new Map<ResolvedJob, number>(jobs.map((job, i) => [job, i]));
  const states: RouteState[] = problem.routes.map((route) => {
    const objective = new RouteObjective(problem, route, jobs, travel);
    const order = route.jobs.map((job) => jobIndex.get(job)!);
    const load = new RouteLoad(routeCapacities(route));
    for (const job of route.jobs) load.add(jobLoads(job));
    return { objective, order, cost: objective.cost(order), load, maxJobs: route.max_jobs_on_route ?? Infinity };
  });
  const placed = new Set(states.flatMap((s) => s.order));
  const unrouted: { id: string }[] = [];
  const candidate: number[] = [];
  for (const [index, job] of jobs.entries()) {
    if (placed.has(index)) continue;
    report({ phase: 'build: inserting jobs', elapsed_seconds: (Date.now() - started) / 1000 });
    const loads = jobLoads(job);
    let best: { state: RouteState; position: number; delta: number; cost: number } | undefined;
    for (const [r, state] of states.entries()) {
      const route = problem.routes[r]!;
      if (state.order.length >= state.maxJobs || !routeAllows(job, route) || !state.load.fits(loads)) continue;
      for (let position = 0; position <= state.order.length; position++) {
        candidate.length = 0;
        candidate.push(...state.order.slice(0, position), index, ...state.order.slice(position));
        const cost = state.objective.cost(candidate);
        if (state.objective.hardViolations > 0) continue;
        const delta = cost - state.cost;
        if (!best || delta < best.delta) best = { state, position, delta, cost };
      }
    }
    if (!best) {
      unrouted.push({ id: job.id });
      continue;
    }
    best.state.order.splice(best.position, 0, index);
    best.state.cost = best.cost;
    best.state.load.add(loads);
  }
  const routes = states.map((state, r) => {
    const order = Int32Array.from(state.order);
    const cost = improveOrder(order, state.objective, deadline);
    report({ phase: 'build: improving routes', best_cost: cost, elapsed_seconds: (Date.now() - started) / 1000, routes_done: r + 1, routes_total: states.length });
    return evaluateRoute(problem, problem.routes[r]!, Array.from(order, (i) => jobs[i]!), travel).response;
  });
  return { routes, unrouted_jobs: unrouted, ...(problem.custom !== undefined ? { custom: problem.custom } : {}) };
}
