import { operate } from './operation-results.js';
import { planningProblem } from './planning-problems.js';

test('timing', async () => {
  const body = planningProblem({ jobs: 40, routesPerDay: 4, windows: true, capacities: true, settings: { random_seed: 7, time_limit: '00:01:00' } });
  let t = Date.now();
  await operate('build', body);
  console.log('first', Date.now() - t);
  t = Date.now();
  await operate('build', body);
  console.log('second', Date.now() - t);
});
