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

  async compute(provider: TravelProvider, options?: TravelOptions): Promise<void> {
    const matrix = await provider.matrix(this.points, options);
    this.size = matrix.size;
    this.distances = matrix.distances;
    this.durations = matrix.durations;
  }

  distance(from: number, to: number): number {
    return this.distances[from * this.size + to]!;
  }

  duration(from: number, to: number): number {
    return this.durations[from * this.size + to]!;
  }
}
