import type { CompiledInstance } from '../compiled/compiled-instance.js';
import type { RouteResult, SolutionSnapshot } from '../solve-options.js';
import type { Region } from './regions.js';

export interface SubInstance {
  instance: CompiledInstance;
  /** Per route slot of the sub-instance: its slot in the full instance. */
  fullSlot: Int32Array;
  /** The region's routes with sub-instance slots. */
  initial: SolutionSnapshot['routes'];
}

/**
 * The instance restricted to a region: its jobs and, per vehicle type, as many vehicles as the
 * region holds slots of that type. Nodes keep their indices, so the travel matrices and every
 * per-node array are the full instance's own (shared with the threads, not copied); only the
 * slot bitsets of jobs bound to particular vehicles are renumbered.
 */
export function subInstance(instance: CompiledInstance, region: Region, slotType: Int32Array): SubInstance {
  const types = instance.vehicleTypeCount;
  const vehicleCount = new Int32Array(types);
  for (const slot of region.slots) vehicleCount[slotType[slot]!]!++;
  // The full instance numbers its slots type by type, so the region's ascending slots do too.
  const fullSlot = Int32Array.from(region.slots);
  const subSlot = new Map<number, number>();
  fullSlot.forEach((slot, index) => subSlot.set(slot, index));
  const sub: CompiledInstance = {
    ...instance,
    jobs: Int32Array.from(region.jobs),
    vehicleCount,
    ...slotMasks(instance, region, fullSlot),
  };
  const initial = region.routes.map((route) => ({ slot: subSlot.get(route.slot)!, jobs: route.jobs }));
  return { instance: sub, fullSlot, initial };
}

/** Route results of a sub-instance with the full instance's slots. */
export function toFullSlots(routes: readonly RouteResult[], fullSlot: Int32Array): RouteResult[] {
  return routes.map((route) => ({ ...route, slot: fullSlot[route.slot]! }));
}

function slotMasks(
  instance: CompiledInstance,
  region: Region,
  fullSlot: Int32Array,
): Pick<CompiledInstance, 'routeSlotMaskWords' | 'jobRouteSlots'> {
  const fullWords = instance.routeSlotMaskWords;
  if (fullWords === 0) return { routeSlotMaskWords: 0, jobRouteSlots: instance.jobRouteSlots };
  const words = Math.max(1, Math.ceil(fullSlot.length / 32));
  const masks = new Uint32Array(instance.nodeCount * words);
  const isJob = new Uint8Array(instance.nodeCount);
  for (const job of instance.jobs) isJob[job] = 1;
  const renumber = (node: number): void => {
    fullSlot.forEach((slot, index) => {
      if ((instance.jobRouteSlots[node * fullWords + (slot >>> 5)]! >>> (slot & 31)) & 1) {
        masks[node * words + (index >>> 5)]! |= 1 << (index & 31);
      }
    });
  };
  for (const job of region.jobs) renumber(job);
  for (let node = 0; node < instance.nodeCount; node++) if (!isJob[node]) renumber(node);
  return { routeSlotMaskWords: words, jobRouteSlots: masks };
}
