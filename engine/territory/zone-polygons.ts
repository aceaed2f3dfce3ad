import type { Polygon } from '../../model/types/common.js';
import { GRID, type Cell } from './rectangle-bisection.js';

const decimals = Math.round(Math.log10(GRID));

function coordinate(grid: number): string {
  return (grid / GRID).toFixed(decimals);
}

/**
 * A cell's boundary as a closed ring, counter-clockwise from its south-west corner. Every vertex
 * is on the grid and printed with all its digits, so neighbouring zones share their boundary
 * exactly once parsed.
 */
export function cellPolygon(cell: Cell): Polygon {
  const corner = (lat: number, lon: number): string => `${coordinate(lat)},${coordinate(lon)}`;
  const southWest = corner(cell.south, cell.west);
  return {
    vertices: [southWest, corner(cell.south, cell.east), corner(cell.north, cell.east), corner(cell.north, cell.west), southWest],
  };
}
