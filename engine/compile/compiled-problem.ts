import type { CompiledInstance } from '../core/compiled/compiled-instance.js';
import type { ResolvedRoute } from '../../model/resolve.js';

/**
 * What the core does not model exactly. Each one is handled conservatively (the core never plans a
 * route the evaluator would find later or fuller than it thinks, except where noted) and the
 * evaluator prices and checks the result; with none of them, core cost = evaluator cost.
 */
export type Approximation =
  /** Route breaks and legal breaks: job windows and route ends are shortened by the breaks that can fall before them. */
  | 'breaks'
  /** Hours beyond normal_working_time cost the normal rate in the core. */
  | 'overtime'
  /** Routes drive at different speeds: the core uses the slowest for all. */
  | 'mixed_speeds'
  /** Routes travel differently (vehicle type, avoided ferries or tolls): the core uses per pair the longest and slowest for all. */
  | 'mixed_travel'
  /** Soft windows: the core prices lateness on the time-warp schedule, where a late job delays nothing after it. */
  | 'soft_windows'
  /** A job with two windows is served in one of them (the longer) in the core. */
  | 'second_windows'
  /** A negative amount (pickup) counts as load for the whole route in the core. */
  | 'pickups'
  /** max_driving_time is not modeled by the core; the evaluator check repairs it. */
  | 'max_driving_time'
  /** More limited load metrics (with max_jobs_on_route) than the core has dimensions; the rest are checked by the evaluator. */
  | 'load_metrics';

/**
 * A problem compiled for the core. Node k < jobs.length is the job `problem.jobs[jobs[k]]`; vehicle
 * type t (a class of interchangeable routes) has its start node at jobs.length + 2t and its end
 * node after it, and route slot s is the route `routes[s]`.
 */
export interface CompiledProblem {
  instance: CompiledInstance;
  /** Index into problem.jobs of each job node. */
  jobs: readonly number[];
  /** The route of each route slot: the routes of vehicle type 0, then of type 1, … */
  routes: readonly ResolvedRoute[];
  approximations: ReadonlySet<Approximation>;
}
