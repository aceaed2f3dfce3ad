import { RouteModel } from '../../../../../engine/core/route-model.js';
import { Elite } from '../../../../../engine/core/search/population/elite.js';
import { Solution } from '../../../../../engine/core/structures/solution.js';
import { randomSolution, tinyInstance } from '../../tiny-instances.js';

const instance = tinyInstance(11, { jobs: 12, vehicles: 4, windows: 'none' });

function planOf(routes: number[][]): Elite {
  const solution = new Solution(new RouteModel(instance));
  solution.load(routes.map((jobs, slot) => ({ slot, jobs })));
  return new Elite(solution);
}

describe('elite (a kept solution) and the broken-pairs distance', () => {
  const plan = [
    [1, 2, 3, 4],
    [5, 6, 7, 8],
    [9, 10, 11, 12],
  ];

  it('keeps the routes, cost and per-job neighbours of a solution', () => {
    const { solution } = randomSolution(instance, 3);
    const elite = new Elite(solution);
    expect(elite.cost).toBe(solution.cost);
    expect(elite.routes).toEqual(solution.toRoutes());
    for (const [index, { jobs }] of elite.routes.entries()) {
      jobs.forEach((job, i) => {
        expect(elite.routeIndex[job]).toBe(index);
        expect(elite.previous[job]).toBe(i === 0 ? -1 : jobs[i - 1]);
        expect(elite.next[job]).toBe(i === jobs.length - 1 ? -1 : jobs[i + 1]);
      });
    }
  });

  it('is 0 between a plan and itself, with routes reversed or in other slots', () => {
    const elite = planOf(plan);
    expect(elite.distance(elite, instance.jobs)).toBe(0);
    expect(elite.distance(planOf(plan.map((jobs) => [...jobs].reverse())), instance.jobs)).toBe(0);
    expect(elite.distance(planOf([plan[2]!, plan[0]!, plan[1]!]), instance.jobs)).toBe(0);
  });

  it('counts the broken successor links and route starts', () => {
    const elite = planOf(plan);
    // Job 4 moves to the end of the second route: 3 loses its successor, 8 gains one.
    const moved = planOf([
      [1, 2, 3],
      [5, 6, 7, 8, 4],
      [9, 10, 11, 12],
    ]);
    expect(elite.distance(moved, instance.jobs)).toBeCloseTo(2 / 12, 12);
    // Splitting a route starts a new one at 3: its route start is broken, and 2 loses its successor.
    const split = planOf([[1, 2], [3, 4], plan[1]!, plan[2]!]);
    expect(elite.distance(split, instance.jobs)).toBeCloseTo(1 / 12, 12);
    expect(split.distance(elite, instance.jobs)).toBeCloseTo(2 / 12, 12);
  });
});
