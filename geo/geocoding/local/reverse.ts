import type { LatLon } from '../../../model/latlon.js';
import type { GeocodeSuggestion } from '../geocoder.js';
import { degreeSpan, distanceMeters, nearestOnPiece, type PiecePoint } from '../geometry.js';
import type { GazetteerIndex } from '../ports.js';

/** Search radii for streets, widened until one is found. */
const radii = [60, 250, 1000, 5000];
/** An address farther than this from the point is not "the address at this point". */
const addressMeters = 50;

function confidenceAt(meters: number): number {
  return Math.round(Math.max(0.1, 1 - meters / 250) * 1000) / 1000;
}

function box(point: LatLon, meters: number): [LatLon, LatLon] {
  const span = degreeSpan(point, meters);
  return [
    { lat: point.lat - span.lat, lon: point.lon - span.lon },
    { lat: point.lat + span.lat, lon: point.lon + span.lon },
  ];
}

/**
 * The nearest streets to a point (the point on each street as location and intersection), with
 * the nearest address first when it lies on the nearest street.
 */
export async function reverseGeocode(
  index: GazetteerIndex,
  mapHash: string,
  point: LatLon,
  maxResults: number,
): Promise<GeocodeSuggestion[]> {
  const nearestByStreet = new Map<number, PiecePoint>();
  for (const radius of radii) {
    for (const piece of await index.piecesIn(mapHash, ...box(point, radius))) {
      const on = nearestOnPiece(point, piece.a, piece.b);
      const best = nearestByStreet.get(piece.featureId);
      if (on.distanceMeters <= radius && (!best || on.distanceMeters < best.distanceMeters)) nearestByStreet.set(piece.featureId, on);
    }
    if (nearestByStreet.size) break;
  }
  const streets = [...nearestByStreet].sort((a, b) => a[1].distanceMeters - b[1].distanceMeters).slice(0, maxResults);
  const features = new Map((await index.features(streets.map(([id]) => id))).map((f) => [f.id, f]));
  const suggestions: GeocodeSuggestion[] = streets.map(([id, on]) => {
    const feature = features.get(id)!;
    const location = { lat: on.lat, lon: on.lon };
    return {
      location,
      intersection: location,
      formattedAddress: feature.formattedAddress,
      ...(feature.country ? { country: feature.country } : {}),
      confidence: confidenceAt(on.distanceMeters),
    };
  });
  const addresses = (await index.addressesIn(mapHash, ...box(point, addressMeters)))
    .map((address) => ({ address, distance: distanceMeters(point, address.location) }))
    .filter((a) => a.distance <= addressMeters)
    .sort((a, b) => a.distance - b.distance);
  const nearest = addresses[0];
  if (nearest) {
    const suggestion: GeocodeSuggestion = {
      location: nearest.address.location,
      ...(nearest.address.intersection ? { intersection: nearest.address.intersection } : {}),
      formattedAddress: nearest.address.formattedAddress,
      ...(nearest.address.country ? { country: nearest.address.country } : {}),
      confidence: confidenceAt(nearest.distance),
    };
    // An address on another street than the nearest one would name the wrong street: list it after.
    const onNearestStreet = streets[0]?.[0] === nearest.address.featureId;
    suggestions.splice(onNearestStreet ? 0 : Math.min(1, suggestions.length), 0, suggestion);
  }
  return suggestions.slice(0, maxResults);
}
