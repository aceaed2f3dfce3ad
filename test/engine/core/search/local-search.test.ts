import type { CompiledInstance } from '../../../../engine/core/compiled/compiled-instance.js';
import { RouteModel } from '../../../../engine/core/route-model.js';
import { regretInsertion } from '../../../../engine/core/search/construction/regret-insertion.js';
import { Deadline } from '../../../../engine/core/search/deadline.js';
import { InsertionSearch } from '../../../../engine/core/search/insertion-search.js';
import { LocalSearch } from '../../../../engine/core/search/local-search.js';
import { MoveEvaluator } from '../../../../engine/core/search/move-evaluator.js';
import { JobRanking, granularNeighbourhood, type Neighbourhood } from '../../../../engine/core/search/neighbourhood.js';
import { BlinkInsertion } from '../../../../engine/core/search/recreate/blink-insertion.js';
import { StringRemoval } from '../../../../engine/core/search/ruin/string-removal.js';
import { Random } from '../../../../engine/core/structures/prng.js';
import { Solution } from '../../../../engine/core/structures/solution.js';
import { routesOf, tinyInstance } from '../tiny-instances.js';

const ROUNDS = 12;
const NO_DEADLINE = new Deadline(Infinity);

interface Setup {
  model: RouteModel;
  neighbourhood: Neighbourhood;
  solution: Solution;
  ruin: StringRemoval;
  recreate: BlinkInsertion;
}

function setup(instance: CompiledInstance, seed: number): Setup {
  const model = new RouteModel(instance);
  const random = new Random(seed);
  const insertion = new InsertionSearch(new MoveEvaluator(model));
  const neighbourhood = granularNeighbourhood(instance, 20);
  const solution = new Solution(model);
  regretInsertion(solution, insertion, neighbourhood, new JobRanking(instance), NO_DEADLINE);
  const ruin = new StringRemoval(new JobRanking(instance, 64), instance.jobs.length, model.slotType.length, random);
  return { model, neighbourhood, solution, ruin, recreate: new BlinkInsertion(instance, insertion, random) };
}

function copyOf(solution: Solution): Solution {
  const copy = new Solution(solution.model);
  copy.copyFrom(solution);
  return copy;
}

/** A search that has never run: it examines every route. */
function fresh(s: Setup, seed: number): LocalSearch {
  return new LocalSearch(new MoveEvaluator(s.model), s.neighbourhood, new Random(seed));
}

describe('local search from the routes that changed', () => {
  const instance = tinyInstance(7, { jobs: 400, vehicles: 100, windows: 'tight', capacity: 40 });

  it('after a ruin and recreate examines a fraction of the pairs of a full search, and still ends in a local optimum', () => {
    const s = setup(instance, 3);
    const search = fresh(s, 11);
    search.run(s.solution, NO_DEADLINE);
    let restricted = 0;
    let full = 0;
    let restrictedJobs = 0;
    let fullJobs = 0;
    for (let round = 0; round < ROUNDS; round++) {
      s.ruin.ruin(s.solution);
      s.recreate.recreate(s.solution);
      const start = copyOf(s.solution);
      const before = { ...search.work };
      search.run(s.solution, NO_DEADLINE);
      restricted += search.work.jobPairs - before.jobPairs;
      restrictedJobs += search.work.jobsExamined - before.jobsExamined;
      expect(search.work.changedRoutes - before.changedRoutes).toBeLessThan(s.solution.usedRoutes());
      const reference = fresh(s, 11);
      reference.run(start, NO_DEADLINE);
      full += reference.work.jobPairs;
      fullJobs += reference.work.jobsExamined;
      // A full search from where the restricted one ended finds nothing left to improve.
      const check = copyOf(s.solution);
      const checker = fresh(s, 5);
      checker.run(check, NO_DEADLINE);
      expect(routesOf(check)).toEqual(routesOf(s.solution));
      expect(s.solution.feasible).toBe(true);
    }
    expect(restricted).toBeLessThan(full / 2);
    expect(restrictedJobs).toBeLessThan(0.75 * fullJobs);
  });

  it('searches with priced violations only around the routes the search before it touched, reproducibly', () => {
    const outcome = (seed: number): { routes: number[][]; pairs: number; fullPairs: number; cost: number; start: number } => {
      const s = setup(instance, seed);
      const search = fresh(s, seed);
      search.run(s.solution, NO_DEADLINE);
      s.ruin.ruin(s.solution);
      s.recreate.recreate(s.solution);
      search.run(s.solution, NO_DEADLINE);
      s.model.setPenalties(1, 1);
      s.solution.reprice();
      const start = s.solution.cost;
      const copy = copyOf(s.solution);
      const before = search.work.jobPairs;
      search.run(s.solution, NO_DEADLINE);
      const reference = fresh(s, seed);
      reference.run(copy, NO_DEADLINE);
      return {
        routes: routesOf(s.solution),
        pairs: search.work.jobPairs - before,
        fullPairs: reference.work.jobPairs,
        cost: s.solution.cost,
        start,
      };
    };
    for (const seed of [1, 2, 3]) {
      const first = outcome(seed);
      expect(first.pairs).toBeGreaterThan(0);
      expect(first.pairs).toBeLessThan(0.8 * first.fullPairs);
      expect(first.cost).toBeLessThanOrEqual(first.start);
      expect(outcome(seed)).toEqual(first);
    }
  });
});

