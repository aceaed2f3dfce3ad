import { consolidate } from '../consolidate/consolidate.js';
import { engineTask } from './operation.js';

/**
 * `consolidate_by_job_restrictions` (engine/consolidate/consolidate.ts): jobs merge when every
 * field that limits where or when they may be served is the same. It answers jobs, not a plan,
 * and needs the provider's streets rather than a travel table of every pair.
 */
export const consolidateByJobRestrictionsOperation = engineTask({
  name: 'consolidate_by_job_restrictions',
  travel: 'streets',
  answers: { schema: 'consolidate_response' },
  run: ({ canonical, problem, travel }) => consolidate(canonical, problem, travel, 'job_restrictions'),
  shape: (result) => result,
});
