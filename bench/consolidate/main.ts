import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expandPlan } from '../../engine/consolidate/expand.js';
import { runOperation } from '../../engine/operations/index.js';
import { extractMap, type ExtractedRoad } from '../../geo/geocoding/osm/map-extract.js';
import { demoMapPath } from '../../runtime/paths.js';
import { importOsm } from '../../geo/road/import.js';
import { readRoadGraph } from '../../geo/road/road-graph.js';
import { createRoadProvider } from '../../geo/road/road-provider.js';
import { haversineMeters } from '../../geo/straight-line.js';
import type { LatLon } from '../../model/latlon.js';
import type { ConsolidateResponse } from '../../model/types/consolidate.js';
import type { ProblemResponse } from '../../model/types/responses.js';

// Dense routing on the demo map (Monaco, © OpenStreetMap contributors, ODbL): a synthetic
// collection round with a job at every address point and every 30 m along the 200 longest
// streets of the principality (named ways wholly inside its bounding box; the extract also holds
// French motorways and mountain roads, which no collection round serves). Figures: how far consolidation cuts the job count, build time and cost on the
// consolidated problem (after expansion to the original jobs, evaluated) against a build on the
// original jobs, and that no original job is lost or duplicated.
// Options: --streets N (200), --spacing M (30), --routes N (6), --limit S (search seconds of the
// consolidated build, 8), --original-limit S (default: the build's own budget).

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

const streetCount = option('streets', 200);
const spacingMeters = option('spacing', 30);
const routeCount = option('routes', 6);
const consolidatedLimit = option('limit', 8);
const originalLimit = option('original-limit', 0);

const at = (point: LatLon): string => `${point.lat.toFixed(7)}, ${point.lon.toFixed(7)}`;
const noProgress = (): void => undefined;

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const value = await run();
  return { value, seconds: (performance.now() - started) / 1000 };
}

function lengthOf(points: readonly LatLon[]): number {
  let meters = 0;
  for (let k = 1; k < points.length; k++) meters += haversineMeters(points[k - 1]!, points[k]!);
  return meters;
}

/** Points every `spacing` meters along a polyline, the first half a spacing in. */
function pointsAlong(points: readonly LatLon[], spacing: number): LatLon[] {
  const out: LatLon[] = [];
  let next = spacing / 2;
  let walked = 0;
  for (let k = 1; k < points.length; k++) {
    const a = points[k - 1]!;
    const b = points[k]!;
    const piece = haversineMeters(a, b);
    while (next <= walked + piece && piece > 0) {
      const t = (next - walked) / piece;
      out.push({ lat: a.lat + t * (b.lat - a.lat), lon: a.lon + t * (b.lon - a.lon) });
      next += spacing;
    }
    walked += piece;
  }
  return out;
}

const inMonaco = (point: LatLon): boolean => point.lat > 43.724 && point.lat < 43.752 && point.lon > 7.405 && point.lon < 7.44;

/** The `count` named streets in Monaco with the most road length, each with all its ways there. */
function longestStreets(roads: readonly ExtractedRoad[], count: number): ExtractedRoad[][] {
  const byName = new Map<string, ExtractedRoad[]>();
  for (const road of roads) if (road.points.every(inMonaco)) byName.set(road.name, [...(byName.get(road.name) ?? []), road]);
  const total = (ways: readonly ExtractedRoad[]) => ways.reduce((sum, way) => sum + lengthOf(way.points), 0);
  return [...byName.values()].sort((a, b) => total(b) - total(a)).slice(0, count);
}

const totalCost = (response: ProblemResponse): number => response.routes.reduce((sum, route) => sum + route.cost, 0);
const violationCount = (response: ProblemResponse): number =>
  response.routes.reduce(
    (sum, route) => sum + route.violations.length + (route.stops ?? []).reduce((s, stop) => s + stop.violations.length, 0),
    0,
  );

