import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { chMatrixKeys } from '../../geo/road/ch-matrix.js';
import { classHierarchy, type ContractionHierarchy } from '../../geo/road/contraction-hierarchy.js';
import { dijkstraMatrixKeys } from '../../geo/road/dijkstra.js';
import { snapEndpoint, type Endpoint } from '../../geo/road/endpoints.js';
import { contract } from '../../geo/road/contract.js';
import { importOsm, type ImportResult, type ImportStage } from '../../geo/road/import.js';
import { spatialOrder } from '../../geo/road/locality.js';
import { allVariants, readRoadGraph, variantGraph, variantKey } from '../../geo/road/road-graph.js';
import { RoadRouter, travelVariant } from '../../geo/road/road-router.js';
import { buildTurnGraph, classTurnGraph, turnGraphUnion, type TurnGraph } from '../../geo/road/turn-graph.js';
import type { RoadNetwork, TurnRestrictions } from '../../geo/road/road-network.js';
import { writeOsmPbf, type TestRelation, type TestWay } from './support/osm-pbf-writer.js';
import { builtGrid } from './support/built-grid.js';
import { keyMismatches } from './support/key-mismatches.js';
import { gridOrigin, gridSpacing, streetGrid, type StreetGrid } from './support/street-grid.js';
import { RoadNetworkBuilder } from '../../geo/road/network-builder.js';
import { readOsmPbf } from '../../geo/road/pbf/osm-pbf-reader.js';

// Contraction on synthetic street grids: exactness against plain Dijkstra on random grids
// (one-ways, tolls, closed streets, turn restrictions, every travel class), and the work a
// hierarchy leaves to queries staying bounded as grids grow.

function upwardSearchSpace(hierarchy: ContractionHierarchy, from: number, seen: Int32Array, stamp: number, up: boolean): number {
  const first = up ? hierarchy.upFirst : hierarchy.downFirst;
  const next = up ? hierarchy.upTarget : hierarchy.downSource;
  const stack = [from];
  seen[from] = stamp;
  let count = 0;
  while (stack.length > 0) {
    const node = stack.pop()!;
    count++;
    for (let arc = first[node]!; arc < first[node + 1]!; arc++) {
      if (seen[next[arc]!] === stamp) continue;
      seen[next[arc]!] = stamp;
      stack.push(next[arc]!);
    }
  }
  return count;
}

/** The default class's hierarchy of an imported N × N grid (imported with all its travel classes, as `map import` does). */
function importedGrid(n: number, folder: string): { hierarchy: ContractionHierarchy; imported: ImportResult; reported: ImportStage[] } {
  const grid = streetGrid(n);
  writeFileSync(join(folder, `grid-${n}.osm.pbf`), writeOsmPbf(grid.nodes, grid.ways, grid.relations));
  const reported: ImportStage[] = [];
  const imported = importOsm(join(folder, `grid-${n}.osm.pbf`), join(folder, `grid-${n}.wpgraph`), {
    onStage: (stage) => reported.push(stage),
  });
  return { hierarchy: variantGraph(readRoadGraph(join(folder, `grid-${n}.wpgraph`)), travelVariant({})).hierarchy, imported, reported };
}

