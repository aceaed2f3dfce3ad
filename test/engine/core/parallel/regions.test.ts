import { routeSlots } from '../../../../engine/core/compiled/route-slots.js';
import { splitIntoRegions } from '../../../../engine/core/parallel/regions.js';
import { subInstance, toFullSlots } from '../../../../engine/core/parallel/sub-instance.js';
import { RouteModel } from '../../../../engine/core/route-model.js';
import { solve } from '../../../../engine/core/solve.js';
import { Random } from '../../../../engine/core/structures/prng.js';
import { restrictedInstance, tinyInstance } from '../tiny-instances.js';

const sorted = (values: Iterable<number>): number[] => Array.from(values).sort((a, b) => a - b);

describe('splitIntoRegions', () => {
  const instance = tinyInstance(11, { jobs: 120, vehicles: 30, windows: 'loose', capacity: 40 });
  const plan = solve(instance, { seed: 1, maxIterations: 200 });
  const slotType = routeSlots(instance);
  const routes = plan.routes.map((route) => ({ slot: route.slot, jobs: route.jobs }));

  it('deals every job, route and slot to exactly one region, in parts of about equal size', () => {
    const regions = splitIntoRegions(instance, routes, [5, 9], slotType.length, 3, new Random(4));
    expect(regions).toHaveLength(3);
    expect(sorted(regions.flatMap((region) => region.jobs))).toEqual(sorted([...routes.flatMap((route) => route.jobs), 5, 9]));
    expect(sorted(regions.flatMap((region) => region.slots))).toEqual(sorted(slotType.keys()));
    for (const region of regions) {
      for (const route of region.routes) expect(region.slots).toContain(route.slot);
      const routed = region.routes.reduce((sum, route) => sum + route.jobs.length, 0);
      // Whole routes: a region overshoots its third by less than one route.
      expect(routed).toBeGreaterThan(0);
      expect(Math.abs(routed - 120 / 3)).toBeLessThan(Math.max(...routes.map((route) => route.jobs.length)) * 2);
    }
  });

  it('moves the borders with the random draw', () => {
    const first = splitIntoRegions(instance, routes, [], slotType.length, 2, new Random(1));
    const second = splitIntoRegions(instance, routes, [], slotType.length, 2, new Random(2));
    expect(sorted(first[0]!.jobs)).not.toEqual(sorted(second[0]!.jobs));
  });
});

describe('subInstance', () => {
  it('renumbers slot restrictions so every job may ride exactly the vehicles it may ride in the full instance', () => {
    const instance = restrictedInstance(3, 40);
    const slotType = routeSlots(instance);
    const plan = solve(instance, { seed: 2, maxIterations: 100 });
    const routes = plan.routes.map((route) => ({ slot: route.slot, jobs: route.jobs }));
    const full = new RouteModel(instance);
    for (const region of splitIntoRegions(instance, routes, plan.unassigned, slotType.length, 2, new Random(5))) {
      const part = subInstance(instance, region, slotType);
      const model = new RouteModel(part.instance);
      expect(sorted(part.fullSlot)).toEqual(region.slots);
      for (const job of region.jobs) {
        for (let slot = 0; slot < part.fullSlot.length; slot++) {
          expect(model.slotType[slot]).toBe(full.slotType[part.fullSlot[slot]!]);
          expect(model.canServe(job, slot)).toBe(full.canServe(job, part.fullSlot[slot]!));
        }
      }
      const result = solve(part.instance, { seed: 1, maxIterations: 50, initial: part.initial });
      for (const route of toFullSlots(result.routes, part.fullSlot)) {
        for (const job of route.jobs) expect(full.canServe(job, route.slot)).toBe(true);
      }
    }
  });
});