const folder = mkdtempSync(join(tmpdir(), 'wayplan-bench-consolidate-'));
try {
  importOsm(demoMapPath(), join(folder, 'monaco.wpgraph'));
  const provider = createRoadProvider(readRoadGraph(join(folder, 'monaco.wpgraph')));
  const extract = extractMap(readFileSync(demoMapPath()));
  const streets = longestStreets(extract.roads, streetCount);
  const jobs = [
    ...extract.addresses.map((address, k) => ({ id: `a${k}`, location: at(address.location), time_on_site: '00:00:20' })),
    ...streets
      .flatMap((ways) => ways.flatMap((way) => pointsAlong(way.points, spacingMeters)))
      .map((point, k) => ({ id: `s${k}`, location: at(point), time_on_site: '00:00:20' })),
  ];
  const depot = at({ lat: 43.73455, lon: 7.42254 });
  const routes = Array.from({ length: routeCount }, (_, k) => ({
    id: `truck${k + 1}`,
    location: depot,
    start_time: '06:00',
    end_time: '14:00',
  }));
  const original = { jobs, routes };
  console.log(
    `problem: ${extract.addresses.length} address points + ${jobs.length - extract.addresses.length} street points on ${streets.length} streets (every ${spacingMeters} m) = ${jobs.length} jobs, ${routeCount} routes`,
  );

  const byRoutes = await timed(
    async () => (await runOperation('consolidate_by_route_assignments', original, {}, provider, noProgress)) as ConsolidateResponse,
  );
  console.log(
    `consolidate_by_route_assignments: ${byRoutes.value.jobs.length} jobs (${(jobs.length / byRoutes.value.jobs.length).toFixed(2)}× fewer) in ${byRoutes.seconds.toFixed(2)} s`,
  );
  const consolidated = await timed(
    async () => (await runOperation('consolidate_by_job_restrictions', original, {}, provider, noProgress)) as ConsolidateResponse,
  );
  const { jobs: merged, consolidated_jobs: mapping } = consolidated.value;
  const reduction = jobs.length / merged.length;
  const linked = new Map(mapping.map((entry) => [entry.job, entry.jobs]));
  const stoodFor = merged.flatMap((job) => linked.get(job.id) ?? [job.id]);
  const originalIds = new Set(jobs.map((job) => job.id));
  const lossless = stoodFor.length === jobs.length && new Set(stoodFor).size === jobs.length && stoodFor.every((id) => originalIds.has(id));
  const longest = Math.max(...mapping.map((entry) => entry.jobs.length));
  console.log(
    `consolidate_by_job_restrictions: ${merged.length} jobs (${reduction.toFixed(2)}× fewer; ${mapping.length} linked jobs of up to ${longest} originals; ${consolidated.value.straight_line_fallback_locations?.length ?? 0} locations off the map) in ${consolidated.seconds.toFixed(2)} s`,
  );
  console.log(`every original job exactly once: ${lossless ? 'yes' : 'NO'}`);

  const consolidatedBuild = await timed(
    async () =>
      (await runOperation(
        'build',
        { jobs: merged, routes, settings: { time_limit: `00:00:${String(consolidatedLimit).padStart(2, '0')}` } },
        {},
        provider,
        noProgress,
      )) as ProblemResponse,
  );
  const expanded = expandPlan(original, consolidatedBuild.value as unknown as Record<string, unknown>, mapping);
  const evaluated = (await runOperation('evaluate', expanded, {}, provider, noProgress)) as ProblemResponse;
  const consolidatedSeconds = consolidated.seconds + consolidatedBuild.seconds;
  console.log(
    `build on consolidated jobs: ${consolidatedBuild.seconds.toFixed(1)} s (+ ${consolidated.seconds.toFixed(1)} s consolidation), cost ${totalCost(consolidatedBuild.value).toFixed(2)}, ` +
      `${consolidatedBuild.value.unrouted_jobs.length} unrouted; expanded and evaluated: cost ${totalCost(evaluated).toFixed(2)}, ${evaluated.unrouted_jobs.length} unrouted, ${violationCount(evaluated)} violations`,
  );

  const originalSettings = originalLimit > 0 ? { settings: { time_limit: `00:00:${String(originalLimit).padStart(2, '0')}` } } : {};
  const originalBuild = await timed(
    async () => (await runOperation('build', { ...original, ...originalSettings }, {}, provider, noProgress)) as ProblemResponse,
  );
  console.log(
    `build on original jobs: ${originalBuild.seconds.toFixed(1)} s, cost ${totalCost(originalBuild.value).toFixed(2)}, ${originalBuild.value.unrouted_jobs.length} unrouted, ${violationCount(originalBuild.value)} violations`,
  );
  console.log(
    `speed-up ${(originalBuild.seconds / consolidatedSeconds).toFixed(1)}× (consolidation included), cost after expansion ${((totalCost(evaluated) / totalCost(originalBuild.value) - 1) * 100).toFixed(1)} % against the original build`,
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}