describe('contraction on growing street grids', () => {
  const sizes = [10, 20, 40];
  const folder = mkdtempSync(join(tmpdir(), 'wayplan-ch-sizes-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const figures = sizes.map((n) => {
    const { hierarchy, imported, reported } = importedGrid(n, folder);
    const nodes = hierarchy.nodeCount;
    const seen = new Int32Array(nodes);
    let stamp = 0;
    let largest = 0;
    let total = 0;
    // Every node's whole upward (and downward) closure: an upper bound on what a query settles.
    for (let v = 0; v < nodes; v += 7) {
      const space = upwardSearchSpace(hierarchy, v, seen, ++stamp, true) + upwardSearchSpace(hierarchy, v, seen, ++stamp, false);
      largest = Math.max(largest, space);
      total += space;
    }
    const arcs = hierarchy.upFirst[nodes]! + hierarchy.downFirst[nodes]!;
    return {
      n,
      nodes,
      arcsPerNode: arcs / nodes,
      largestSearchSpace: largest,
      meanSearchSpace: total / Math.ceil(nodes / 7),
      imported,
      reported,
    };
  });

  it('reports each stage as it ends, each contraction with its work', () => {
    for (const { nodes, imported, reported } of figures) {
      expect(reported).toEqual(imported.stages);
      const contractions = reported.filter((stage) => stage.name.startsWith('contract '));
      expect(contractions.map((stage) => stage.work!.nodes)).toEqual([nodes, nodes, nodes, nodes]);
      // The auto groups find their own orders; the truck groups start along them.
      expect(contractions.map((stage) => stage.work!.borrowedSteps > 0)).toEqual([false, false, true, true]);
      for (const { work } of contractions) {
        expect(work!.simulations / work!.nodes).toBeLessThan(4);
        expect(work!.hierarchyArcs / work!.nodes).toBeLessThan(12);
      }
    }
  });

  it('contracts the 16 travel classes in 4 contractions (one per profile and U-turn rule)', () => {
    for (const { imported } of figures) expect([imported.hierarchies, imported.contractions]).toEqual([16, 4]);
  });

  it('gives each U-turn rule an order of its own, which the truck group of that rule starts from', () => {
    for (const { imported } of figures) {
      expect(imported.stages.filter((stage) => stage.name.startsWith('contract ')).map((stage) => stage.name)).toEqual([
        'contract auto with U-turns: 4 classes, own order',
        'contract auto without U-turns: 4 classes, own order',
        'contract truck with U-turns: 4 classes, order of auto with U-turns first',
        'contract truck without U-turns: 4 classes, order of auto without U-turns first',
      ]);
    }
  });

  it('keeps the arcs per node (original arcs and shortcuts) bounded', () => {
    for (const figure of figures) expect(figure.arcsPerNode).toBeLessThan(12);
  });

  it('keeps the search space of a query far below the graph and growing like its side, not its area', () => {
    for (const figure of figures) expect(figure.largestSearchSpace).toBeLessThan(40 * figure.n);
    const [, medium, large] = figures;
    // Four times the nodes: a search space growing with the area would grow ×4.
    expect(large!.meanSearchSpace / medium!.meanSearchSpace).toBeLessThan(3);
  });
});

describe('the work of contracting growing street grids', () => {
  const figures = [10, 20, 40].map((n) => {
    const { network, restrictions } = builtGrid(n);
    const graph = buildTurnGraph(network, restrictions.auto, travelVariant({}));
    // Witness searches alone: a core of the default size would be most of the smaller grids.
    const { work } = contract(graph, { coreSize: 0 });
    return { simulations: work.simulations / graph.nodeCount, witnessSettled: work.witnessSettled / graph.nodeCount };
  });

  it('simulates each node a bounded number of times (lazy priority updates)', () => {
    // Simulating every neighbour after each contraction took about 11 simulations per node.
    for (const figure of figures) expect(figure.simulations).toBeLessThan(4);
  });

  it('keeps the witness-search work per node bounded as the grid grows', () => {
    // Deciding a target as soon as it is reached no later than through the contracted node (not
    // when it is settled) took 297 settled nodes per node on the 40 x 40 grid instead of 468.
    for (const figure of figures) expect(figure.witnessSettled).toBeLessThan(400);
    const [, medium, large] = figures;
    expect(large!.witnessSettled / medium!.witnessSettled).toBeLessThan(1.5);
  });
});

