import type { ZonePoints } from './zone-points.js';

/** Boundaries lie on a grid of 1e-7 degree (about 1 cm): printed exactly, parsed back to the same doubles. */
export const GRID = 1e7;
const KM_PER_DEGREE = 111.195;

/** A zone before it becomes a polygon: a lat/lon rectangle in grid units and the points inside it. */
export interface Cell {
  south: number;
  west: number;
  north: number;
  east: number;
  points: Int32Array;
}

interface Split {
  axis: 'lat' | 'lon';
  /** Grid line of the boundary. */
  line: number;
  /** Points before the boundary in `order`. */
  at: number;
  order: Int32Array;
  /** |weight before the boundary − target|. */
  error: number;
}

function weightOf(points: ZonePoints, indices: Int32Array): number {
  let sum = 0;
  for (const i of indices) sum += points.weight[i]!;
  return sum;
}

/**
 * A grid line strictly between two coordinates (degrees) and strictly inside the cell's grid
 * bounds, nearest their middle; undefined when the grid has none (points closer than 1 cm).
 */
function lineBetween(below: number, above: number, low: number, high: number): number | undefined {
  const first = Math.max(Math.floor(below * GRID) + 1, low + 1);
  const last = Math.min(Math.ceil(above * GRID) - 1, high - 1);
  if (first > last) return undefined;
  const line = Math.min(last, Math.max(first, Math.round(((below + above) / 2) * GRID)));
  return line / GRID > below && line / GRID < above ? line : undefined;
}

/** The best boundary across one axis: the feasible one whose lower side weighs closest to `target`. */
function bestSplit(points: ZonePoints, cell: Cell, axis: 'lat' | 'lon', target: number): Split | undefined {
  const coordinate = axis === 'lat' ? points.lat : points.lon;
  const low = axis === 'lat' ? cell.south : cell.west;
  const high = axis === 'lat' ? cell.north : cell.east;
  const order = Int32Array.from(cell.points).sort((a, b) => coordinate[a]! - coordinate[b]!);
  let best: Split | undefined;
  let before = 0;
  for (let at = 0; at <= order.length; at++) {
    if (at > 0) before += points.weight[order[at - 1]!]!;
    const error = Math.abs(before - target);
    if (best !== undefined && error >= best.error) continue;
    const below = at === 0 ? low / GRID : coordinate[order[at - 1]!]!;
    const above = at === order.length ? high / GRID : coordinate[order[at]!]!;
    const line = lineBetween(below, above, low, high);
    if (line !== undefined) best = { axis, line, at, order, error };
  }
  return best;
}

function split(cell: Cell, chosen: Split): [Cell, Cell] {
  const lower = chosen.order.slice(0, chosen.at);
  const upper = chosen.order.slice(chosen.at);
  return chosen.axis === 'lat'
    ? [
        { ...cell, north: chosen.line, points: lower },
        { ...cell, south: chosen.line, points: upper },
      ]
    : [
        { ...cell, east: chosen.line, points: lower },
        { ...cell, west: chosen.line, points: upper },
      ];
}

/** Height and width of a cell in km: splitting the longer side keeps zones compact. */
function sides(cell: Cell): { height: number; width: number } {
  const middle = ((cell.south + cell.north) / 2 / GRID) * (Math.PI / 180);
  return {
    height: ((cell.north - cell.south) / GRID) * KM_PER_DEGREE,
    width: ((cell.east - cell.west) / GRID) * KM_PER_DEGREE * Math.cos(middle),
  };
}

/**
 * Splits `cell` into `zones` cells by recursive bisection: each step divides the zones k into
 * ⌊k/2⌋ and ⌈k/2⌉ and puts the boundary (a grid line between two points) where the lower side's
 * weight comes closest to its share. It cuts across the cell's longer side unless the other side
 * balances better than `slack` allows, so cells stay compact. Cells are disjoint rectangles that
 * tile the starting one, and no point lies on a boundary.
 */
function bisect(points: ZonePoints, cell: Cell, zones: number, out: Cell[]): void {
  if (zones === 1) {
    out.push(cell);
    return;
  }
  const lowerZones = Math.floor(zones / 2);
  const target = (weightOf(points, cell.points) * lowerZones) / zones;
  const { height, width } = sides(cell);
  const [preferred, other]: ('lat' | 'lon')[] = height >= width ? ['lat', 'lon'] : ['lon', 'lat'];
  // Half of the zone's variance per level, spread over the zones of the smaller side.
  const slack = points.variance === undefined ? 0 : (points.variance * lowerZones) / 2;
  const first = bestSplit(points, cell, preferred!, target);
  const second = bestSplit(points, cell, other!, target);
  let chosen = first;
  if (second !== undefined && (first === undefined || (first.error > slack && second.error < first.error))) chosen = second;
  if (chosen === undefined) {
    // No grid line separates anything (every point at one spot): halve the longer side.
    const axis = preferred!;
    const low = axis === 'lat' ? cell.south : cell.west;
    const high = axis === 'lat' ? cell.north : cell.east;
    chosen = { axis, line: Math.round(low + ((high - low) * lowerZones) / zones), at: cell.points.length, order: cell.points, error: 0 };
  }
  const [lower, upper] = split(cell, chosen);
  bisect(points, lower, lowerZones, out);
  bisect(points, upper, zones - lowerZones, out);
}

/**
 * `zoneCount` rectangles tiling the points' bounding box, grown by a margin (2 % of its extent,
 * at least about 500 m) so no point lies on the outer edge and nearby new addresses fall inside.
 */
export function bisectIntoCells(points: ZonePoints, zoneCount: number): Cell[] {
  let south = Infinity;
  let north = -Infinity;
  let west = Infinity;
  let east = -Infinity;
  for (let i = 0; i < points.count; i++) {
    south = Math.min(south, points.lat[i]!);
    north = Math.max(north, points.lat[i]!);
    west = Math.min(west, points.lon[i]!);
    east = Math.max(east, points.lon[i]!);
  }
  const margin = Math.max(0.005, 0.02 * Math.max(north - south, east - west));
  const bounds: Cell = {
    south: Math.floor(Math.max(-90, south - margin) * GRID),
    north: Math.ceil(Math.min(90, north + margin) * GRID),
    west: Math.floor(Math.max(-180, west - margin) * GRID),
    east: Math.ceil(Math.min(180, east + margin) * GRID),
    points: Int32Array.from({ length: points.count }, (_, i) => i),
  };
  const cells: Cell[] = [];
  bisect(points, bounds, zoneCount, cells);
  return cells;
}
