import { instantiate } from '../calendar/instantiate.js';
import { instantiateWorkBound } from '../calendar/instantiate-size.js';
import { syncOperation } from './operation.js';

export type { InstantiateOptions } from '../calendar/instantiate.js';

/**
 * `instantiate` (synchronous; engine/calendar/instantiate.ts): routes from shift patterns and jobs
 * from schedules over a range of days. `workBound` is how many routes and visits a request would
 * make or examine, for the API to refuse one too big before it runs.
 */
export const instantiateOperation = syncOperation({
  name: 'instantiate',
  travel: 'none',
  workBound: instantiateWorkBound,
  run: instantiate,
});