describe('SWAP* in the local search', () => {
  it('runs on plans whose jobs share a window and not on plans whose windows differ', () => {
    const routePairs = (windows: 'none' | 'tight'): number => {
      const s = setup(tinyInstance(7, { jobs: 200, vehicles: 50, windows, capacity: 40 }), 3);
      const search = fresh(s, 11);
      search.run(s.solution, NO_DEADLINE);
      expect(s.solution.feasible).toBe(true);
      return search.work.routePairs;
    };
    expect(routePairs('none')).toBeGreaterThan(0);
    expect(routePairs('tight')).toBe(0);
  });
});

describe('local search with an abandon bound', () => {
  const instance = tinyInstance(9, { jobs: 300, vehicles: 60, windows: 'none', capacity: 60 });

  it('stops where the moves bring every route back to the last local optimum, which a full search would not leave', () => {
    const s = setup(instance, 5);
    const search = fresh(s, 5);
    search.run(s.solution, NO_DEADLINE);
    const optimum = copyOf(s.solution);
    // An unchanged plan is the optimum already: no pair is examined.
    const before = { ...search.work };
    search.run(copyOf(optimum), NO_DEADLINE);
    expect(search.work.returned - before.returned).toBe(1);
    expect(search.work.jobPairs).toBe(before.jobPairs);
    let returned = 0;
    for (let round = 0; round < 3 * ROUNDS; round++) {
      // Each round starts from the optimum again, remembered by a run on it.
      const candidate = copyOf(optimum);
      search.run(copyOf(optimum), NO_DEADLINE);
      s.ruin.ruin(candidate);
      s.recreate.recreate(candidate);
      const start = { ...search.work };
      search.run(candidate, NO_DEADLINE);
      const back = search.work.returned - start.returned;
      expect(back).toBeLessThanOrEqual(1);
      returned += back;
      expect(JSON.stringify(routesOf(candidate)) === JSON.stringify(routesOf(optimum))).toBe(back === 1);
      const check = copyOf(candidate);
      fresh(s, 9).run(check, NO_DEADLINE);
      expect(routesOf(check)).toEqual(routesOf(candidate));
    }
    expect(returned).toBeGreaterThan(0);
    expect(returned).toBeLessThan(3 * ROUNDS);
  });

  it('abandons a candidate its first pass of job moves leaves above the first-pass bound after that pass', () => {
    let early = 0;
    let late = 0;
    for (const seed of [1, 2, 3, 4]) {
      const s = setup(instance, seed);
      s.ruin.ruin(s.solution);
      s.recreate.recreate(s.solution);
      const afterFirstPass = fresh(s, seed);
      const afterAll = fresh(s, seed);
      expect(afterFirstPass.run(copyOf(s.solution), NO_DEADLINE, -1, -1)).toBe(false);
      expect(afterAll.run(copyOf(s.solution), NO_DEADLINE, -1)).toBe(false);
      expect(afterFirstPass.work.jobPairs).toBeLessThanOrEqual(afterAll.work.jobPairs);
      early += afterFirstPass.work.jobPairs;
      late += afterAll.work.jobPairs;
    }
    expect(early).toBeLessThan(late);
  });

  it('abandons a candidate its job moves leave above the bound before trying any route pair, and ends in a local optimum below it', () => {
    for (const seed of [1, 2, 3, 4]) {
      const s = setup(instance, seed);
      const search = fresh(s, seed);
      search.run(s.solution, NO_DEADLINE);
      s.ruin.ruin(s.solution);
      s.recreate.recreate(s.solution);
      const candidate = copyOf(s.solution);
      const before = { ...search.work };
      expect(search.run(candidate, NO_DEADLINE, -1)).toBe(false);
      expect(search.work.abandoned - before.abandoned).toBe(1);
      expect(search.work.routePairs).toBe(before.routePairs);
      // A bound the plan meets: the run completes, and a full search finds nothing left.
      const kept = copyOf(s.solution);
      expect(fresh(s, 7).run(kept, NO_DEADLINE, Number.MAX_VALUE)).toBe(true);
      expect(kept.feasible).toBe(true);
      const check = copyOf(kept);
      fresh(s, 5).run(check, NO_DEADLINE);
      expect(routesOf(check)).toEqual(routesOf(kept));
    }
  });
});

describe('local search that keeps routes', () => {
  const instance = tinyInstance(6, { jobs: 60, vehicles: 10, windows: 'loose' });

  /** A local optimum with one job moved to a route of its own. */
  function withLoneRoute(s: Setup): Solution {
    fresh(s, 2).run(s.solution, NO_DEADLINE);
    const plan = copyOf(s.solution);
    const free = plan.routes.find((route) => route.size === 0)!;
    const from = plan.routes.find((route) => route.size > 1)!;
    const job = from.nodes[1]!;
    plan.remove(job);
    plan.refreshRoute(from.slot);
    plan.insert(job, free.slot, 1);
    plan.refreshRoute(free.slot);
    return plan;
  }

  it('leaves every route used while routes are kept, and merges the lone route once they may merge', () => {
    for (const seed of [1, 2, 3]) {
      const s = setup(instance, seed);
      const plan = withLoneRoute(s);
      const routes = plan.usedRoutes();
      const merged = copyOf(plan);
      fresh(s, seed).run(merged, NO_DEADLINE);
      expect(merged.usedRoutes()).toBeLessThan(routes);

      const search = fresh(s, seed);
      search.keepRoutes(true);
      const start = plan.cost;
      search.run(plan, NO_DEADLINE);
      expect(plan.usedRoutes()).toBe(routes);
      expect(plan.cost).toBeLessThanOrEqual(start);
      expect(plan.feasible).toBe(true);
      // The optimum reached with routes kept is forgotten, so the next run looks at every route again.
      search.keepRoutes(false);
      search.run(plan, NO_DEADLINE);
      expect(plan.usedRoutes()).toBeLessThan(routes);
    }
  });
});
