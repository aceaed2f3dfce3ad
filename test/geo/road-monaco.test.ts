import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { chMatrixKeys } from '../../geo/road/ch-matrix.js';
import { chPath } from '../../geo/road/ch-path.js';
import { dijkstraMatrixKeys } from '../../geo/road/dijkstra.js';
import { appendDirectedGeometry } from '../../geo/road/directed-geometry.js';
import { sameSegmentKey } from '../../geo/road/endpoints.js';
import { importOsm } from '../../geo/road/import.js';
import { readOsmPbf } from '../../geo/road/pbf/osm-pbf-reader.js';
import { allVariants, readRoadGraph, variantGraph, type RoadGraph } from '../../geo/road/road-graph.js';
import { createRoadProvider } from '../../geo/road/road-provider.js';
import { RoadRouter, travelVariant } from '../../geo/road/road-router.js';
import { SearchSpace } from '../../geo/road/search-space.js';
import { partialKey } from '../../geo/road/weight-key.js';
import { demoMapPath } from '../../runtime/paths.js';
import type { LatLon } from '../../geo/travel.js';

// OSM way and relation ids from the demo extract (geo/maps/monaco.osm.pbf, © OpenStreetMap contributors).
const rueDesRemparts = 4227157; // oneway=yes
const noLeftTurn = { from: 92627402, via: 1397731778, to: 65562952 }; // relation 4799601: Tunnel vers Nationale 7 → Route de la Moyenne Corniche

describe('road network on the Monaco demo map', () => {
  let folder: string;
  let graph: RoadGraph;
  let router: RoadRouter;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'wayplan-monaco-'));
    importOsm(demoMapPath(), join(folder, 'monaco.wpgraph'));
    graph = readRoadGraph(join(folder, 'monaco.wpgraph'));
    router = new RoadRouter(graph);
  });

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const monacoPoint = fc.record({
    lat: fc.double({ min: 43.725, max: 43.75, noNaN: true }),
    lon: fc.double({ min: 7.405, max: 7.44, noNaN: true }),
  });

  it('answers with contraction hierarchies exactly what plain Dijkstra answers', () => {
    fc.assert(
      fc.property(fc.constantFrom(...allVariants()), fc.array(monacoPoint, { minLength: 2, maxLength: 6 }), (variant, points) => {
        const { routing, endpoints } = router.endpoints(points, variant);
        const placed = endpoints.flatMap((endpoint) => (endpoint ? [endpoint] : []));
        expect(chMatrixKeys(routing.hierarchy, placed, placed)).toEqual(dijkstraMatrixKeys(routing.turnGraph, placed, placed));
      }),
      { numRuns: 300 },
    );
  });

  it('finds point-to-point paths as short as the matrix entries', () => {
    fc.assert(
      fc.property(monacoPoint, monacoPoint, (a, b) => {
        const matrix = router.matrix([a, b]);
        const path = router.path([a, b]);
        expect(path.distance).toBe(matrix.distances[1]);
        expect(path.duration).toBe(matrix.durations[1]);
        expect(path.geometry.length).toBeGreaterThanOrEqual(path.distance > 0 ? 2 : 1);
      }),
      { numRuns: 100 },
    );
  });

  it('drives Rue des Remparts (one-way) only in its direction', () => {
    const { directedKey } = graph.network.profiles.auto;
    const segment = longestSegmentOf(graph, rueDesRemparts);
    expect(directedKey[2 * segment]).toBeLessThan(Infinity);
    expect(directedKey[2 * segment + 1]).toBe(Infinity);
    const [first, second] = [pointAlong(graph, 2 * segment, 0.3), pointAlong(graph, 2 * segment, 0.7)];
    const { distances } = router.matrix([first, second]);
    const along = (0.4 * (directedKey[2 * segment]! % 2 ** 26)) / 10;
    expect(Math.abs(distances[1]! - along)).toBeLessThan(2);
    expect(distances[2]!).toBeGreaterThan(3 * along);
  });

  it('never turns left from Tunnel vers Nationale 7 into Route de la Moyenne Corniche (relation 4799601)', () => {
    const { into, out } = restrictedTurn(graph);
    const variant = travelVariant({});
    const routing = variantGraph(graph, variant);
    const turnGraph = routing.turnGraph;
    for (let arc = turnGraph.first[into]!; arc < turnGraph.first[into + 1]!; arc++) expect(turnGraph.target[arc]).not.toBe(out);

    const [from, to] = [pointAlong(graph, into, 0.5), pointAlong(graph, out, 0.5)];
    const { endpoints } = router.endpoints([from, to], variant);
    const spaces = [new SearchSpace(turnGraph.nodeCount), new SearchSpace(turnGraph.nodeCount)] as const;
    const path = chPath(
      routing.hierarchy,
      endpoints[0]!,
      endpoints[1]!,
      sameSegmentKey(graph, variant, endpoints[0]!, endpoints[1]!),
      ...spaces,
    )!;
    const turns = path.directed.slice(1).map((segment, i) => [path.directed[i], segment]);
    expect(turns).not.toContainEqual([into, out]);
    const { directedKey } = graph.network.profiles.auto;
    const forbiddenShortcut = directedKey[into]! - partialKey(directedKey[into]!, 0.5) + partialKey(directedKey[out]!, 0.5);
    expect(path.key).toBeGreaterThan(forbiddenShortcut);
  });

  it('serves as the `road` travel provider, falling back to straight lines off the map', async () => {
    const provider = createRoadProvider(graph);
    const paris = { lat: 48.8566, lon: 2.3522 };
    const casino = { lat: 43.7396, lon: 7.4276 };
    const palace = { lat: 43.7314, lon: 7.4201 };
    const matrix = await provider.matrix([casino, palace, paris]);
    expect(provider.name).toBe('road');
    expect(Array.from(matrix.fallback!)).toEqual([0, 0, 1, 0, 0, 1, 1, 1, 0]);
    expect(matrix.distances[1]!).toBeGreaterThan(900);
    expect(matrix.durations[1]!).toBeGreaterThan(60);
    const slower = await provider.matrix([casino, palace], { drivingSpeedPercentage: 50 });
    expect(slower.durations[1]).toBeCloseTo(2 * matrix.durations[1]!, 6);
  });

  it('leaves in the direction of a vehicle heading', () => {
    const segment = longestSegmentOf(graph, 4230081); // Boulevard d'Italie, one-way: heading against it cannot leave along it
    const point = pointAlong(graph, 2 * segment, 0.5);
    const variant = travelVariant({});
    const [along, against] = [0, 180].map((turn) => {
      const bearing = bearingOf(graph, 2 * segment) + turn;
      return router.endpoints([{ ...point, locationType: 'vehicle', heading: bearing % 360 }], variant).endpoints[0];
    });
    expect(along?.departures.map((d) => d.directed)).toEqual([2 * segment]);
    expect(against?.departures.every((d) => d.directed !== 2 * segment) ?? true).toBe(true);
  });
});

