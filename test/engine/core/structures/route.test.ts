import { RouteModel } from '../../../../engine/core/route-model.js';
import { Route } from '../../../../engine/core/structures/route.js';
import { SEGMENT_STRIDE } from '../../../../engine/core/structures/segment.js';
import { Random } from '../../../../engine/core/structures/prng.js';
import { tinyInstance } from '../tiny-instances.js';

/** The same visits on a route built from scratch: every segment entry recomputed. */
function rebuilt(model: RouteModel, route: Route): Route {
  const fresh = new Route(route.slot, route.type, model);
  fresh.setJobs(route.nodes, 1, route.size + 1);
  fresh.refresh();
  return fresh;
}

function tables(route: Route): number[][] {
  const entries = (route.size + 2) * SEGMENT_STRIDE;
  return [Array.from(route.prefix.subarray(0, entries)), Array.from(route.suffix.subarray(0, entries)), [route.cost, route.violations]];
}

describe('route refresh after edits', () => {
  it.each([1, 2, 3])('recomputes only stale entries and matches a route built from scratch (seed %i)', (seed) => {
    const instance = tinyInstance(seed, { jobs: 60, vehicles: 4, windows: 'tight', capacity: 500 });
    const model = new RouteModel(instance);
    model.setPenalties(1, 1);
    const random = new Random(seed);
    const route = new Route(0, 0, model);
    const outside = Array.from(instance.jobs);
    for (let step = 0; step < 400; step++) {
      // A few edits between refreshes, as moves and ruins make them.
      const edits = 1 + random.nextInt(3);
      for (let e = 0; e < edits; e++) {
        const kind = route.size < 2 ? 0 : Math.max(0, random.nextInt(6) - 2);
        if (kind === 0 && outside.length > 0) {
          route.insertAt(1 + random.nextInt(route.size + 1), outside.splice(random.nextInt(outside.length), 1)[0]!);
        } else if (kind === 1) {
          outside.push(route.removeAt(1 + random.nextInt(route.size)));
        } else if (kind === 2) {
          const position = 1 + random.nextInt(route.size);
          const other = outside.length > 0 ? outside.splice(random.nextInt(outside.length), 1)[0]! : route.nodes[position]!;
          if (other !== route.nodes[position]) outside.push(route.nodes[position]!);
          route.setAt(position, other);
        } else {
          const from = 1 + random.nextInt(route.size - 1);
          route.reverse(from, from + 1 + random.nextInt(route.size - from));
        }
      }
      route.refresh();
      expect(tables(route)).toEqual(tables(rebuilt(model, route)));
    }
    expect(route.size).toBeGreaterThan(20);
  });
});

describe('route copy', () => {
  it.each([1, 2, 3])(
    'makes a route of the same slot equal to the original, tables included, empty or not on either side (seed %i)',
    (seed) => {
      const instance = tinyInstance(seed, { jobs: 30, vehicles: 2, windows: 'tight', capacity: 500 });
      const model = new RouteModel(instance);
      const random = new Random(seed);
      const source = new Route(0, 0, model);
      const target = new Route(0, 0, model);
      const fill = (route: Route): void => {
        const jobs = Int32Array.from(instance.jobs.filter(() => random.nextFloat() < 0.3));
        route.setJobs(jobs, 0, jobs.length);
      };
      const empty = (route: Route): void => {
        while (route.size > 0) route.removeAt(1);
      };
      for (let step = 0; step < 40; step++) {
        // Each side empty or not, refreshed or with changes pending.
        (random.nextFloat() < 0.5 ? empty : fill)(source);
        (random.nextFloat() < 0.5 ? empty : fill)(target);
        const refreshed = random.nextFloat() < 0.8;
        if (refreshed) source.refresh();
        if (random.nextFloat() < 0.8) target.refresh();
        target.copyFrom(source);
        // As the original is, before either is refreshed: the cost of a route emptied since its last refresh is still its old one.
        expect(Array.from(target.nodes.subarray(0, target.size + 2))).toEqual(Array.from(source.nodes.subarray(0, source.size + 2)));
        expect([target.cost, target.violations]).toEqual([source.cost, source.violations]);
        if (refreshed) expect(tables(target)).toEqual(tables(source));
        source.refresh();
        target.refresh();
        expect(tables(target)).toEqual(tables(source));
        expect(tables(target)).toEqual(tables(rebuilt(model, target)));
      }
    },
  );
});
