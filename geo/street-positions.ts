import type { TravelOptions, TravelPoint, TravelProvider } from './travel.js';

/**
 * Where a point lies on the street network in driving order: `street` names one stretch of
 * road driven in one direction (consecutive segments of one way, continued through points where
 * only two segments meet, and cut where the allowed directions change); `alongMeters` grows in
 * the direction a vehicle drives it.
 */
export interface StreetPosition {
  street: number;
  alongMeters: number;
}

/** A provider that knows streets: answers each point's street position, or undefined off the map. */
export interface StreetLocator {
  streetPositions(points: readonly TravelPoint[], options?: TravelOptions): (StreetPosition | undefined)[];
}

export function isStreetLocator(provider: TravelProvider): provider is TravelProvider & StreetLocator {
  return typeof (provider as Partial<StreetLocator>).streetPositions === 'function';
}
