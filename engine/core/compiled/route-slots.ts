import { UNLIMITED_VEHICLES, type CompiledInstance } from './compiled-instance.js';

/**
 * Vehicle type of every concrete vehicle ("route slot"), types in order. An unlimited type gets one
 * slot per job, which is as many routes as a solution can ever use.
 */
export function routeSlots(instance: CompiledInstance): Int32Array {
  const counts = Array.from(instance.vehicleCount, (count) => (count === UNLIMITED_VEHICLES ? instance.jobs.length : count));
  const slots = new Int32Array(counts.reduce((sum, count) => sum + count, 0));
  let next = 0;
  counts.forEach((count, type) => {
    slots.fill(type, next, next + count);
    next += count;
  });
  return slots;
}
