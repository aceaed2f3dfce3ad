import type { ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import { RouteEligibility } from '../compile/route-eligibility.js';
import { JobFigures } from '../evaluate/job-figures.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import { RouteObjective } from './route-objective.js';

/** The evaluator's price of a route's order, and its hard violations. */
export interface RoutePrice {
  cost: number;
  hard: number;
}

/**
 * From this many jobs on, a route's objective compiles only the jobs it may serve (by dates,
 * attributes, drivers, zones): every job on every route of a 10,000-job week took 0.8 GB, most of
 * it jobs of other dates. Others are compiled when an order holds them.
 */
export const COMPILE_SERVABLE_FROM_JOBS = 3000;

/**
 * Evaluator objectives of routes over every job of the problem (indices into problem.jobs), so any
 * job can be priced on any route; each is compiled the first time it is needed. `eligibility`
 * answers which jobs a route may serve.
 */
export class PlanPricer {
  private readonly objectives = new Map<ResolvedRoute, RouteObjective>();
  /** The figures of every job of the problem, shared by the routes' objectives. */
  private figures: JobFigures | undefined;

  constructor(
    private readonly problem: ResolvedProblem,
    private readonly travel: TravelTable,
    readonly eligibility = new RouteEligibility(problem),
  ) {}

  objective(route: ResolvedRoute): RouteObjective {
    let objective = this.objectives.get(route);
    if (objective === undefined) {
      const { problem } = this;
      const servable = problem.jobs.length >= COMPILE_SERVABLE_FROM_JOBS ? this.servable(route) : undefined;
      this.figures ??= JobFigures.of(problem, problem.jobs, this.travel);
      objective = new RouteObjective(problem, route, problem.jobs, this.travel, {}, servable, this.figures);
      this.objectives.set(route, objective);
    }
    return objective;
  }

  price(route: ResolvedRoute, order: readonly number[]): RoutePrice {
    const objective = this.objective(route);
    const cost = objective.cost(order);
    return { cost, hard: objective.hardViolations };
  }

  /** The jobs `route` may serve whatever the order. */
  private servable(route: ResolvedRoute): number[] {
    const servable: number[] = [];
    for (let job = 0; job < this.problem.jobs.length; job++) if (this.eligibility.mayServe(job, route)) servable.push(job);
    return servable;
  }
}
