import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Random } from '../../engine/core/structures/prng.js';
import { chMatrixKeys, matrixCoreSize, type MatrixWork } from '../../geo/road/ch-matrix.js';
import { hierarchyCore } from '../../geo/road/hierarchy-core.js';
import { rankedHierarchy } from '../../geo/road/ranked-hierarchy.js';
import { chPath, type PathWork } from '../../geo/road/ch-path.js';
import type { ContractionHierarchy } from '../../geo/road/contraction-hierarchy.js';
import { dijkstraMatrixKeys } from '../../geo/road/dijkstra.js';
import { sameSegmentKey, snapEndpoint, type Endpoint } from '../../geo/road/endpoints.js';
import { allVariants, readRoadGraph, variantKey } from '../../geo/road/road-graph.js';
import { RoadRouter, travelVariant } from '../../geo/road/road-router.js';
import { SearchSpace } from '../../geo/road/search-space.js';
import { writeOsmPbf } from '../../test/geo/support/osm-pbf-writer.js';
import { gridOrigin, gridSpacing, streetGrid } from '../../test/geo/support/street-grid.js';
import type { TravelVariant } from '../../geo/road/turn-graph.js';
import type { TravelPoint } from '../../geo/travel.js';
import { cpuTimed, percentile, timed } from './measure.js';
import { oneClassGridGraph, oneClassGridPath } from './one-class-graph.js';

/** What `wayplan map import --json` reports. */
interface ImportFigures {
  seconds: number;
  cpuSeconds: number;
  segmentCount: number;
  hierarchies: number;
  contractions: number;
  fileBytes: number;
  peakRssBytes: number;
  stages: { name: string; seconds: number; cpuSeconds: number }[];
}

export interface ScaleOptions {
  /** Side of a synthetic street grid, or an `.osm.pbf` extract. */
  grid?: number;
  map?: string;
  /** Random pairs per travel class compared with plain Dijkstra. */
  pairs: number;
  /** Skip the import: contract the default class only, once, kept under the temporary folder (grids only). */
  oneClass?: boolean;
}

/**
 * Road network at scale: writes a synthetic grid with our PBF writer (or takes an extract),
 * imports it in a child process through `wayplan map import --json` (so peak RSS is the
 * import's alone), then queries the graph: point-to-point, 1,000 × 1,000 matrices through the
 * hierarchy and through the provider, and CH-versus-Dijkstra mismatches per travel class.
 */
