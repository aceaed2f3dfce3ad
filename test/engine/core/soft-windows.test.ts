import { buildInstance } from '../../../engine/core/compiled/build-instance.js';
import { RouteModel } from '../../../engine/core/route-model.js';
import { MoveEvaluator } from '../../../engine/core/search/move-evaluator.js';

/** Depot 0 and 3, jobs 1 and 2 on a line, 100 time units apart; both jobs want service in [0, 100]. */
function line(lateCost: number | undefined, shiftEnd = 1000) {
  const at = [0, 100, 200, 0];
  const distance = at.flatMap((a) => at.map((b) => Math.abs(a - b)));
  return buildInstance({
    nodeCount: 4,
    jobs: [1, 2],
    distance,
    serviceTime: [0, 10, 10, 0],
    timeWindows: [
      [0, 0],
      [0, 100],
      [0, 100],
      [0, shiftEnd],
    ],
    vehicleTypes: [{ count: 1, start: 0, end: 3, costPerDistance: 1, costPerTime: 0 }],
    ...(lateCost !== undefined ? { lateCost } : {}),
  });
}

const cost = (model: RouteModel, jobs: number[]): number => new MoveEvaluator(model).sequenceCost(0, Int32Array.from(jobs), jobs.length);

describe('core route model with soft windows', () => {
  test('hard windows make a late visit infeasible', () => {
    expect(cost(new RouteModel(line(undefined)), [1, 2])).toBe(Infinity);
    expect(cost(new RouteModel(line(undefined)), [1])).toBe(200);
  });

  test('soft windows price the time warp: job 2 starts at 210, 110 after its window', () => {
    expect(cost(new RouteModel(line(0.5)), [1, 2])).toBeCloseTo(400 + 0.5 * 110, 9);
    // Job 2 first: 100 late; the warp schedule serves it at 100, so job 1 at 210 is 110 late.
    expect(cost(new RouteModel(line(0.5)), [2, 1])).toBeCloseTo(400 + 0.5 * 210, 9);
  });

  test('the route end stays hard: a route that returns after the shift end is infeasible', () => {
    // Back at the depot at 420 at the earliest.
    expect(cost(new RouteModel(line(0.5, 419)), [1, 2])).toBe(Infinity);
    expect(cost(new RouteModel(line(0.5, 420)), [1, 2])).toBeCloseTo(400 + 0.5 * 110, 9);
  });
});
