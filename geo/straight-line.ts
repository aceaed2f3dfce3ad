import type { LatLon, TravelLeg, TravelMatrix, TravelOptions, TravelProvider } from './travel.js';

const earthRadiusMeters = 6371008.8;
/** Roads are not straight: the great-circle distance times this factor approximates road distance. */
export const detourFactor = 1.3;
/** Average speed of the straight-line model, 50 km/h, in meters per second. */
export const straightLineSpeed = 50000 / 3600;

export function haversineMeters(a: LatLon, b: LatLon): number {
  const toRad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * toRad;
  const dLon = (b.lon - a.lon) * toRad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * toRad) * Math.cos(b.lat * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusMeters * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function straightLineLeg(a: LatLon, b: LatLon, options: TravelOptions = {}): TravelLeg {
  const distance = haversineMeters(a, b) * detourFactor;
  const speed = (straightLineSpeed * (options.drivingSpeedPercentage ?? 100)) / 100;
  return { distance, duration: distance / speed };
}

/**
 * From this many points on, the matrices are single precision: two doubles per pair of 10,000
 * points are 1.6 GB, and a leg of tens of kilometres is still exact to a few millimetres.
 */
export const SINGLE_PRECISION_POINTS = 3000;

/** The default provider when no map covers the points: haversine × 1.3 at 50 km/h × speed percentage. */
export const straightLineProvider: TravelProvider = {
  name: 'straight_line',
  matrix(points: readonly LatLon[], options: TravelOptions = {}): Promise<TravelMatrix> {
    const size = points.length;
    const Matrix = size >= SINGLE_PRECISION_POINTS ? Float32Array : Float64Array;
    const distances = new Matrix(size * size);
    const durations = new Matrix(size * size);
    for (let i = 0; i < size; i++) {
      for (let j = 0; j < size; j++) {
        if (i === j) continue;
        const leg = straightLineLeg(points[i]!, points[j]!, options);
        distances[i * size + j] = leg.distance;
        durations[i * size + j] = leg.duration;
      }
    }
    return Promise.resolve({ size, distances, durations });
  },
  leg: straightLineLeg,
};
