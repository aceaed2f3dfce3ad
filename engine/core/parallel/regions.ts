import type { CompiledInstance } from '../compiled/compiled-instance.js';
import type { SolutionSnapshot } from '../solve-options.js';
import type { Random } from '../structures/prng.js';

/** A part of a plan that one thread improves on its own: some of its routes, their jobs, and vehicles to spare. */
export interface Region {
  /** Jobs of the region's routes and the unassigned jobs nearest them. */
  jobs: number[];
  /** Route slots of the full instance the region may use, ascending. */
  slots: number[];
  routes: SolutionSnapshot['routes'];
}

/**
 * Splits a plan into `count` regions of about equal job counts, each a set of whole routes: a
 * region grows from a random job by the routes that pass nearest it, the last takes what is left.
 * Unused route slots are dealt out in turn and each unassigned job goes with its nearest routed
 * job, so the regions share no job and no vehicle and their plans merge into a plan of the whole.
 * A new random job each time moves the borders, so pairs of routes split once meet later.
 */
export function splitIntoRegions(
  instance: CompiledInstance,
  routes: SolutionSnapshot['routes'],
  unassigned: readonly number[],
  slotCount: number,
  count: number,
  random: Random,
): Region[] {
  const n = instance.nodeCount;
  const used = routes.filter((route) => route.jobs.length > 0);
  const regionOfRoute = new Int32Array(used.length).fill(count - 1);
  let remaining = used.reduce((sum, route) => sum + route.jobs.length, 0);
  let open = used.map((_, index) => index);
  const centre = used.map((route) => medoid(instance, route.jobs));
  for (let region = 0; region < count - 1 && open.length > 0; region++) {
    const seed = centre[open[random.nextInt(open.length)]!]!;
    const order = open
      .map((index) => ({ index, near: instance.distance[seed * n + centre[index]!]! }))
      .sort((a, b) => a.near - b.near || a.index - b.index);
    const target = remaining / (count - region);
    let taken = 0;
    const chosen = new Set<number>();
    for (const { index } of order) {
      if (taken >= target) break;
      chosen.add(index);
      regionOfRoute[index] = region;
      taken += used[index]!.jobs.length;
    }
    remaining -= taken;
    open = open.filter((index) => !chosen.has(index));
  }

  const regions: Region[] = Array.from({ length: count }, () => ({ jobs: [], slots: [], routes: [] }));
  const usedSlot = new Uint8Array(slotCount);
  used.forEach((route, index) => {
    const region = regions[regionOfRoute[index]!]!;
    region.routes.push(route);
    region.slots.push(route.slot);
    region.jobs.push(...route.jobs);
    usedSlot[route.slot] = 1;
  });
  let next = 0;
  for (let slot = 0; slot < slotCount; slot++) {
    if (usedSlot[slot]) continue;
    regions[next]!.slots.push(slot);
    next = (next + 1) % count;
  }
  for (const job of unassigned) regions[nearestRegion(instance, job, used, regionOfRoute, regions.length)]!.jobs.push(job);
  for (const region of regions) region.slots.sort((a, b) => a - b);
  return regions;
}

/** The region of the routed job nearest `job` (spread by node index when nothing is routed). */
function nearestRegion(
  instance: CompiledInstance,
  job: number,
  used: SolutionSnapshot['routes'],
  regionOfRoute: Int32Array,
  count: number,
): number {
  let best = -1;
  let bestDistance = Infinity;
  used.forEach((route, index) => {
    for (const other of route.jobs) {
      const distance = instance.distance[job * instance.nodeCount + other]!;
      if (distance < bestDistance) {
        bestDistance = distance;
        best = regionOfRoute[index]!;
      }
    }
  });
  return best >= 0 ? best : job % count;
}

/** The job of a route with the least travel to all its others: where the route lies, without coordinates. */
function medoid(instance: CompiledInstance, jobs: readonly number[]): number {
  let best = jobs[0]!;
  let bestSum = Infinity;
  for (const a of jobs) {
    let sum = 0;
    for (const b of jobs) sum += instance.distance[a * instance.nodeCount + b]!;
    if (sum < bestSum) {
      bestSum = sum;
      best = a;
    }
  }
  return best;
}
