import type { TestNode, TestRelation, TestWay } from './osm-pbf-writer.js';

/** Degrees between neighbouring grid streets (~110 m). */
export const gridSpacing = 0.001;
export const gridOrigin = { lat: 10, lon: 20 } as const;

export interface StreetGrid {
  nodes: TestNode[];
  ways: TestWay[];
  relations: TestRelation[];
}

const classes = (index: number): string => (index % 10 === 0 ? 'primary' : index % 5 === 0 ? 'secondary' : 'residential');

/**
 * A synthetic N × N street grid (2·N·(N−1) segments) with what makes routing non-trivial: mixed
 * road classes, one-way streets in both directions, one toll street and one street closed to
 * dangerous goods (so several travel classes exist), and turn restrictions (`no_left_turn`,
 * `only_straight_on`) at a regular sprinkling of intersections.
 */
export function streetGrid(n: number): StreetGrid {
  const nodeId = (row: number, column: number): number => 1 + row * n + column;
  const nodes: TestNode[] = [];
  for (let row = 0; row < n; row++) {
    for (let column = 0; column < n; column++)
      nodes.push({ id: nodeId(row, column), lat: gridOrigin.lat + row * gridSpacing, lon: gridOrigin.lon + column * gridSpacing });
  }
  const rowWay = (row: number): number => 10_000_000 + row;
  const columnWay = (column: number): number => 20_000_000 + column;
  const ways: TestWay[] = [];
  const line = (count: number, id: (k: number) => number, reversed: boolean): number[] => {
    const refs = Array.from({ length: count }, (_, k) => id(k));
    return reversed ? refs.reverse() : refs;
  };
  for (let row = 0; row < n; row++) {
    const tags: Record<string, string> = { highway: classes(row), name: `Row ${row}` };
    if (row % 4 === 1 || row % 4 === 3) tags.oneway = 'yes';
    if (row === Math.floor(n / 3)) tags.hazmat = 'no';
    ways.push({ id: rowWay(row), refs: line(n, (column) => nodeId(row, column), row % 4 === 3), tags });
  }
  for (let column = 0; column < n; column++) {
    const tags: Record<string, string> = { highway: classes(column), name: `Column ${column}` };
    if (column % 6 === 2 || column % 6 === 5) tags.oneway = 'yes';
    if (column === Math.floor(n / 2)) Object.assign(tags, { highway: 'primary', toll: 'yes' });
    ways.push({ id: columnWay(column), refs: line(n, (row) => nodeId(row, column), column % 6 === 5), tags });
  }
  const relations: TestRelation[] = [];
  for (let row = 1; row + 1 < n; row++) {
    for (let column = 1; column + 1 < n; column++) {
      if (row % 7 !== 3 || column % 7 !== 3) continue;
      const leftTurn = (row + column) % 2 === 0;
      relations.push({
        id: relations.length + 1,
        tags: { type: 'restriction', restriction: leftTurn ? 'no_left_turn' : 'only_straight_on' },
        members: [
          { type: 'way', ref: leftTurn ? rowWay(row) : columnWay(column), role: 'from' },
          { type: 'node', ref: nodeId(row, column), role: 'via' },
          { type: 'way', ref: columnWay(column), role: 'to' },
        ],
      });
    }
  }
  return { nodes, ways, relations };
}