/** `make`'s value, made at the first call and kept. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

// The 40 x 40 grid's four auto classes with U-turns as one graph, and its contraction with the
// default core and with witness searches alone: the describes below share them (made once, a few
// seconds of CPU each time).
const grid40 = once(() => {
  const { network, restrictions } = builtGrid(40);
  return { network, ...autoGroup(network, restrictions.auto) };
});
const withCore40 = once(() => contract(grid40().union, { arcClasses: grid40().arcClasses }));
const searched40 = once(() => contract(grid40().union, { arcClasses: grid40().arcClasses, coreSize: 0 }));

describe('the top of a contraction on growing street grids', () => {
  // The four auto classes with U-turns, witness searches alone (no core): the densest nodes are
  // the last ones, where a fixed settle limit stops finding witnesses.
  const searched120 = (): ReturnType<typeof contract> => {
    const { network, restrictions } = builtGrid(120);
    const { union, arcClasses } = autoGroup(network, restrictions.auto);
    return contract(union, { arcClasses, coreSize: 0 });
  };
  const figures = [searched40(), searched120()].map(({ hierarchy }) => {
    let largest = 0;
    for (let v = 0; v < hierarchy.nodeCount; v++)
      largest = Math.max(
        largest,
        hierarchy.upFirst[v + 1]! - hierarchy.upFirst[v]! + hierarchy.downFirst[v + 1]! - hierarchy.downFirst[v]!,
      );
    return {
      largest,
      arcsPerNode: (hierarchy.upFirst[hierarchy.nodeCount]! + hierarchy.downFirst[hierarchy.nodeCount]!) / hierarchy.nodeCount,
    };
  });

  it('keeps the arcs of the densest node growing slower than the grid side', () => {
    // Settle limits per arc of the node: 53 and 161 arcs on the 40 and 120 grids; a fixed
    // limit: 62 and 277 (and on a 1000 x 1000 grid a top that ran away past 1,000 arcs per node).
    const [small, large] = figures;
    expect(large!.largest).toBeLessThan(200);
    expect(large!.largest / small!.largest).toBeLessThan(3.5);
  });

  it('keeps the hierarchy small', () => {
    // 10.58 and 11.27 arcs per node (a fixed limit: 10.78 and 11.89).
    for (const figure of figures) expect(figure.arcsPerNode).toBeLessThan(11.5);
  });
});

describe('contracting the classes that differ only in the roads they avoid together', () => {
  // The four auto classes with U-turns on a 40 x 40 grid: tolls and hazmat closures avoided or not.
  const { graphs } = grid40();
  const together = withCore40();
  const alone = contract(graphs[0]!);

  it('costs about one contraction, not one per class', () => {
    expect(together.work.witnessSettled).toBeLessThan(1.5 * alone.work.witnessSettled);
    expect(together.work.simulations).toBeLessThan(1.2 * alone.work.simulations);
  });

  it('gives each class a hierarchy about as small as one of its own', () => {
    const arcsPerNode = (hierarchy: ContractionHierarchy): number =>
      (hierarchy.upFirst[hierarchy.nodeCount]! + hierarchy.downFirst[hierarchy.nodeCount]!) / hierarchy.nodeCount;
    const own = arcsPerNode(alone.hierarchy);
    graphs.forEach((_, index) => expect(arcsPerNode(classHierarchy(together.hierarchy, index))).toBeLessThan(1.15 * own));
  });
});

/** The four auto classes with U-turns (tolls and hazmat closures avoided or not) as one graph, as an import contracts them. */
function autoGroup(
  network: RoadNetwork,
  restrictions: TurnRestrictions,
): { graphs: TurnGraph[]; union: TurnGraph; arcClasses: Uint32Array } {
  const members = [false, true].flatMap((avoidTolls) =>
    [false, true].map((hazmat) => travelVariant({ allowTollRoads: !avoidTolls, hazmat })),
  );
  const union = turnGraphUnion(members.length, (index) => buildTurnGraph(network, restrictions, members[index]!));
  return { graphs: members.map((_, index) => classTurnGraph(union, index)), union, arcClasses: union.classes };
}

