import { MAX_LOAD_DIMENSIONS, UNLIMITED_VEHICLES, type CompiledInstance, type TravelArray } from './compiled-instance.js';

export interface VehicleTypeSpec {
  count: number | 'unlimited';
  start: number;
  end: number;
  shiftStart?: number;
  shiftEnd?: number;
  capacity?: readonly number[];
  fixedCost?: number;
  costPerDistance?: number;
  costPerTime?: number;
}

/** Friendly, validated input for `buildInstance`; omitted fields get neutral defaults. */
export interface InstanceSpec {
  nodeCount: number;
  jobs: readonly number[];
  /** A TravelArray is taken as it is (not copied: at 10,000 nodes a copy is another 800 MB); anything else is copied into one. */
  distance: ArrayLike<number>;
  /** Defaults to `distance`. */
  duration?: ArrayLike<number>;
  serviceTime?: readonly number[];
  timeWindows?: readonly (readonly [number, number])[];
  /** Per node, one value per load dimension. */
  demand?: readonly (readonly number[])[];
  vehicleTypes: readonly VehicleTypeSpec[];
  /** Job node → vehicle types allowed to serve it; absent jobs accept every type. */
  allowedVehicleTypes?: ReadonlyMap<number, readonly number[]>;
  /** Job node → route slots allowed to serve it; absent jobs accept every slot. */
  allowedRouteSlots?: ReadonlyMap<number, readonly number[]>;
  unassignedCost?: number;
  /** Soft job windows at this cost per unit of lateness (see CompiledInstance.lateCost). */
  lateCost?: number;
}

function travelArray(values: ArrayLike<number>): TravelArray {
  return values instanceof Float64Array || values instanceof Float32Array ? values : Float64Array.from(values);
}

const words = (bits: number): number => Math.max(1, Math.ceil(bits / 32));

function fillBitset(
  nodeCount: number,
  rowWords: number,
  bitCount: number,
  allowed: ReadonlyMap<number, readonly number[]> | undefined,
): Uint32Array {
  const bitset = new Uint32Array(nodeCount * rowWords);
  for (let node = 0; node < nodeCount; node++) {
    const list = allowed?.get(node);
    for (let bit = 0; bit < bitCount; bit++) {
      if (list === undefined || list.includes(bit)) bitset[node * rowWords + (bit >>> 5)]! |= 1 << (bit & 31);
    }
  }
  return bitset;
}

function totalRouteSlots(spec: InstanceSpec): number {
  return spec.vehicleTypes.reduce((sum, type) => sum + (type.count === 'unlimited' ? spec.jobs.length : type.count), 0);
}

export function buildInstance(spec: InstanceSpec): CompiledInstance {
  const n = spec.nodeCount;
  if (spec.distance.length !== n * n) throw new Error(`distance matrix must have ${n * n} entries`);
  if (spec.duration !== undefined && spec.duration.length !== n * n) {
    throw new Error(`duration matrix must have ${n * n} entries`);
  }
  const loadDimensions = Math.max(
    1,
    spec.demand?.reduce((max, row) => Math.max(max, row.length), 0) ?? 0,
    ...spec.vehicleTypes.map((type) => type.capacity?.length ?? 0),
  );
  if (loadDimensions > MAX_LOAD_DIMENSIONS) throw new Error(`at most ${MAX_LOAD_DIMENSIONS} load dimensions`);
  for (const job of spec.jobs) if (job < 0 || job >= n) throw new Error(`job node ${job} out of range`);

  const types = spec.vehicleTypes;
  const demand = new Float64Array(n * loadDimensions);
  spec.demand?.forEach((row, node) => row.forEach((value, d) => (demand[node * loadDimensions + d] = value)));
  const capacity = new Float64Array(types.length * loadDimensions).fill(Infinity);
  types.forEach((type, t) => type.capacity?.forEach((value, d) => (capacity[t * loadDimensions + d] = value)));

  const slotBits = totalRouteSlots(spec);
  const routeSlotMaskWords = spec.allowedRouteSlots?.size ? words(slotBits) : 0;
  const vehicleTypeMaskWords = words(types.length);

  const distance = travelArray(spec.distance);
  return {
    nodeCount: n,
    jobs: Int32Array.from(spec.jobs),
    distance,
    duration: spec.duration === undefined ? distance : travelArray(spec.duration),
    serviceTime: spec.serviceTime ? Float64Array.from(spec.serviceTime) : new Float64Array(n),
    timeWindowStart: Float64Array.from({ length: n }, (_, i) => spec.timeWindows?.[i]?.[0] ?? 0),
    timeWindowEnd: Float64Array.from({ length: n }, (_, i) => spec.timeWindows?.[i]?.[1] ?? Infinity),
    loadDimensions,
    demand,
    vehicleTypeCount: types.length,
    vehicleCount: Int32Array.from(types, (type) => (type.count === 'unlimited' ? UNLIMITED_VEHICLES : type.count)),
    vehicleStart: Int32Array.from(types, (type) => type.start),
    vehicleEnd: Int32Array.from(types, (type) => type.end),
    shiftStart: Float64Array.from(types, (type) => type.shiftStart ?? 0),
    shiftEnd: Float64Array.from(types, (type) => type.shiftEnd ?? Infinity),
    capacity,
    fixedCost: Float64Array.from(types, (type) => type.fixedCost ?? 0),
    costPerDistance: Float64Array.from(types, (type) => type.costPerDistance ?? 1),
    costPerTime: Float64Array.from(types, (type) => type.costPerTime ?? 0),
    vehicleTypeMaskWords,
    jobVehicleTypes: fillBitset(n, vehicleTypeMaskWords, types.length, spec.allowedVehicleTypes),
    routeSlotMaskWords,
    jobRouteSlots: routeSlotMaskWords === 0 ? new Uint32Array(0) : fillBitset(n, routeSlotMaskWords, slotBits, spec.allowedRouteSlots),
    unassignedCost: spec.unassignedCost ?? defaultUnassignedCost(spec.distance),
    ...(spec.lateCost !== undefined && spec.lateCost > 0 ? { lateCost: spec.lateCost } : {}),
  };
}

/** Far above any single-job detour (at most two arcs), so leaving a job out never looks cheaper than serving it. */
function defaultUnassignedCost(distance: ArrayLike<number>): number {
  let max = 0;
  for (let i = 0; i < distance.length; i++) if (distance[i]! > max && distance[i]! < Infinity) max = distance[i]!;
  return 40 * Math.max(1, max);
}
