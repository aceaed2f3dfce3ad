import { runOperation } from '../../engine/operations/index.js';
import { Random } from '../../engine/core/structures/prng.js';
import { straightLineProvider } from '../../geo/straight-line.js';
import { centroidPullCost } from '../../engine/evaluate/centroid-pull.js';
import { validateRequest } from '../../model/index.js';
import { parseLatLon } from '../../model/latlon.js';
import type { ProblemResponse } from '../../model/types/responses.js';

/** Territory design figures: zones and centroids on 2,000 jobs, and what following centroids costs a build. */

interface Zone {
  id: string;
  boundary: { vertices: string[] };
  stop_count: number;
  balance: { value: number; mean: number; deviation: number; within_variance: boolean };
}

const runs = 5;

/** 2,000 jobs around Seattle: four dense neighbourhoods and a sparse spread, 5–30 minutes on site. */
function cityJobs(count: number, seed: number): { id: string; location: string; time_on_site: string }[] {
  const random = new Random(seed);
  const hubs = [
    [47.61, -122.33],
    [47.66, -122.31],
    [47.55, -122.28],
    [47.7, -122.36],
  ] as const;
  return Array.from({ length: count }, (_, i) => {
    const sparse = random.nextFloat() < 0.3;
    const [lat, lon] = sparse
      ? [47.5 + random.nextFloat() * 0.25, -122.45 + random.nextFloat() * 0.25]
      : hubs[random.nextInt(hubs.length)]!;
    const spread = sparse ? 0 : 0.02;
    const minutes = 5 + random.nextInt(26);
    return {
      id: `j${i}`,
      location: `${(lat + (random.nextFloat() - 0.5) * spread).toFixed(6)}, ${(lon + (random.nextFloat() - 0.5) * spread).toFixed(6)}`,
      time_on_site: `00:${String(minutes).padStart(2, '0')}`,
    };
  });
}