/** An endpoint at the start of turn-graph node v. */
function nodeEndpoint(v: number): Endpoint {
  const at = { sourceNodes: Int32Array.of(v), sourceKeys: Float64Array.of(0), sourceDeparture: Int32Array.of(0) };
  return {
    lat: 0,
    lon: 0,
    snapDistanceMeters: 0,
    accessMeters: 0,
    departures: [],
    arrivals: [],
    ...at,
    targetNodes: Int32Array.of(v),
    targetKeys: Float64Array.of(0),
  };
}

/** Every class's hierarchy against plain Dijkstra on its own graph, between every `step`-th node. */
function expectExact(contracted: ReturnType<typeof contract>, graphs: TurnGraph[], step: number): number {
  const endpoints: Endpoint[] = [];
  for (let v = 0; v < graphs[0]!.nodeCount; v += step) endpoints.push(nodeEndpoint(v));
  graphs.forEach((graph, index) => {
    const keys = chMatrixKeys(classHierarchy(contracted.hierarchy, index), endpoints, endpoints, undefined, 0);
    expect(keyMismatches(keys, dijkstraMatrixKeys(graph, endpoints, endpoints), endpoints.length)).toEqual([]);
  });
  return graphs.length * endpoints.length ** 2;
}

describe('the core of a contraction (its shortcuts decided by the keys between its nodes)', () => {
  // A 40 x 40 grid's four auto classes with U-turns: 6,240 nodes, the last 1,000 a core.
  const { network, graphs, union, arcClasses } = grid40();
  const withCore = withCore40();
  const searched = searched40();
  const arcs = (hierarchy: ContractionHierarchy): number =>
    hierarchy.upFirst[hierarchy.nodeCount]! + hierarchy.downFirst[hierarchy.nodeCount]!;

  it('spares witness searches without making the hierarchy larger', () => {
    // 1.50 million witness-settled nodes against 2.19 million, 64,492 hierarchy arcs against 67,262.
    expect(withCore.work.witnessSettled).toBeLessThan(0.8 * searched.work.witnessSettled);
    expect(arcs(withCore.hierarchy)).toBeLessThanOrEqual(arcs(searched.hierarchy));
  });

  it('keeps every class exact', () => {
    expect(expectExact(withCore, graphs, 29)).toBeGreaterThan(4 * 200 ** 2);
  });

  it('keeps every class exact with the nodes numbered along the map while contracting', () => {
    const laidOut = contract(union, { arcClasses, layout: spatialOrder(network) });
    expect(Array.from(laidOut.order).sort((a, b) => a - b)).toEqual(Array.from({ length: union.nodeCount }, (_, v) => v));
    expect(expectExact(laidOut, graphs, 29)).toBeGreaterThan(4 * 200 ** 2);
  });

  it('keeps every class exact on random grids, with a core of half the nodes', () => {
    fc.assert(
      fc.property(randomGrid, (grid) => {
        const built = new RoadNetworkBuilder();
        readOsmPbf(writeOsmPbf(grid.nodes, grid.ways, grid.relations), {
          node: (id, lat, lon) => built.node(id, lat, lon),
          way: (id, refs, tags) => built.way(id, refs, tags),
          relation: (id, members, tags) => built.relation(id, members, tags),
        });
        const { network: small, restrictions: turns } = built.build();
        const group = autoGroup(small, turns.auto);
        const contracted = contract(group.union, { arcClasses: group.arcClasses, coreSize: Math.floor(group.union.nodeCount / 2) });
        expectExact(contracted, group.graphs, 1);
      }),
      { numRuns: 30, seed: 11 },
    );
  });
});

