import type { LatLon } from '../../model/latlon.js';
import type { TravelOptions, TravelProvider } from '../../geo/travel.js';

/**
 * Travel between the distinct points of a problem, computed once through a provider: the
 * evaluator and the searches ask for legs by point index.
 */
export class TravelTable {
  private readonly indexByKey = new Map<string, number>();
  private readonly points: LatLon[] = [];
  private distances: Float64Array = new Float64Array(0);
  private durations: Float64Array = new Float64Array(0);
  private fallback: Uint8Array | undefined;
  private offNetwork: Uint8Array | undefined;
  private size = 0;

  /** Registers a point (idempotent) and answers its index. */
  add(point: LatLon): number {
    const key = `${point.lat},${point.lon}`;
    let index = this.indexByKey.get(key);
    if (index === undefined) {
      index = this.points.length;
      this.points.push(point);
      this.indexByKey.set(key, index);
    }
    return index;
  }

  indexOf(point: LatLon): number {
    const index = this.indexByKey.get(`${point.lat},${point.lon}`);
    if (index === undefined) throw new Error(`point ${point.lat},${point.lon} was not added to the travel table`);
    return index;
  }

  pointAt(index: number): LatLon {
    return this.points[index]!;
  }

  async compute(provider: TravelProvider, options?: TravelOptions): Promise<void> {
    const matrix = await provider.matrix(this.points, options);
    this.size = matrix.size;
    this.distances = matrix.distances;
    this.durations = matrix.durations;
    this.fallback = matrix.fallback;
    this.offNetwork = matrix.offNetwork;
  }

  /**
   * Points the provider could not route (e.g. off the map): their legs are straight-line
   * estimates. Providers that cannot say which point was at fault flag pairs; then a point counts
   * when none of its legs was routed.
   */
  fallbackPoints(): LatLon[] {
    const { fallback, offNetwork } = this;
    if (!fallback) return [];
    if (offNetwork) return this.points.filter((_, i) => offNetwork[i] === 1);
    const n = this.size;
    return this.points.filter((_, i) => {
      for (let j = 0; j < n; j++) if (j !== i && (!fallback[i * n + j] || !fallback[j * n + i])) return false;
      return n > 1;
    });
  }

  distance(from: number, to: number): number {
    return this.distances[from * this.size + to]!;
  }

  duration(from: number, to: number): number {
    return this.durations[from * this.size + to]!;
  }
}