export function runScaleBench(options: ScaleOptions, cliPath: string): void {
  const folder = mkdtempSync(join(tmpdir(), 'wayplan-bench-road-scale-'));
  try {
    const pbfPath = options.map ?? join(folder, `grid-${options.grid}.osm.pbf`);
    let box: { minLat: number; minLon: number; maxLat: number; maxLon: number } = {
      minLat: gridOrigin.lat,
      minLon: gridOrigin.lon,
      maxLat: 0,
      maxLon: 0,
    };
    if (options.map === undefined) {
      const n = options.grid!;
      if (!options.oneClass) {
        const grid = streetGrid(n);
        writeFileSync(pbfPath, writeOsmPbf(grid.nodes, grid.ways, grid.relations));
      }
      box = { ...box, maxLat: gridOrigin.lat + (n - 1) * gridSpacing, maxLon: gridOrigin.lon + (n - 1) * gridSpacing };
    }
    let graphPath = join(folder, 'bench.wpgraph');
    if (options.oneClass) {
      graphPath = oneClassGridPath(options.grid!);
      oneClassGridGraph(options.grid!, graphPath);
    } else {
      importFigures(pbfPath, graphPath, cliPath);
    }
    const loaded = timed(() => readRoadGraph(graphPath));
    const router = new RoadRouter(loaded.value);
    const graph = loaded.value;
    console.log(`load: ${loaded.ms.toFixed(0)} ms`);
    if (options.map !== undefined) box = boundingBox(graph.network.geometryLatE7, graph.network.geometryLonE7);

    const random = new Random(42);
    const randomPoint = (): TravelPoint => ({
      lat: box.minLat + random.nextFloat() * (box.maxLat - box.minLat),
      lon: box.minLon + random.nextFloat() * (box.maxLon - box.minLon),
    });
    const points = Array.from({ length: 1000 }, randomPoint);
    const variant = travelVariant({});
    const { routing, endpoints } = router.endpoints(points, variant);
    const placed = endpoints.flatMap((endpoint) => (endpoint ? [endpoint] : []));
    const { hierarchy } = routing;
    const arcs = hierarchy.upFirst[hierarchy.nodeCount]! + hierarchy.downFirst[hierarchy.nodeCount]!;
    console.log(
      `hierarchy (default class): ${hierarchy.nodeCount} nodes, ${(arcs / hierarchy.nodeCount).toFixed(2)} arcs per node; ${placed.length} of 1000 random points on the map`,
    );

    const forward = new SearchSpace(hierarchy.nodeCount);
    const backward = new SearchSpace(hierarchy.nodeCount);
    const space = searchSpace(hierarchy, placed, forward);
    console.log(
      `search space of an upward search (stall on demand, as the matrix runs it): ${space.settled.toFixed(0)} settled nodes, ${space.scanned.toFixed(0)} arcs scanned (mean over ${placed.length} points)`,
    );
    const queryTimes: number[] = [];
    const pathWork: PathWork = { settled: 0, stalled: 0 };
    const queries = 2000;
    for (let q = 0; q < queries; q++) {
      const from = placed[random.nextUint32() % placed.length]!;
      const to = placed[random.nextUint32() % placed.length]!;
      const t = performance.now();
      chPath(hierarchy, from, to, sameSegmentKey(graph, variant, from, to), forward, backward, pathWork);
      queryTimes.push(performance.now() - t);
    }
    queryTimes.sort((a, b) => a - b);
    console.log(
      `point-to-point (with unpacking): p50 ${(percentile(queryTimes, 0.5) * 1000).toFixed(0)} µs, p99 ${(percentile(queryTimes, 0.99) * 1000).toFixed(0)} µs; ` +
        `${(pathWork.settled / queries).toFixed(0)} nodes settled per query, of which ${(pathWork.stalled / queries).toFixed(0)} stalled`,
    );

    const prepared = cpuTimed(() => hierarchyCore(rankedHierarchy(hierarchy), matrixCoreSize));
    console.log(
      `matrix preparation (once per travel class, on first use): ranked hierarchy and core table ${prepared.ms.toFixed(0)} ms (${prepared.cpuMs.toFixed(0)} ms of CPU)`,
    );
    // The first full-size matrices run while the JIT still compiles their loops (the first three
    // 1000 × 1000 calls on the grid-300 map took 313, 290 and 282 ms, then about 245): printed
    // apart, and the figures are the median of five after them, as a worker serving matrices sees.
    const work = {} as MatrixWork;
    const first = cpuTimed(() => router.matrix(points));
    for (let warm = 0; warm < 2; warm++) {
      chMatrixKeys(hierarchy, placed, placed);
      router.matrix(points);
    }
    const ch = medianOf5(() => cpuTimed(() => chMatrixKeys(hierarchy, placed, placed, work)));
    const snapping = medianOf5(() => cpuTimed(() => router.endpoints(points, variant)));
    const provider = medianOf5(() => cpuTimed(() => router.matrix(points)));
    console.log(
      `${placed.length}×${placed.length} matrix: CH ${ch.ms.toFixed(0)} ms (${ch.cpuMs.toFixed(0)} ms of CPU); 1000×1000 through the provider (snapping included) ` +
        `${provider.ms.toFixed(0)} ms (${provider.cpuMs.toFixed(0)} ms of CPU, of which snapping ${snapping.cpuMs.toFixed(0)} ms); ` +
        `the first full-size call ${first.ms.toFixed(0)} ms (${first.cpuMs.toFixed(0)} ms of CPU); load average ${loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')}`,
    );
    const per = (count: number, of: number): string => (count / of).toFixed(1);
    console.log(
      `  per source: ${per(work.forward.settled, placed.length)} settled (${per(work.forward.stalled, placed.length)} stalled), ${per(work.coreEntries, placed.length)} core rows; ` +
        `per target: ${per(work.backward.settled, placed.length)} settled, ${per(work.coreExits, placed.length)} core exits; ` +
        `per cell: ${per(work.bucketScans, placed.length ** 2)} bucket entries read, ${per(work.coreExits, placed.length)} core exits combined`,
    );

    compareWithDijkstra(router, graphPath, randomPoint, options.pairs);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Mean settled nodes and scanned arcs of the forward upward search from each endpoint, stalling
 * as the bucket matrix does: what the hierarchy's shape costs every row of a matrix.
 */
function searchSpace(
  hierarchy: ContractionHierarchy,
  endpoints: readonly Endpoint[],
  space: SearchSpace,
): { settled: number; scanned: number } {
  const { upFirst, upTarget, upWeight, downFirst, downSource, downWeight } = hierarchy;
  let settled = 0;
  let scanned = 0;
  for (const endpoint of endpoints) {
    space.start();
    for (let i = 0; i < endpoint.sourceNodes.length; i++) space.reach(endpoint.sourceNodes[i]!, endpoint.sourceKeys[i]!, -1, -1);
    while (space.heap.size > 0) {
      const key = space.heap.topKey();
      const node = space.heap.pop();
      if (key > space.distance[node]!) continue;
      let stalled = false;
      for (let arc = downFirst[node]!; arc < downFirst[node + 1]! && !stalled; arc++)
        stalled = space.distanceOf(downSource[arc]!) + downWeight[arc]! < key;
      if (stalled) continue;
      settled++;
      for (let arc = upFirst[node]!; arc < upFirst[node + 1]!; arc++, scanned++)
        space.reach(upTarget[arc]!, key + upWeight[arc]!, node, arc);
    }
  }
  return { settled: settled / Math.max(1, endpoints.length), scanned: scanned / Math.max(1, endpoints.length) };
}

/** Imports through `wayplan map import --json` in a child process, so that peak RSS is the import's alone. */
function importFigures(pbfPath: string, graphPath: string, cliPath: string): void {
  const fileMb = statSync(pbfPath).size / 1e6;
  const output = execFileSync(process.execPath, [cliPath, 'map', 'import', pbfPath, '--out', graphPath, '--json'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 20,
  });
  const imported = JSON.parse(output) as ImportFigures;
  console.log(
    `import: ${imported.seconds.toFixed(1)} s (the command: ${imported.cpuSeconds.toFixed(1)} s of CPU), peak RSS ${(imported.peakRssBytes / 2 ** 20).toFixed(0)} MB, ${fileMb.toFixed(1)} MB .osm.pbf, ` +
      `${imported.segmentCount} segments, ${imported.hierarchies} hierarchies in ${imported.contractions} contractions, ${(imported.fileBytes / 1e6).toFixed(1)} MB graph`,
  );
  for (const stage of imported.stages)
    console.log(`  ${stage.name}: ${stage.seconds.toFixed(1)} s (${stage.cpuSeconds.toFixed(1)} s of CPU)`);
}

/** CH against plain Dijkstra on random pairs (√pairs sources × √pairs targets), once per stored travel class. */
function compareWithDijkstra(router: RoadRouter, graphPath: string, randomPoint: () => TravelPoint, pairs: number): void {
  const { graph } = router;
  const side = Math.max(1, Math.round(Math.sqrt(pairs)));
  const classes = new Map<string, TravelVariant>();
  for (const variant of allVariants()) {
    const storage = graph.meta.variantStorage[variantKey(variant)]!;
    if (!classes.has(storage)) classes.set(storage, variant);
  }
  let total = 0;
  const started = performance.now();
  for (const [storage, variant] of classes) {
    // One class at a time, from a reader of its own that is dropped after it: all the classes of a
    // city's graph together can exceed memory (about 15 GB at grid 1000).
    const routing = readRoadGraph(graphPath).variants.get(storage)!;
    const snap = (count: number): Endpoint[] => {
      const found: Endpoint[] = [];
      while (found.length < count) {
        const endpoint = snapEndpoint(graph, router.index, variant, routing, randomPoint());
        if (endpoint) found.push(endpoint);
      }
      return found;
    };
    const sources = snap(side);
    const targets = snap(side);
    const ch = chMatrixKeys(routing.hierarchy, sources, targets);
    const reference = dijkstraMatrixKeys(routing.turnGraph, sources, targets);
    let mismatches = 0;
    for (let i = 0; i < ch.length; i++) if (ch[i] !== reference[i]) mismatches++;
    total += mismatches;
    console.log(`  ${storage}: ${mismatches} mismatches on ${ch.length} pairs`);
  }
  console.log(
    `CH vs Dijkstra: ${total} mismatches over ${classes.size} travel classes (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
}

function medianOf5<T extends { cpuMs: number }>(run: () => T): T {
  const runs = Array.from({ length: 5 }, run).sort((a, b) => a.cpuMs - b.cpuMs);
  return runs[2]!;
}

function boundingBox(latE7: Int32Array, lonE7: Int32Array): { minLat: number; minLon: number; maxLat: number; maxLon: number } {
  let minLat = Infinity;
  let minLon = Infinity;
  let maxLat = -Infinity;
  let maxLon = -Infinity;
  for (let i = 0; i < latE7.length; i++) {
    minLat = Math.min(minLat, latE7[i]! / 1e7);
    maxLat = Math.max(maxLat, latE7[i]! / 1e7);
    minLon = Math.min(minLon, lonE7[i]! / 1e7);
    maxLon = Math.max(maxLon, lonE7[i]! / 1e7);
  }
  return { minLat, minLon, maxLat, maxLon };
}