async function operate<T>(name: string, body: Record<string, unknown>): Promise<{ result: T; ms: number }> {
  const errors = validateRequest(body, name as 'zones');
  if (errors.length > 0) throw new Error(JSON.stringify(errors.slice(0, 3)));
  const started = performance.now();
  const result = (await runOperation(name, body, {}, straightLineProvider, () => undefined)) as T;
  return { result, ms: performance.now() - started };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Width / height (km) of a rectangular zone, ≥ 1. */
function aspect(zone: Zone): number {
  const points = zone.boundary.vertices.map((vertex) => vertex.split(',').map(Number) as [number, number]);
  const lats = points.map((p) => p[0]);
  const lons = points.map((p) => p[1]);
  const height = (Math.max(...lats) - Math.min(...lats)) * 111.2;
  const width = (Math.max(...lons) - Math.min(...lons)) * 111.2 * Math.cos((lats[0]! * Math.PI) / 180);
  return Math.max(width / height, height / width);
}

async function zonesFigure(label: string, body: Record<string, unknown>): Promise<void> {
  const times: number[] = [];
  let zones: Zone[] = [];
  for (let run = 0; run < runs; run++) {
    const { result, ms } = await operate<Zone[]>('zones', body);
    times.push(ms);
    zones = result;
  }
  const worst = Math.max(...zones.map((zone) => Math.abs(zone.balance.deviation)));
  console.log(
    `${label}: median ${median(times).toFixed(1)} ms over ${runs} runs; mean ${zones[0]!.balance.mean}, worst |deviation| ${worst.toFixed(2)}, ` +
      `all within variance: ${zones.every((zone) => zone.balance.within_variance)}; values [${zones.map((zone) => zone.balance.value).join(', ')}]; ` +
      `worst aspect ratio ${Math.max(...zones.map(aspect)).toFixed(2)}`,
  );
}

async function centroidsFigure(jobs: ReturnType<typeof cityJobs>): Promise<{ id: string; centroid: string }[]> {
  const drivers = Array.from({ length: 8 }, (_, d) => ({ id: `d${d}` }));
  const times: number[] = [];
  let placed: { id: string; centroid: string }[] = [];
  for (let run = 0; run < runs; run++) {
    const { result, ms } = await operate<{ drivers: { id: string; centroid: string }[] }>('centroids', { drivers, jobs });
    times.push(ms);
    placed = result.drivers;
  }
  // Workload (time on site + 5 min) of the jobs each centroid pulls hardest (the build's own measure), as a share of the mean.
  const load = new Float64Array(placed.length);
  for (const job of jobs) load[nearestCentroid(placed, job.location)]! += Number(job.time_on_site.slice(3)) + 5;
  const mean = load.reduce((a, b) => a + b, 0) / load.length;
  console.log(
    `centroids, 2,000 jobs, 8 drivers: median ${median(times).toFixed(1)} ms over ${runs} runs; ` +
      `workload nearest each centroid ${Math.round((100 * Math.min(...load)) / mean)}–${Math.round((100 * Math.max(...load)) / mean)} % of the mean`,
  );
  return placed;
}

/** The driver whose centroid pulls a job hardest: the nearest by the build's pull measure. */
function nearestCentroid(drivers: { centroid: string }[], location: string): number {
  const point = parseLatLon(location)!;
  const costs = drivers.map((driver) =>
    centroidPullCost(
      { centroid: parseLatLon(driver.centroid)!, weight: 1, eastScale: Math.cos((parseLatLon(driver.centroid)!.lat * Math.PI) / 180) ** 2 },
      point,
    ),
  );
  return costs.indexOf(Math.min(...costs));
}

/** Share of a plan's routed jobs whose route's driver has the nearest centroid: how well the plan keeps territories. */
function nearestShare(plan: ProblemResponse, drivers: { id: string; centroid: string }[], jobs: ReturnType<typeof cityJobs>): number {
  const where = new Map(jobs.map((job) => [job.id, job.location]));
  let kept = 0;
  let routed = 0;
  for (const route of plan.routes) {
    const own = Number(route.id.slice(3));
    for (const stop of route.stops ?? []) {
      if (stop.type !== 'job') continue;
      routed++;
      if (nearestCentroid(drivers, where.get(stop.id)!) === own) kept++;
    }
  }
  return Math.round((100 * kept) / Math.max(1, routed));
}

async function buildFigure(jobs: ReturnType<typeof cityJobs>): Promise<void> {
  const sample = jobs.slice(0, 200);
  const drivers = Array.from({ length: 4 }, (_, d) => ({ id: `d${d}` }));
  const { result } = await operate<{ drivers: { id: string; centroid: string }[] }>('centroids', { drivers, jobs: sample });
  const routes = drivers.map((driver) => ({
    id: `r-${driver.id}`,
    driver: driver.id,
    location: '47.6, -122.33',
    start_time: '08:00',
    end_time: '20:00',
  }));
  for (const clustering of ['natural', 'centroid']) {
    const body = { drivers: result.drivers, routes, jobs: sample, settings: { clustering, time_limit: '00:00:10' } };
    const { result: plan, ms } = await operate<ProblemResponse>('build', body);
    const cost = plan.routes.reduce((sum, route) => sum + route.cost, 0);
    const km = plan.routes.reduce((sum, route) => sum + route.distance_meters, 0) / 1000;
    console.log(
      `build, 200 jobs on 4 routes (08:00–20:00), clustering ${clustering}: cost ${cost.toFixed(2)} US$, ${km.toFixed(1)} km, ` +
        `unrouted ${plan.unrouted_jobs.length}, jobs nearest their route's centroid ${nearestShare(plan, result.drivers, sample)} %, ${(ms / 1000).toFixed(1)} s`,
    );
  }
}

const jobs = cityJobs(2000, 11);
await zonesFigure('zones, 2,000 jobs, zone_count 8, stop_count_variance 10', {
  jobs,
  zone_count: 8,
  variance: { stop_count_variance: 10 },
});
await zonesFigure('zones, 2,000 jobs, zone_count 8, time_on_site_variance 30 (minutes)', {
  jobs,
  zone_count: 8,
  variance: { time_on_site_variance: 30 },
});
await centroidsFigure(jobs);
await buildFigure(jobs);
