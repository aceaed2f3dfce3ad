import { RouteModel } from '../../../../engine/core/route-model.js';
import { NearChanges } from '../../../../engine/core/search/near-changes.js';
import { granularNeighbourhood } from '../../../../engine/core/search/neighbourhood.js';
import { Solution } from '../../../../engine/core/structures/solution.js';
import { tinyInstance } from '../tiny-instances.js';

describe('near changes', () => {
  const instance = tinyInstance(3, { jobs: 40, vehicles: 4, windows: 'none', capacity: 1000 });
  const neighbourhood = granularNeighbourhood(instance, 5);
  const solution = new Solution(new RouteModel(instance));
  instance.jobs.forEach((job, i) => solution.insert(job, i % 4, Math.floor(i / 4) + 1));
  for (const route of solution.routes) solution.refreshRoute(route.slot);

  it("stamps a changed route's jobs and exactly the jobs that list one of them as a neighbour", () => {
    const near = new NearChanges(neighbourhood, instance.nodeCount);
    near.reset(1);
    const route = solution.routes[2]!;
    near.changed(route, 7);
    const onRoute = new Set(Array.from(route.nodes.subarray(1, route.size + 1)));
    const { k, neighbours } = neighbourhood;
    for (const job of instance.jobs) {
      const row = Array.from(neighbours.subarray(job * k, job * k + k));
      const expected = onRoute.has(job) || row.some((v) => onRoute.has(v)) ? 7 : 1;
      expect(near.at[job]).toBe(expected);
    }
  });
});
