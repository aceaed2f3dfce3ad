import { canonicalize } from '../../model/canonical.js';
import { plannedJobIds } from '../../model/plan-result.js';
import type { ConsolidatedJob } from '../../model/types/consolidate.js';

type JsonObject = Record<string, unknown>;

/** A route's job ids with every linked job replaced by the original jobs it stands for, in driving order. */
export function expandJobIds(jobIds: readonly string[], consolidated: readonly ConsolidatedJob[]): string[] {
  const originals = new Map(consolidated.map((entry) => [entry.job, entry.jobs]));
  return jobIds.flatMap((id) => originals.get(id) ?? [id]);
}

/**
 * Turns a plan built on consolidated jobs back into the original jobs: `original` is the problem
 * as it was before consolidation, `plan` the answer of build/optimize/sequence on the consolidated
 * problem (a problem_response, or the whole problem with return_request). The result is
 * `original` in canonical form with each planned route's `jobs` set to the original jobs in the
 * planned order (computed stops dropped): evaluate it for every original job's own arrival time.
 */
export function expandPlan(original: unknown, plan: JsonObject, consolidated: readonly ConsolidatedJob[]): JsonObject {
  const problem = canonicalize(original, 'evaluate') as JsonObject;
  const planned = new Map<string, string[]>();
  for (const route of Array.isArray(plan.routes) ? (plan.routes as JsonObject[]) : [])
    planned.set(String(route.id), expandJobIds(plannedJobIds(route), consolidated));
  const routes = Array.isArray(problem.routes) ? (problem.routes as JsonObject[]) : [];
  return {
    ...problem,
    routes: routes.map((route) => {
      const jobs = planned.get(String(route.id));
      if (jobs === undefined) return route;
      return { ...Object.fromEntries(Object.entries(route).filter(([field]) => field !== 'stops')), jobs };
    }),
  };
}
