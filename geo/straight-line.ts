import type { LatLon, LegRows, TravelLeg, TravelMatrix, TravelOptions, TravelProvider } from './travel.js';

const earthRadiusMeters = 6371008.8;
/** Roads are not straight: the great-circle distance times this factor approximates road distance. */
export const detourFactor = 1.3;
/** Average speed of the straight-line model, 50 km/h, in meters per second. */
export const straightLineSpeed = 50000 / 3600;

const toRad = Math.PI / 180;

/**
 * The haversine distance from the point at `lat1`, `lon1` (degrees) to `lat2`, `lon2`, given the
 * cosine of each latitude: a row of legs computes each point's cosine once instead of once a pair.
 */
function haversineWithCosines(lat1: number, lon1: number, cos1: number, lat2: number, lon2: number, cos2: number): number {
  const dLat = (lat2 - lat1) * toRad;
  const dLon = (lon2 - lon1) * toRad;
  const h = Math.sin(dLat / 2) ** 2 + cos1 * cos2 * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusMeters * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function haversineMeters(a: LatLon, b: LatLon): number {
  return haversineWithCosines(a.lat, a.lon, Math.cos(a.lat * toRad), b.lat, b.lon, Math.cos(b.lat * toRad));
}

/** Meters per second at `options`' driving speed percentage. */
function speedOf(options: TravelOptions): number {
  return (straightLineSpeed * (options.drivingSpeedPercentage ?? 100)) / 100;
}

export function straightLineLeg(a: LatLon, b: LatLon, options: TravelOptions = {}): TravelLeg {
  const distance = haversineMeters(a, b) * detourFactor;
  return { distance, duration: distance / speedOf(options) };
}

/**
 * Rows of straight-line legs between `points` (which may still grow), the same figures as
 * `straightLineLeg`: each point's latitude, longitude and latitude cosine are read once into a
 * typed array, so a row of thousands of legs spends its time on the two sines and the arcsine.
 */
export function straightLineRows(points: readonly LatLon[], options: TravelOptions = {}): LegRows {
  const speed = speedOf(options);
  /** Per point: latitude, longitude, cosine of the latitude. */
  let known = new Float64Array(0);
  const prepare = (): void => {
    const count = known.length / 3;
    if (count === points.length) return;
    const grown = new Float64Array(3 * points.length);
    grown.set(known);
    for (let i = count; i < points.length; i++) {
      const { lat, lon } = points[i]!;
      grown[3 * i] = lat;
      grown[3 * i + 1] = lon;
      grown[3 * i + 2] = Math.cos(lat * toRad);
    }
    known = grown;
  };
  return (from, to, distances, durations) => {
    prepare();
    const at = known;
    const [lat, lon, cos] = [at[3 * from]!, at[3 * from + 1]!, at[3 * from + 2]!];
    for (let k = 0; k < to.length; k++) {
      const target = 3 * to[k]!;
      if (target < 0) {
        distances[k] = durations[k] = 0;
        continue;
      }
      const distance = haversineWithCosines(lat, lon, cos, at[target]!, at[target + 1]!, at[target + 2]!) * detourFactor;
      distances[k] = distance;
      durations[k] = distance / speed;
    }
  };
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
  legRows: straightLineRows,
  // The haversine of a pair swapped: the differences change sign, the sines with them (sine is
  // odd, squared: the same) and the cosines' product does not.
  symmetricLegs: true,
};