const cell = fc.record({ oneway: fc.constantFrom('no', 'yes', '-1'), highway: fc.constantFrom('residential', 'secondary', 'primary') });
const randomGrid = fc
  .record({
    n: fc.integer({ min: 3, max: 6 }),
    rows: fc.array(cell, { minLength: 6, maxLength: 6 }),
    columns: fc.array(cell, { minLength: 6, maxLength: 6 }),
    toll: fc.integer({ min: 0, max: 5 }),
    closedToHazmat: fc.integer({ min: 0, max: 5 }),
    restrictions: fc.array(
      fc.record({
        row: fc.integer({ min: 0, max: 5 }),
        column: fc.integer({ min: 0, max: 5 }),
        kind: fc.constantFrom('no_left_turn', 'only_straight_on', 'no_u_turn'),
        fromRow: fc.boolean(),
      }),
      { maxLength: 8 },
    ),
  })
  .map(({ n, rows, columns, toll, closedToHazmat, restrictions }): StreetGrid => {
    const base = streetGrid(n);
    const rowWay = (row: number): number => 10_000_000 + row;
    const columnWay = (column: number): number => 20_000_000 + column;
    const ways: TestWay[] = base.ways.map((way) => {
      const isRow = way.id < 20_000_000;
      const index = isRow ? way.id - rowWay(0) : way.id - columnWay(0);
      const pick = (isRow ? rows : columns)[index]!;
      const tags: Record<string, string> = { highway: pick.highway };
      if (pick.oneway !== 'no') tags.oneway = pick.oneway;
      if (!isRow && index === toll % n) tags.toll = 'yes';
      if (isRow && index === closedToHazmat % n) tags.hazmat = 'no';
      return { ...way, tags };
    });
    const relations: TestRelation[] = restrictions.map(({ row, column, kind, fromRow }, k) => {
      const from = fromRow ? rowWay(row % n) : columnWay(column % n);
      const to = kind === 'no_u_turn' ? from : fromRow ? columnWay(column % n) : rowWay(row % n);
      return {
        id: k + 1,
        tags: { type: 'restriction', restriction: kind },
        members: [
          { type: 'way', ref: from, role: 'from' },
          { type: 'node', ref: 1 + (row % n) * n + (column % n), role: 'via' },
          { type: 'way', ref: to, role: 'to' },
        ],
      };
    });
    return { nodes: base.nodes, ways, relations };
  });

describe('contraction hierarchies on random street grids', () => {
  let folder: string;
  beforeAll(() => (folder = mkdtempSync(join(tmpdir(), 'wayplan-ch-grid-'))));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('answer exactly what plain Dijkstra answers, in every travel class (one order shared by all)', () => {
    let checkedPairs = 0;
    fc.assert(
      fc.property(randomGrid, (grid) => {
        writeFileSync(join(folder, 'grid.osm.pbf'), writeOsmPbf(grid.nodes, grid.ways, grid.relations));
        importOsm(join(folder, 'grid.osm.pbf'), join(folder, 'grid.wpgraph'));
        const graph = readRoadGraph(join(folder, 'grid.wpgraph'));
        const router = new RoadRouter(graph);
        const side = Math.round(Math.sqrt(grid.nodes.length));
        const points = [];
        for (let row = 0; row < side; row++) {
          for (let column = 0; column + 1 < side; column++) {
            const lat = gridOrigin.lat + row * gridSpacing;
            points.push(
              { lat, lon: gridOrigin.lon + (column + 0.5) * gridSpacing },
              { lat: lat + 0.5 * gridSpacing, lon: gridOrigin.lon + column * gridSpacing },
            );
          }
        }
        for (const variant of allVariants()) {
          const routing = graph.variants.get(variantKey(variant))!;
          const endpoints = points.flatMap((point) => snapEndpoint(graph, router.index, variant, routing, point) ?? []);
          const keys = chMatrixKeys(routing.hierarchy, endpoints, endpoints);
          expect(keyMismatches(keys, dijkstraMatrixKeys(routing.turnGraph, endpoints, endpoints), endpoints.length)).toEqual([]);
          checkedPairs += endpoints.length ** 2;
        }
      }),
      { numRuns: 12, seed: 16 },
    );
    expect(checkedPairs).toBeGreaterThan(12 * 16 * 50);
  });
});
