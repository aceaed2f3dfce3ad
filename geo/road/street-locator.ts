import type { StreetLocator, StreetPosition } from '../street-positions.js';
import type { TravelOptions, TravelPoint } from '../travel.js';
import { variantKey } from './road-graph.js';
import { travelVariant, type RoadRouter } from './road-router.js';
import { buildStreetRuns, type StreetRuns } from './street-runs.js';

/**
 * Street positions on a loaded road graph: each point is snapped as the router snaps it (same
 * variant, same reachable segments), then placed on its segment's street. Streets are built once
 * per travel variant, on first use.
 */
export class RoadStreetLocator implements StreetLocator {
  private readonly runsByVariant = new Map<string, StreetRuns>();

  constructor(private readonly router: RoadRouter) {}

  streetPositions(points: readonly TravelPoint[], options: TravelOptions = {}): (StreetPosition | undefined)[] {
    const variant = travelVariant(options);
    const { routing, endpoints } = this.router.endpoints(points, variant);
    const key = variantKey(variant);
    let runs = this.runsByVariant.get(key);
    if (runs === undefined) {
      runs = buildStreetRuns(this.router.graph.network, (directed) => routing.snappable[directed] === 1);
      this.runsByVariant.set(key, runs);
    }
    const streets = runs;
    return endpoints.map((endpoint) => {
      const position = endpoint?.arrivals[0] ?? endpoint?.departures[0];
      if (position === undefined) return undefined;
      const segment = position.directed >>> 1;
      const street = streets.segmentStreet[segment]!;
      if (street < 0) return undefined;
      const fromSegmentStart = (position.directed & 1) === 0 ? position.along : 1 - position.along;
      const withinSegment = streets.segmentReversed[segment] === 1 ? 1 - fromSegmentStart : fromSegmentStart;
      return { street, alongMeters: streets.segmentOffset[segment]! + withinSegment * streets.segmentLength[segment]! };
    });
  }
}
