import type { JobPull } from './job-pull.js';

/**
 * The solver's input: a routing problem flattened into dense typed arrays.
 *
 * It is plain data (numbers and typed arrays, no methods) so that it can be structured-cloned to
 * worker threads and produced by any front end (the JSON model compiler, the benchmark readers).
 *
 * Nodes are indexed 0..nodeCount-1 and include depots and jobs. Matrices are row-major
 * `nodeCount × nodeCount`. Vehicles are grouped into types; each type has a count (or is
 * unlimited), and every concrete vehicle of a type is a "route slot".
 */
export interface CompiledInstance {
  readonly nodeCount: number;
  /** Node indices of the jobs to serve. Every other node is a depot or unused location. */
  readonly jobs: Int32Array;

  /** Row-major `nodeCount × nodeCount` (see TravelArray for when it is single precision). */
  readonly distance: TravelArray;
  readonly duration: TravelArray;

  /** Per node. One window per job; for depots the window bounds departure and return. */
  readonly serviceTime: Float64Array;
  readonly timeWindowStart: Float64Array;
  readonly timeWindowEnd: Float64Array;

  /** Number of load metrics (1..MAX_LOAD_DIMENSIONS). */
  readonly loadDimensions: number;
  /** `nodeCount × loadDimensions` delivered quantities. */
  readonly demand: Float64Array;

  readonly vehicleTypeCount: number;
  /** Per vehicle type: number of vehicles available, or UNLIMITED_VEHICLES. */
  readonly vehicleCount: Int32Array;
  readonly vehicleStart: Int32Array;
  readonly vehicleEnd: Int32Array;
  readonly shiftStart: Float64Array;
  readonly shiftEnd: Float64Array;
  /** `vehicleTypeCount × loadDimensions`. */
  readonly capacity: Float64Array;
  /**
   * The objective is the sum over used vehicles of
   * `fixedCost + costPerDistance · distance + costPerTime · duration`; benchmarks set
   * costPerDistance = 1 and the rest 0, the service derives them from cost_per_km / cost_per_hour.
   */
  readonly fixedCost: Float64Array;
  readonly costPerDistance: Float64Array;
  readonly costPerTime: Float64Array;

  /** Words per row of `jobVehicleTypes` (ceil(vehicleTypeCount / 32)). */
  readonly vehicleTypeMaskWords: number;
  /** `nodeCount × vehicleTypeMaskWords` bitset: which vehicle types may serve the node (skills, attributes). */
  readonly jobVehicleTypes: Uint32Array;
  /** Words per row of `jobRouteSlots`, 0 when no job restricts its route slots. */
  readonly routeSlotMaskWords: number;
  /** `nodeCount × routeSlotMaskWords` bitset over route slots (see routeSlots()), e.g. "only vehicle #3". */
  readonly jobRouteSlots: Uint32Array;

  /** Cost charged per job left unassigned; larger than any route detour so serving always wins. */
  readonly unassignedCost: number;

  /** Optional per-(vehicle type, job) soft cost: the pull toward driver centroids. */
  readonly pull?: JobPull;

  /**
   * Absent or 0: job windows are hard. Otherwise they are soft: service may start after a job's
   * window ends, at this cost per unit of time warp (the lateness of the time-warp schedule),
   * while every route still ends by its depot window and shift end.
   */
  readonly lateCost?: number;
}

/**
 * A travel matrix: double precision, or single precision rounded up (never shorter than the
 * travel it stands for) on large instances, where two doubles per pair of 10,000 nodes are 1.6 GB.
 */
export type TravelArray = Float64Array | Float32Array;

export const MAX_LOAD_DIMENSIONS = 4;
export const UNLIMITED_VEHICLES = -1;
