import type { CompiledInstance } from '../../../../engine/core/compiled/compiled-instance.js';
import { RouteModel } from '../../../../engine/core/route-model.js';
import { regretInsertion } from '../../../../engine/core/search/construction/regret-insertion.js';
import { Deadline } from '../../../../engine/core/search/deadline.js';
import { InsertionSearch } from '../../../../engine/core/search/insertion-search.js';
import { LocalSearch } from '../../../../engine/core/search/local-search.js';
import { MoveEvaluator } from '../../../../engine/core/search/move-evaluator.js';
import { JobRanking, granularNeighbourhood } from '../../../../engine/core/search/neighbourhood.js';
import { RouteExchange } from '../../../../engine/core/search/population/route-exchange.js';
import { BlinkInsertion } from '../../../../engine/core/search/recreate/blink-insertion.js';
import {
  RuinAndRecreate,
  type SearchOutcome,
  educatesCandidates,
  stallIterationsPerJob,
} from '../../../../engine/core/search/ruin-and-recreate.js';
import { StringRemoval } from '../../../../engine/core/search/ruin/string-removal.js';
import { Random } from '../../../../engine/core/structures/prng.js';
import { Solution } from '../../../../engine/core/structures/solution.js';
import { tinyInstance } from '../tiny-instances.js';

const ITERATIONS = 4000;
/** An educated iteration costs tens of plain ones. */
const EDUCATED_ITERATIONS = 1000;
const STALL_PER_JOB = 4;

/** The search as `solve` wires it, with or without restarts from the elite pool, the local-search runs it made and the jobs its start left out. */
function search(
  instance: CompiledInstance,
  seed: number,
  withRestarts: boolean,
  educated = false,
  iterations = ITERATIONS,
): SearchOutcome & { searches: number; initialUnassigned: number } {
  const model = new RouteModel(instance);
  const random = new Random(seed);
  const insertion = new InsertionSearch(new MoveEvaluator(model));
  const neighbourhood = granularNeighbourhood(instance, 20);
  const nearby = new JobRanking(instance, 64);
  const initial = new Solution(model);
  regretInsertion(initial, insertion, neighbourhood, new JobRanking(instance), new Deadline(Infinity));
  const initialUnassigned = initial.unassignedCount;
  const restarts = withRestarts
    ? { exchange: new RouteExchange(nearby, instance.nodeCount, model.slotType.length, random), stallIterationsPerJob: STALL_PER_JOB }
    : undefined;
  const ruin = new StringRemoval(nearby, instance.jobs.length, model.slotType.length, random);
  const localSearch = new LocalSearch(new MoveEvaluator(model), neighbourhood, random);
  const recreate = new BlinkInsertion(instance, insertion, random);
  const outcome = new RuinAndRecreate(ruin, recreate, localSearch, random, restarts, educated).run(initial, { maxIterations: iterations });
  return { ...outcome, searches: localSearch.work.runs, initialUnassigned };
}

describe('ruin and recreate with restarts from an elite pool', () => {
  const seeds = [4, 5, 6];
  const instances = seeds.map((seed) => tinyInstance(seed, { jobs: 50, vehicles: 14, windows: 'tight', capacity: 40 }));
  const withRestarts = instances.map((instance, i) => search(instance, seeds[i]!, true));

  it('waits longer for a better plan before a restart on plans of 400 jobs or more', () => {
    expect(stallIterationsPerJob(400)).toBeGreaterThan(stallIterationsPerJob(399));
    expect(stallIterationsPerJob(100)).toBe(stallIterationsPerJob(399));
  });

  it('restarts after stalls, and keeps a feasible best that only improves, reproducibly', () => {
    instances.forEach((instance, i) => {
      const outcome = withRestarts[i]!;
      expect(outcome.iterations).toBe(ITERATIONS);
      expect(outcome.restarts).toBeGreaterThan(0);
      expect(outcome.best.feasible).toBe(true);
      const costs = outcome.history.map((event) => event.cost);
      for (let k = 1; k < costs.length; k++) expect(costs[k]!).toBeLessThan(costs[k - 1]!);
      expect(outcome.best.cost).toBe(costs[costs.length - 1]);
      const again = search(instance, seeds[i]!, true);
      expect(again.best.toRoutes()).toEqual(outcome.best.toRoutes());
      expect(again.restarts).toBe(outcome.restarts);
    });
  });

  it('skips some route removals after they failed from the same route count', () => {
    const counts = withRestarts.map((outcome) => outcome.routeCount);
    for (const { removalsTried } of counts) expect(removalsTried).toBeGreaterThan(0);
    expect(counts.reduce((sum, { removalsSkipped }) => sum + removalsSkipped, 0)).toBeGreaterThan(0);
  });

  it('on long routes also starts runs from the best with a route split in two that keep their routes, feasible and reproducible', () => {
    [3, 4, 6].forEach((seed) => {
      const instance = tinyInstance(seed, { jobs: 60, vehicles: 10, windows: 'loose' });
      const outcome = search(instance, seed, true);
      expect(outcome.routeCount.splits).toBeGreaterThan(0);
      // The local search does not merge the new route straight back, nor does the annealing take fewer routes.
      expect(outcome.routeCount.splitsKept).toBe(outcome.routeCount.splits);
      expect(outcome.best.feasible).toBe(true);
      expect(search(instance, seed, true).best.toRoutes()).toEqual(outcome.best.toRoutes());
    });
  });

  it('ends cheaper on average than the same budget without restarts', () => {
    let restarted = 0;
    let without = 0;
    instances.forEach((instance, i) => {
      restarted += withRestarts[i]!.best.cost;
      const plain = search(instance, seeds[i]!, false);
      expect(plain.restarts).toBe(0);
      without += plain.best.cost;
    });
    expect(restarted).toBeLessThan(without);
  });
});

