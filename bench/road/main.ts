import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { chMatrixKeys } from '../../geo/road/ch-matrix.js';
import { chPath } from '../../geo/road/ch-path.js';
import { dijkstraMatrixKeys } from '../../geo/road/dijkstra.js';
import { sameSegmentKey } from '../../geo/road/endpoints.js';
import { importOsm } from '../../geo/road/import.js';
import { readRoadGraph } from '../../geo/road/road-graph.js';
import { RoadRouter, travelVariant } from '../../geo/road/road-router.js';
import { SearchSpace } from '../../geo/road/search-space.js';
import { createRoadProvider } from '../../geo/road/road-provider.js';
import { RemoteMatrixStore, serveMatrixCache } from '../../geo/travel-cache/cache-port.js';
import { withMatrixCache } from '../../geo/travel-cache/cached-provider.js';
import { MatrixCache } from '../../geo/travel-cache/matrix-cache.js';
import { demoMapPath } from '../../runtime/paths.js';
import { Command } from 'commander';
import { fileURLToPath } from 'node:url';
import { percentile, timed } from './measure.js';
import { runScaleBench } from './scale.js';

// Road network figures. Without options, on the demo map (Monaco, © OpenStreetMap contributors,
// ODbL): import, load, point-to-point queries, matrices, and the speed-up over plain Dijkstra in
// the same run, then the travel cache. With `--grid N` or `--map <file>`: the same at scale.
const cli = new Command()
  .option('--grid <n>', 'synthetic N × N street grid written with our PBF writer')
  .option('--map <file>', 'an .osm.pbf extract')
  .option('--pairs <n>', 'random pairs per travel class compared with Dijkstra', '1000')
  .option('--one-class', 'with --grid: no import, the default travel class alone, contracted once and kept under the temporary folder')
  .parse()
  .opts<{ grid?: string; map?: string; pairs: string; oneClass?: boolean }>();
if (cli.grid !== undefined || cli.map !== undefined) {
  runScaleBench(
    {
      grid: cli.grid === undefined ? undefined : Number(cli.grid),
      map: cli.map,
      pairs: Number(cli.pairs),
      oneClass: cli.oneClass === true,
    },
    fileURLToPath(new URL('../../cli/main.js', import.meta.url)),
  );
  process.exit(0);
}

function seededRandom(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 16807) % 2147483647) / 2147483647;
}

const folder = mkdtempSync(join(tmpdir(), 'wayplan-bench-road-'));
try {
  const graphPath = join(folder, 'monaco.wpgraph');
  const imported = timed(() => importOsm(demoMapPath(), graphPath));
  const importPeakMb = process.resourceUsage().maxRSS / 1024;
  console.log(
    `import: ${imported.ms.toFixed(0)} ms, peak RSS ${importPeakMb.toFixed(0)} MB, ${imported.value.segmentCount} segments, ${imported.value.hierarchies} hierarchies, ${(imported.value.fileBytes / 1e6).toFixed(1)} MB file`,
  );
  const loaded = timed(() => readRoadGraph(graphPath));
  const routerBuilt = timed(() => new RoadRouter(loaded.value));
  console.log(`load: ${loaded.ms.toFixed(1)} ms (+ ${routerBuilt.ms.toFixed(1)} ms spatial index)`);
  const router = routerBuilt.value;

  const random = seededRandom(42);
  const points = Array.from({ length: 1000 }, () => ({ lat: 43.725 + random() * 0.025, lon: 7.405 + random() * 0.035 }));
  const variant = travelVariant({});
  const { routing, endpoints } = router.endpoints(points, variant);
  const placed = endpoints.flatMap((endpoint) => (endpoint ? [endpoint] : []));
  console.log(`points: ${points.length} random, ${placed.length} on the map`);

  const forward = new SearchSpace(routing.turnGraph.nodeCount);
  const backward = new SearchSpace(routing.turnGraph.nodeCount);
  const queryTimes: number[] = [];
  const queries = 20000;
  const started = performance.now();
  for (let q = 0; q < queries; q++) {
    const from = placed[Math.floor(random() * placed.length)]!;
    const to = placed[Math.floor(random() * placed.length)]!;
    const t = performance.now();
    chPath(routing.hierarchy, from, to, sameSegmentKey(loaded.value, variant, from, to), forward, backward);
    queryTimes.push(performance.now() - t);
  }
  const totalSeconds = (performance.now() - started) / 1000;
  queryTimes.sort((a, b) => a - b);
  console.log(
    `point-to-point (with unpacking): p50 ${(percentile(queryTimes, 0.5) * 1000).toFixed(1)} µs, p99 ${(percentile(queryTimes, 0.99) * 1000).toFixed(1)} µs, ${(queries / totalSeconds).toFixed(0)} queries/s`,
  );

  for (const size of [100, 1000]) {
    const sample = placed.slice(0, size);
    chMatrixKeys(routing.hierarchy, sample.slice(0, 20), sample.slice(0, 20));
    const ch = timed(() => chMatrixKeys(routing.hierarchy, sample, sample));
    const full = timed(() => router.matrix(points.slice(0, size)));
    const dijkstra = timed(() => dijkstraMatrixKeys(routing.turnGraph, sample, sample));
    let mismatches = 0;
    for (let i = 0; i < ch.value.length; i++) if (ch.value[i] !== dijkstra.value[i]) mismatches++;
    console.log(
      `${size}×${size} matrix: CH ${ch.ms.toFixed(0)} ms (provider incl. snapping ${full.ms.toFixed(0)} ms), ` +
        `Dijkstra ${dijkstra.ms.toFixed(0)} ms, speed-up ×${(dijkstra.ms / ch.ms).toFixed(1)}, ${mismatches} mismatches`,
    );
  }

  // The worker's cross-request cache, reached over a message port as operation threads reach it;
  // the repeated request lists the same places in another order.
  const channel = new MessageChannel();
  serveMatrixCache(new MatrixCache(256 * 1024 * 1024), channel.port1);
  const store = new RemoteMatrixStore(channel.port2);
  const cached = withMatrixCache(createRoadProvider(loaded.value), store, 'road|bench');
  const asyncTimed = async <T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> => {
    const t = performance.now();
    const value = await run();
    return { value, ms: performance.now() - t };
  };
  for (const size of [100, 1000]) {
    const sample = points.slice(0, size);
    const miss = await asyncTimed(() => cached.matrix(sample));
    const hit = await asyncTimed(() => cached.matrix([...sample].reverse()));
    console.log(
      `${size}×${size} matrix through the travel cache: miss ${miss.ms.toFixed(0)} ms, hit ${hit.ms.toFixed(1)} ms, speed-up ×${(miss.ms / hit.ms).toFixed(1)}`,
    );
  }
  await store.close();
  channel.port1.close();
  console.log(`peak RSS overall: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
