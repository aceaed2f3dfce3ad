import type { ResolvedRoute } from '../../model/resolve.js';
import type { SolutionSnapshot, SolveResult } from '../core/solve-options.js';
import type { CompiledProblem } from './compiled-problem.js';

/** Job orders per route, as indices into problem.jobs. */
export type RoutePlan = Map<ResolvedRoute, number[]>;

/** A plan's compiled routes as core routes (jobs the compile left out are dropped). */
export function planToSnapshot(compiled: CompiledProblem, plan: RoutePlan): SolutionSnapshot['routes'] {
  const nodeOfJob = new Map(compiled.jobs.map((job, node) => [job, node]));
  return compiled.routes.map((route, slot) => ({
    slot,
    jobs: (plan.get(route) ?? []).flatMap((job) => {
      const node = nodeOfJob.get(job);
      return node === undefined ? [] : [node];
    }),
  }));
}

/** The core's result as job orders for every compiled route, and the compiled jobs it left out. */
export function resultToPlan(
  compiled: CompiledProblem,
  result: Pick<SolveResult, 'routes' | 'unassigned'>,
): { plan: RoutePlan; unassigned: number[] } {
  const plan: RoutePlan = new Map(compiled.routes.map((route) => [route, []]));
  for (const route of result.routes)
    plan.set(
      compiled.routes[route.slot]!,
      route.jobs.map((node) => compiled.jobs[node]!),
    );
  return { plan, unassigned: result.unassigned.map((node) => compiled.jobs[node]!) };
}