describe('the penalised polish of new bests', () => {
  it('runs on every new best where fewer than a tenth of the jobs are left out, also on those that place more', () => {
    const cases = [
      { seed: 4, vehicles: 14 },
      { seed: 5, vehicles: 14 },
      // Six vehicles of 40 leave a few of the 50 jobs of 1-9 units out, and the search places some of them.
      { seed: 2, vehicles: 6 },
      { seed: 3, vehicles: 6 },
    ];
    for (const { seed, vehicles } of cases) {
      const instance = tinyInstance(seed, { jobs: 50, vehicles, windows: 'tight', capacity: 40 });
      const { penalisedPolish, best, initialUnassigned } = search(instance, seed, true);
      if (vehicles === 6) {
        expect(best.unassignedCount).toBeGreaterThan(0);
        expect(best.unassignedCount).toBeLessThan(initialUnassigned);
      }
      expect(penalisedPolish.runs).toBeGreaterThan(0);
      expect(penalisedPolish.skipped).toBe(0);
    }
  });

  it('is skipped on new bests that place more jobs while a tenth or more of them are left out', () => {
    [1, 2, 3, 4].forEach((seed) => {
      // Three vehicles of 40 take about half of 50 jobs of 1-9 units.
      const instance = tinyInstance(seed, { jobs: 50, vehicles: 3, windows: 'tight', capacity: 40 });
      const outcome = search(instance, seed, true);
      expect(outcome.best.unassignedCount).toBeGreaterThanOrEqual(5);
      expect(outcome.best.unassignedCount).toBeLessThan(outcome.initialUnassigned);
      expect(outcome.best.feasible).toBe(true);
      expect(outcome.penalisedPolish.runs).toBeGreaterThan(0);
      expect(outcome.penalisedPolish.skipped).toBeGreaterThan(0);
    });
  });
});

describe('ruin and recreate with educated candidates', () => {
  const instances = [1, 2, 3, 4, 5, 6].map((seed) => tinyInstance(seed, { jobs: 50, vehicles: 14, windows: 'tight', capacity: 40 }));

  it('educates candidates on plans of 400 jobs or more', () => {
    expect(educatesCandidates(400)).toBe(true);
    expect(educatesCandidates(399)).toBe(false);
  });

  it('runs the local search on every candidate, keeps a feasible best, reproducibly, and ends cheaper on average than plain candidates at the same iterations', () => {
    let educatedCost = 0;
    let plainCost = 0;
    instances.forEach((instance, i) => {
      const educated = search(instance, i + 1, true, true, EDUCATED_ITERATIONS);
      const plain = search(instance, i + 1, true, false, EDUCATED_ITERATIONS);
      expect(educated.iterations).toBe(EDUCATED_ITERATIONS);
      expect(educated.searches).toBeGreaterThan(EDUCATED_ITERATIONS);
      expect(plain.searches).toBeLessThan(EDUCATED_ITERATIONS / 4);
      expect(educated.best.feasible).toBe(true);
      educatedCost += educated.best.cost;
      plainCost += plain.best.cost;
      expect(search(instance, i + 1, true, true, EDUCATED_ITERATIONS).best.toRoutes()).toEqual(educated.best.toRoutes());
    });
    expect(educatedCost).toBeLessThan(plainCost);
  });

  it('leaves candidates that leave jobs out plain', () => {
    const crowded = tinyInstance(3, { jobs: 50, vehicles: 2, windows: 'tight', capacity: 40 });
    const educated = search(crowded, 3, true, true, EDUCATED_ITERATIONS);
    expect(educated.best.unassignedCount).toBeGreaterThan(0);
    expect(educated.searches).toBeLessThan(EDUCATED_ITERATIONS / 4);
  });
});
