import { createHash } from 'node:crypto';
import { travelOptionsKey, type TravelMatrix, type TravelOptions, type TravelPoint, type TravelProvider } from '../travel.js';
import { matrixBytes, type MatrixStore } from './matrix-cache.js';

/** A point as cache keys name it. */
export function pointKey(point: TravelPoint): string {
  return `${point.lat},${point.lon},${point.locationType ?? ''},${point.heading ?? ''}`;
}

/** A matrix of the same precision as `like` over `buffer`. */
function sameKind<T extends Float64Array | Float32Array>(like: T, buffer: ArrayBuffer | SharedArrayBuffer): T {
  return (like instanceof Float32Array ? new Float32Array(buffer) : new Float64Array(buffer)) as T;
}

/**
 * Copies a matrix with its points renumbered: entry (i, j) of the result is entry
 * (order[i], order[j]) of `matrix` (the canonical form the cache keeps, in shared memory so that
 * passing it between threads copies nothing), or the reverse with `inverse`. Both directions
 * read through an index and write in sequence, which keeps the copy cache-friendly.
 */
function permuted(matrix: TravelMatrix, order: Int32Array, inverse: boolean): TravelMatrix {
  const n = matrix.size;
  const source = inverse ? new Int32Array(n) : order;
  if (inverse) order.forEach((original, canonical) => (source[original] = canonical));
  const buffer = (bytes: number): ArrayBuffer | SharedArrayBuffer => (inverse ? new ArrayBuffer(bytes) : new SharedArrayBuffer(bytes));
  const copy = <T extends Float64Array | Float32Array | Uint8Array>(from: T, make: (length: number) => T): T => {
    const to = make(from.length);
    for (let i = 0; i < n; i++) {
      const row = source[i]! * n;
      const out = i * n;
      for (let j = 0; j < n; j++) to[out + j] = from[row + source[j]!]!;
    }
    return to;
  };
  const result: TravelMatrix = {
    size: n,
    distances: copy(matrix.distances, (length) => sameKind(matrix.distances, buffer(matrix.distances.BYTES_PER_ELEMENT * length))),
    durations: copy(matrix.durations, (length) => sameKind(matrix.durations, buffer(matrix.durations.BYTES_PER_ELEMENT * length))),
  };
  if (matrix.fallback) result.fallback = copy(matrix.fallback, (length) => new Uint8Array(buffer(length)));
  if (matrix.offNetwork) {
    const offNetwork = new Uint8Array(buffer(n));
    for (let i = 0; i < n; i++) offNetwork[i] = matrix.offNetwork[source[i]!]!;
    result.offNetwork = offNetwork;
  }
  return result;
}

/**
 * The cache key of a matrix request and the canonical order of its points: the same places in
 * any order make the same key, so a problem sent again with its jobs reordered (the result of a
 * build, sent to optimize) still hits. `identity` names the provider and its data (map file,
 * engine URL): a key never mixes travel from two sources.
 */
export function matrixRequestKey(
  identity: string,
  points: readonly TravelPoint[],
  options: TravelOptions = {},
): { key: string; order: Int32Array } {
  const keys = points.map(pointKey);
  const order = Int32Array.from(keys.keys()).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : a - b));
  const hash = createHash('sha256').update(identity).update('\n').update(travelOptionsKey(options));
  for (const index of order) hash.update('\n').update(keys[index]!);
  return { key: hash.digest('base64'), order };
}

/**
 * `provider` with its matrices kept in `store` across requests: an identical request (provider
 * identity, travel options, point set) is answered from the store instead of being computed again.
 * Everything else the provider offers (paths, street positions) passes through unchanged.
 */
export function withMatrixCache<P extends TravelProvider>(provider: P, store: MatrixStore, identity: string): P {
  return {
    ...provider,
    matrix: async (points: readonly TravelPoint[], options?: TravelOptions): Promise<TravelMatrix> => {
      const { key, order } = matrixRequestKey(identity, points, options);
      const cached = await store.get(key);
      if (cached !== undefined && cached.size === points.length) return permuted(cached, order, true);
      const matrix = await provider.matrix(points, options);
      if (matrixBytes(matrix) <= store.maxBytes) store.set(key, permuted(matrix, order, false));
      return matrix;
    },
  };
}
