import type { ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import { RouteObjective } from './route-objective.js';

/** The evaluator's price of a route's order, and its hard violations. */
export interface RoutePrice {
  cost: number;
  hard: number;
}

/**
 * Evaluator objectives of routes over every job of the problem (indices into problem.jobs), so any
 * job can be priced on any route; each is compiled the first time it is needed.
 */
export class PlanPricer {
  private readonly objectives = new Map<ResolvedRoute, RouteObjective>();

  constructor(
    private readonly problem: ResolvedProblem,
    private readonly travel: TravelTable,
  ) {}

  objective(route: ResolvedRoute): RouteObjective {
    let objective = this.objectives.get(route);
    if (objective === undefined) {
      objective = new RouteObjective(this.problem, route, this.problem.jobs, this.travel);
      this.objectives.set(route, objective);
    }
    return objective;
  }

  price(route: ResolvedRoute, order: readonly number[]): RoutePrice {
    const objective = this.objective(route);
    const cost = objective.cost(order);
    return { cost, hard: objective.hardViolations };
  }
}
