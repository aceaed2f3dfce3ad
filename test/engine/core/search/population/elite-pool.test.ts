import { Elite } from '../../../../../engine/core/search/population/elite.js';
import { ElitePool } from '../../../../../engine/core/search/population/elite-pool.js';
import { Random } from '../../../../../engine/core/structures/prng.js';
import { randomSolution, tinyInstance } from '../../tiny-instances.js';

const instance = tinyInstance(5, { jobs: 30, vehicles: 8, windows: 'loose', capacity: 40 });

/** Varied feasible plans: randomized greedy insertions under different seeds. */
function plans(count: number): Elite[] {
  return Array.from({ length: count }, (_, i) => new Elite(randomSolution(instance, 100 + i).solution));
}

describe('elite pool', () => {
  it('holds at most its capacity and never drops its cheapest plan', () => {
    for (const seed of [1, 2, 3]) {
      const pool = new ElitePool(instance.jobs, new Random(seed), { capacity: 5, closest: 2, elite: 1 });
      let cheapest = Infinity;
      for (const plan of plans(20)) {
        pool.add(plan);
        cheapest = Math.min(cheapest, plan.cost);
        expect(pool.members.length).toBeLessThanOrEqual(5);
        expect(Math.min(...pool.members.map((member) => member.cost))).toBe(cheapest);
      }
      expect(pool.members.length).toBe(5);
    }
  });

  it('keeps one copy of a plan, the cheaper one', () => {
    const pool = new ElitePool(instance.jobs, new Random(1));
    const [plan] = plans(1);
    pool.add(plan!);
    pool.add(new Elite(randomSolution(instance, 100).solution));
    expect(pool.members).toEqual([plan]);
  });

  it('selects members, and a second parent other than the first while there is one', () => {
    const pool = new ElitePool(instance.jobs, new Random(4));
    const [only, other] = plans(2);
    pool.add(only!);
    expect(pool.select()).toBe(only);
    expect(pool.selectOther(only!)).toBeNull();
    pool.add(other!);
    for (let i = 0; i < 20; i++) {
      const first = pool.select();
      expect(pool.members).toContain(first);
      expect(pool.selectOther(first)).toBe(first === only ? other : only);
    }
  });

  it('prefers cheap and distinct members in tournaments', () => {
    const pool = new ElitePool(instance.jobs, new Random(9), { capacity: 8, closest: 3, elite: 2 });
    for (const plan of plans(8)) pool.add(plan);
    const cheapest = pool.members.reduce((a, b) => (a.cost <= b.cost ? a : b));
    const dearest = pool.members.reduce((a, b) => (a.cost >= b.cost ? a : b));
    const picks = new Map<Elite, number>();
    for (let i = 0; i < 4000; i++) {
      const pick = pool.select();
      picks.set(pick, (picks.get(pick) ?? 0) + 1);
    }
    expect(picks.get(cheapest) ?? 0).toBeGreaterThan(picks.get(dearest) ?? 0);
  });
});
