import fc from 'fast-check';
import { SEG_DISTANCE, SEG_DURATION, SEG_LOAD, SEG_TIME_WARP, SEGMENT_STRIDE } from '../../../../engine/core/structures/segment.js';
import { costOfRoutes, randomSolution, tinyInstance } from '../tiny-instances.js';

const S = SEGMENT_STRIDE;
const JOBS = 12;

/** Forward simulation from the depot opening: wait when early, "travel back in time" when late. */
function simulate(instance: ReturnType<typeof tinyInstance>, jobs: number[]) {
  const n = instance.nodeCount;
  let time = instance.shiftStart[0]!;
  let warp = 0;
  let distance = 0;
  let load = 0;
  let previous = 0;
  for (const node of [...jobs, 0]) {
    distance += instance.distance[previous * n + node]!;
    time += instance.duration[previous * n + node]!;
    const latest = node === 0 ? instance.shiftEnd[0]! : instance.timeWindowEnd[node]!;
    if (time > latest) {
      warp += time - latest;
      time = latest;
    }
    time = Math.max(time, node === 0 ? 0 : instance.timeWindowStart[node]!);
    time += node === 0 ? 0 : instance.serviceTime[node]!;
    load += instance.demand[node]!;
    previous = node;
  }
  return { distance, warp, load };
}

const routeArbitrary = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  jobs: fc.shuffledSubarray(
    Array.from({ length: JOBS }, (_, i) => i + 1),
    { minLength: 1 },
  ),
  cut: fc.nat(),
  extra: fc.integer({ min: 1, max: JOBS }),
});

describe('route segment summaries', () => {
  it('summarise a whole route like a forward simulation, from either end', () => {
    fc.assert(
      fc.property(routeArbitrary, ({ seed, jobs }) => {
        const instance = tinyInstance(seed, { jobs: JOBS, vehicles: 1, windows: 'tight' });
        const { solution } = randomSolution(instance, seed);
        const route = solution.routes[0]!;
        route.setJobs(Int32Array.from(jobs), 0, jobs.length);
        route.refresh();
        const expected = simulate(instance, jobs);
        const end = (jobs.length + 1) * S;
        expect(route.prefix[end + SEG_DISTANCE]).toBeCloseTo(expected.distance, 9);
        expect(route.prefix[end + SEG_TIME_WARP]).toBeCloseTo(expected.warp, 9);
        expect(route.prefix[end + SEG_LOAD]).toBeCloseTo(expected.load, 9);
        for (const field of [SEG_DISTANCE, SEG_DURATION, SEG_TIME_WARP, SEG_LOAD]) {
          expect(route.suffix[field]).toBeCloseTo(route.prefix[end + field]!, 9);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('price an insertion and a removal in O(1) exactly as a full recomputation', () => {
    fc.assert(
      fc.property(routeArbitrary, ({ seed, jobs, cut, extra }) => {
        const instance = tinyInstance(seed, { jobs: JOBS, vehicles: 1, windows: 'loose' });
        const harness = randomSolution(instance, seed);
        const { evaluator, model } = harness;
        const route = harness.solution.routes[0]!;
        route.setJobs(Int32Array.from(jobs), 0, jobs.length);
        route.refresh();
        const at = 1 + (cut % (jobs.length + 1));
        if (!jobs.includes(extra)) {
          const inserted = [...jobs.slice(0, at - 1), extra, ...jobs.slice(at - 1)];
          const quick = evaluator.join3(0, route.prefix, (at - 1) * S, model.visits, extra * S, route.suffix, at * S);
          expectSameCost(quick, costOfRoutes(harness, [inserted]));
        }
        const removeAt = 1 + (cut % jobs.length);
        const removed = jobs.filter((_, i) => i !== removeAt - 1);
        const quick = removed.length === 0 ? 0 : evaluator.join2(0, route.prefix, (removeAt - 1) * S, route.suffix, (removeAt + 1) * S);
        expectSameCost(quick, costOfRoutes(harness, [removed]));
      }),
      { numRuns: 300 },
    );
  });
});

function expectSameCost(actual: number, expected: number): void {
  if (expected === Infinity) expect(actual).toBe(Infinity);
  else expect(actual).toBeCloseTo(expected, 9);
}
