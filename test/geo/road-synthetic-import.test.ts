import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chMatrixKeys } from '../../geo/road/ch-matrix.js';
import { dijkstraMatrixKeys } from '../../geo/road/dijkstra.js';
import { importOsm } from '../../geo/road/import.js';
import { allVariants, readRoadGraph, variantKey, type RoadGraph } from '../../geo/road/road-graph.js';
import { RoadRouter } from '../../geo/road/road-router.js';
import { straightLineLeg } from '../../geo/straight-line.js';
import { writeOsmPbf, type TestNode, type TestRelation, type TestWay } from './support/osm-pbf-writer.js';

// A 5×5 street grid the importer has never seen, written with our own PBF writer: ~220 m blocks,
// row 2 one-way eastwards, column 4 a faster toll road, column 3 closed to dangerous goods, no left
// turn from row 0 into column 2.
const size = 5;
const spacing = 0.002;
const nodeId = (row: number, column: number): number => 1000 + row * size + column;
const at = (row: number, column: number): { lat: number; lon: number } => ({ lat: 10 + row * spacing, lon: 20 + column * spacing });

function syntheticTown(): Buffer {
  const nodes: TestNode[] = [];
  for (let row = 0; row < size; row++)
    for (let column = 0; column < size; column++) nodes.push({ id: nodeId(row, column), ...at(row, column) });
  nodes.push({ id: 5000, lat: 10.0001, lon: 20.0001 }, { id: 5001, lat: 10.0003, lon: 20.0003 });
  const ways: TestWay[] = [];
  for (let row = 0; row < size; row++) {
    const tags: Record<string, string> = { highway: 'residential', name: `Row ${row}` };
    if (row === 2) tags.oneway = 'yes';
    ways.push({ id: 100 + row, refs: Array.from({ length: size }, (_, column) => nodeId(row, column)), tags });
  }
  for (let column = 0; column < size; column++) {
    const tags: Record<string, string> =
      column === 4
        ? { highway: 'primary', toll: 'yes' }
        : column === 3
          ? { highway: 'residential', hazmat: 'no' }
          : { highway: 'residential' };
    ways.push({ id: 200 + column, refs: Array.from({ length: size }, (_, row) => nodeId(row, column)), tags });
  }
  ways.push(
    { id: 300, refs: [5000, 5001], tags: { highway: 'footway' } },
    { id: 301, refs: [5000, 5001, 5000], tags: { building: 'yes' } },
  );
  const relations: TestRelation[] = [
    {
      id: 1,
      tags: { type: 'restriction', restriction: 'no_left_turn' },
      members: [
        { type: 'way', ref: 100, role: 'from' },
        { type: 'node', ref: nodeId(0, 2), role: 'via' },
        { type: 'way', ref: 202, role: 'to' },
      ],
    },
  ];
  return writeOsmPbf(nodes, ways, relations);
}

const midpoint = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) => ({
  lat: (a.lat + b.lat) / 2,
  lon: (a.lon + b.lon) / 2,
});

