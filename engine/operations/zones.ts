import { zones } from '../territory/zones.js';
import { engineTask } from './operation.js';

/** `zones` (engine/territory/zones.ts): coordinates alone, so no travel is computed. */
export const zonesOperation = engineTask({
  name: 'zones',
  travel: 'none',
  answers: { schema: 'generated_zone', list: true },
  run: ({ problem, canonical }) => zones(problem, canonical),
  shape: (result) => result,
});
