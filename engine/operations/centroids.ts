import { centroids } from '../territory/centroids.js';
import { engineTask } from './operation.js';

/** `centroids` (engine/territory/centroids.ts): coordinates alone, so no travel is computed. */
export const centroidsOperation = engineTask({
  name: 'centroids',
  travel: 'none',
  answers: { schema: 'centroids_response' },
  run: ({ problem, canonical }) => centroids(problem, canonical),
  shape: (result) => result,
});