describe('importing an .osm.pbf the tests have never seen', () => {
  let folder: string;
  let graph: RoadGraph;
  let router: RoadRouter;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'wayplan-road-'));
    writeFileSync(join(folder, 'town.osm.pbf'), syntheticTown());
    const result = importOsm(join(folder, 'town.osm.pbf'), join(folder, 'town.wpgraph'));
    expect(result.segmentCount).toBe(2 * size * (size - 1));
    graph = readRoadGraph(join(folder, 'town.wpgraph'));
    router = new RoadRouter(graph);
  });

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('splits ways at intersections and ignores footways and buildings', () => {
    expect(graph.network.vertexCount).toBe(size * size);
    expect(graph.meta.attribution).toContain('OpenStreetMap contributors');
  });

  it('gives contraction-hierarchy matrices equal to plain Dijkstra in every variant', () => {
    const points = [];
    for (let row = 0; row < size; row++)
      for (let column = 0; column + 1 < size; column++) points.push(midpoint(at(row, column), at(row, column + 1)));
    for (const variant of allVariants()) {
      const { routing, endpoints } = router.endpoints(points, variant);
      const placed = endpoints.map((endpoint) => endpoint!);
      expect(chMatrixKeys(routing.hierarchy, placed, placed)).toEqual(dijkstraMatrixKeys(routing.turnGraph, placed, placed));
    }
  });

  it('drives a one-way street only in its direction', () => {
    const west = midpoint(at(2, 1), at(2, 2));
    const east = midpoint(at(2, 2), at(2, 3));
    const { distances } = router.matrix([west, east]);
    const block = distances[1]!;
    expect(block).toBeGreaterThan(200);
    expect(block).toBeLessThan(240);
    expect(distances[2]!).toBeGreaterThan(2 * block);
  });

  it('does not turn where a restriction forbids it', () => {
    const onRow = midpoint(at(0, 1), at(0, 2));
    const onColumn = midpoint(at(0, 2), at(1, 2));
    const { distances } = router.matrix([onRow, onColumn]);
    expect(distances[1]!).toBeGreaterThan(400);
    expect(distances[2]!).toBeLessThan(240);
  });

  it('avoids toll roads when asked', () => {
    const south = midpoint(at(0, 4), at(1, 4));
    const north = midpoint(at(3, 4), at(4, 4));
    const withTolls = router.matrix([south, north]);
    const withoutTolls = router.matrix([south, north], { allowTollRoads: false });
    expect(withoutTolls.durations[1]!).toBeGreaterThan(withTolls.durations[1]!);
    expect(withoutTolls.distances[1]!).toBeGreaterThan(withTolls.distances[1]! + 400);
  });

  it('keeps vehicles carrying dangerous goods off roads closed to them', () => {
    const south = midpoint(at(1, 3), at(2, 3));
    const north = midpoint(at(2, 3), at(3, 3));
    const plain = router.matrix([south, north]);
    const hazmat = router.matrix([south, north], { hazmat: true });
    expect(plain.distances[1]!).toBeLessThan(240);
    expect(hazmat.distances[1]!).toBeGreaterThan(plain.distances[1]! + 200);
  });

  it('falls back to a straight line, and says so, for points off the map', () => {
    const inTown = midpoint(at(1, 1), at(1, 2));
    const faraway = { lat: 11, lon: 21 };
    const matrix = router.matrix([inTown, faraway]);
    expect(Array.from(matrix.fallback!)).toEqual([0, 1, 1, 0]);
    expect(matrix.distances[1]).toBeCloseTo(straightLineLeg(inTown, faraway).distance, 6);
  });
});

describe('an import after one that was killed while writing', () => {
  let folder: string;
  const leftovers = (): string[] => readdirSync(folder).filter((name) => name.includes('.partial'));
  // What a killed import leaves: a partial file with the sections written so far and no header.
  const killedImport = (out: string): void => {
    writeFileSync(`${out}.partial`, Buffer.alloc(4096, 7));
  };

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'wayplan-road-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('removes the partial files and writes a readable graph', () => {
    const out = join(folder, 'town.wpgraph');
    writeFileSync(join(folder, 'town.osm.pbf'), syntheticTown());
    killedImport(out);
    importOsm(join(folder, 'town.osm.pbf'), out);
    expect(leftovers()).toEqual([]);
    expect(readRoadGraph(out).network.segmentCount).toBe(2 * size * (size - 1));
  });

  it('removes them also when it fails itself, and leaves no target behind', () => {
    const out = join(folder, 'paths.wpgraph');
    const footpaths = writeOsmPbf(
      [
        { id: 1, lat: 10, lon: 20 },
        { id: 2, lat: 10.001, lon: 20.001 },
      ],
      [{ id: 10, refs: [1, 2], tags: { highway: 'footway' } }],
      [],
    );
    writeFileSync(join(folder, 'paths.osm.pbf'), footpaths);
    killedImport(out);
    expect(() => importOsm(join(folder, 'paths.osm.pbf'), out)).toThrow(/no roads for motor vehicles/);
    expect(leftovers()).toEqual([]);
    expect(existsSync(out)).toBe(false);
  });
});

describe('a graph read before its file is imported again', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'wayplan-road-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('reads its travel classes, asked for only later, from the file it opened', () => {
    const out = join(folder, 'town.wpgraph');
    writeFileSync(join(folder, 'town.osm.pbf'), syntheticTown());
    importOsm(join(folder, 'town.osm.pbf'), out);
    const graph = readRoadGraph(out);
    // Another extract imported to the same path while the graph is in use: one street.
    const street = writeOsmPbf(
      [
        { id: 1, lat: 10, lon: 20 },
        { id: 2, lat: 10.001, lon: 20.001 },
      ],
      [{ id: 10, refs: [1, 2], tags: { highway: 'residential' } }],
      [],
    );
    writeFileSync(join(folder, 'street.osm.pbf'), street);
    importOsm(join(folder, 'street.osm.pbf'), out);
    expect(readRoadGraph(out).network.segmentCount).toBe(1);

    for (const variant of allVariants()) {
      const routing = graph.variants.get(variantKey(variant))!;
      expect(routing.hierarchy.nodeCount).toBe(2 * graph.network.segmentCount);
      expect(routing.turnGraph.first).toHaveLength(2 * graph.network.segmentCount + 1);
    }
  });
});
