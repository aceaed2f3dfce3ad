/** Jobs in a plane (km) with their workloads and allowed drivers: what `balancedCentroids` works on. */
export interface CentroidInput {
  /** Per job: position (km) and workload (any unit, > 0). */
  x: Float64Array;
  y: Float64Array;
  workload: Float64Array;
  /** Per job: the drivers that may serve it. */
  eligible: readonly Int32Array[];
  driverCount: number;
  /** Per driver: a centre to start from (an existing centroid), NaN when none. */
  seedX: Float64Array;
  seedY: Float64Array;
}
