import { consolidate } from '../consolidate/consolidate.js';
import { engineTask } from './operation.js';

/**
 * `consolidate_by_route_assignments` (engine/consolidate/consolidate.ts): jobs merge when the
 * same routes may serve them and the same vehicles accept them. It answers jobs, not a plan, and needs the provider's streets rather than
 * a travel table of every pair.
 */
export const consolidateByRouteAssignmentsOperation = engineTask({
  name: 'consolidate_by_route_assignments',
  travel: 'streets',
  answers: { schema: 'consolidate_response' },
  run: ({ canonical, problem, travel }) => consolidate(canonical, problem, travel, 'route_assignments'),
  shape: (result) => result,
});
