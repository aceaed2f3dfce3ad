import { buildInstance } from '../../engine/core/compiled/build-instance.js';
import type { CompiledInstance } from '../../engine/core/compiled/compiled-instance.js';
import { distanceBetween, type BenchInstance } from './instance-files.js';

/** Benchmark conventions: travel time = distance, distance-only objective, one vehicle type. */
export function compileBenchInstance(instance: BenchInstance): CompiledInstance {
  const n = instance.x.length;
  const distance = new Float64Array(n * n);
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) distance[a * n + b] = distanceBetween(instance, a, b);
  const depot = instance.depot;
  return buildInstance({
    nodeCount: n,
    jobs: Array.from({ length: n }, (_, i) => i).filter((i) => i !== depot),
    distance,
    serviceTime: instance.service,
    timeWindows: instance.ready.map((ready, i) => [ready, instance.due[i]!] as const),
    demand: instance.demand.map((value) => [value]),
    vehicleTypes: [
      {
        count: instance.vehicles,
        start: depot,
        end: depot,
        shiftStart: instance.ready[depot]!,
        shiftEnd: instance.due[depot]!,
        capacity: [instance.capacity],
        costPerDistance: 1,
      },
    ],
  });
}
