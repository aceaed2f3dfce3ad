import type { JsonObject } from '../json.js';

/** Applies a sub-delta to the value under it and returns the new value (undefined: leave it absent). */
export type NestedApplier = (current: unknown, delta: JsonObject, path: string) => unknown;

/** The five kinds, chosen by `$collection` (default object). */
export const DELTA_COLLECTIONS = ['object', 'array', 'dict', 'keyed_array', 'set'] as const;
export type DeltaCollection = (typeof DELTA_COLLECTIONS)[number];
