import { echoRequest } from '../../model/echo.js';
import type { OperationName } from '../../model/operations.js';
import type { ResolvedProblem } from '../../model/resolve.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import { assignmentRestrictions } from './assignment-restrictions.js';
import type { ProgressReporter } from '../progress.js';
import { recommend } from './recommend.js';

/** An operation whose result is not a problem_response, so it is shaped here instead of by result-shape. */
type DispatchOperation = (problem: ResolvedProblem, travel: TravelTable, report: ProgressReporter, startedAt: number) => Promise<object>;

export const dispatchOperations: Partial<Record<OperationName, DispatchOperation>> = { recommend, assignment_restrictions: assignmentRestrictions };

/**
 * What a dispatch operation answers: recommend always its recommend_response (no return_request
 * variant is documented); assignment_restrictions with return_request the whole request in
 * canonical form with the assignment_restrictions_response under `assignment_restrictions`.
 */
export function shapeDispatchResult(request: unknown, operation: OperationName, problem: ResolvedProblem, result: object): object {
  if (operation === 'assignment_restrictions' && problem.return_request) {
    return { ...echoRequest(request, operation), assignment_restrictions: result };
  }
  return result;
}
