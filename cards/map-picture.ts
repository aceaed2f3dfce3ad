import { parseLatLon, type LatLon } from '../model/latlon.js';
import type { RouteCard } from './card-data.js';
import type { CardFormat } from './card-format.js';
import { fitView, roundScaleLength, type Point } from './projection.js';

export interface MapMarker extends Point {
  label: string;
  kind: 'stop' | 'depot';
  violated: boolean;
}

/**
 * A route's map in box units (y down), drawn the same way by the SVG and the PDF renderers: the
 * line, the numbered stops and depots, a scale bar and the attribution when map data is drawn.
 */
export interface MapPicture {
  width: number;
  height: number;
  line: Point[];
  /** Straight segments (no road geometry) are drawn dashed: they are not the way to drive. */
  dashed: boolean;
  markers: MapMarker[];
  scaleBar: { x: number; y: number; length: number; label: string };
  attribution?: string;
}

const margin = 24;

function parsed(locations: readonly string[]): LatLon[] {
  return locations.flatMap((text) => {
    const point = parseLatLon(text);
    return point ? [point] : [];
  });
}

/** One marker per place: a depot visited at start and end, or jobs at one address, share a symbol. */
function markers(card: RouteCard, project: (point: LatLon) => Point): MapMarker[] {
  const byPlace = new Map<string, MapMarker>();
  for (const stop of card.stops) {
    const location = stop.location === undefined ? undefined : parseLatLon(stop.location);
    const kind = stop.type === 'depot' ? 'depot' : stop.sequence !== undefined ? 'stop' : undefined;
    if (!location || !kind) continue;
    const key = `${kind}:${stop.location}`;
    const label = kind === 'depot' ? 'D' : String(stop.sequence);
    const existing = byPlace.get(key);
    if (existing) {
      // The first number stands for the place; "+" says more stops happen there.
      if (kind === 'stop' && !existing.label.endsWith('+')) existing.label += '+';
      existing.violated ||= stop.violations.length > 0;
    } else {
      byPlace.set(key, { ...project(location), label, kind, violated: stop.violations.length > 0 });
    }
  }
  // Depots go first so that the numbered stops are drawn over them.
  return [...byPlace.values()].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'depot' ? -1 : 1));
}

export function mapPicture(card: RouteCard, width: number, height: number, format: CardFormat): MapPicture {
  const line = parsed(card.map.path);
  const stopPoints = parsed(card.stops.flatMap((stop) => (stop.location === undefined ? [] : [stop.location])));
  const points = [...line, ...stopPoints];
  const view = fitView(points.length > 0 ? points : [{ lat: 0, lon: 0 }], width, height, margin);
  const length = roundScaleLength((width / 4) * view.metersPerUnit);
  return {
    width,
    height,
    line: line.map(view.project),
    dashed: !card.map.road_geometry,
    markers: markers(card, view.project),
    scaleBar: { x: 12, y: height - 14, length: length / view.metersPerUnit, label: format.distance(length) },
    ...(card.map.attribution !== undefined ? { attribution: card.map.attribution } : {}),
  };
}
