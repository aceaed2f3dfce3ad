import type { OperationName } from '../../model/operations.js';
import type { ResolvedProblem } from '../../model/resolve.js';
import { centroids } from './centroids.js';
import { zones } from './zones.js';

/** Operations that work on coordinates alone: they need no travel table, so none is computed. */
export const territoryOperations: Partial<Record<OperationName, (problem: ResolvedProblem, request: unknown) => unknown>> = { centroids, zones };
