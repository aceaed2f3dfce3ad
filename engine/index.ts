export type { CompiledInstance } from './compiled/compiled-instance.js';
export { MAX_LOAD_DIMENSIONS, UNLIMITED_VEHICLES } from './compiled/compiled-instance.js';
export { buildInstance, type InstanceSpec, type VehicleTypeSpec } from './compiled/build-instance.js';
export { routeSlots } from './compiled/route-slots.js';
export { solve } from './solve.js';
export { solveParallel, type ParallelSolveOptions } from './parallel/parallel-solve.js';
export type { ProgressEvent, RouteResult, SolutionSnapshot, SolveOptions, SolveResult } from './solve-options.js';