function longestSegmentOf(graph: RoadGraph, wayId: number): number {
  let best = -1;
  const { directedKey } = graph.network.profiles.auto;
  for (let s = 0; s < graph.network.segmentCount; s++) {
    if (graph.network.segmentWayId[s] !== wayId) continue;
    if (best < 0 || directedKey[2 * s]! % 2 ** 26 > directedKey[2 * best]! % 2 ** 26) best = s;
  }
  expect(best).toBeGreaterThanOrEqual(0);
  return best;
}

function pointAlong(graph: RoadGraph, directed: number, along: number): LatLon {
  const out: LatLon[] = [];
  appendDirectedGeometry(graph.network, directed, along, along, out);
  return out[0]!;
}

function bearingOf(graph: RoadGraph, directed: number): number {
  const out: LatLon[] = [];
  appendDirectedGeometry(graph.network, directed, 0.45, 0.55, out);
  const a = out[0]!;
  const b = out[out.length - 1]!;
  const degrees = (Math.atan2((b.lon - a.lon) * Math.cos((a.lat * Math.PI) / 180), b.lat - a.lat) * 180) / Math.PI;
  return (degrees + 360) % 360;
}

/** The directed segments into and out of the restriction's via node, found through the node's coordinates. */
function restrictedTurn(graph: RoadGraph): { into: number; out: number } {
  let via: LatLon | undefined;
  readOsmPbf(readFileSync(demoMapPath()), {
    node: (id, lat, lon) => {
      if (id === noLeftTurn.via) via = { lat: lat / 1e7, lon: lon / 1e7 };
    },
  });
  const { network } = graph;
  const endsAt = (directed: number, atStart: boolean): boolean => {
    const s = directed >>> 1;
    const forward = (directed & 1) === 0;
    const index = forward === atStart ? network.geometryFirst[s]! : network.geometryFirst[s + 1]! - 1;
    return network.geometryLatE7[index] === Math.round(via!.lat * 1e7) && network.geometryLonE7[index] === Math.round(via!.lon * 1e7);
  };
  let into = -1;
  let out = -1;
  for (let d = 0; d < network.segmentCount * 2; d++) {
    const way = network.segmentWayId[d >>> 1];
    if (way === noLeftTurn.from && endsAt(d, false) && network.profiles.auto.directedKey[d]! < Infinity) into = d;
    if (way === noLeftTurn.to && endsAt(d, true) && network.profiles.auto.directedKey[d]! < Infinity) out = d;
  }
  expect(into).toBeGreaterThanOrEqual(0);
  expect(out).toBeGreaterThanOrEqual(0);
  return { into, out };
}
