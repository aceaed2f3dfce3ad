import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultCostPerHour, defaultCostPerKm } from '../../engine/evaluate/route-settings.js';
import { straightLineRows } from '../../geo/straight-line.js';
import { parseTimespan } from '../../model/formats/timespan.js';
import { parseLatLon, type LatLon } from '../../model/latlon.js';

/** The peers a build-scale run can be set beside, each a runner `run_<name>.py` in this folder. */
export const SCALE_PEERS = ['vroom', 'pyvrp'] as const;
export type ScalePeer = (typeof SCALE_PEERS)[number];

/** A job of the bench's build request, in the fields the peers need. */
export interface ScaleJob {
  id: string;
  location: string;
  time_on_site: string;
  time_window?: { start: string; end: string };
  allowed_dates?: string[];
  load?: number;
}

/** A route of the bench's build request, in the fields the peers need. */
export interface ScaleRoute {
  id: string;
  location: string;
  start_time: string;
  end_time: string;
  date?: string;
  load_capacity?: number;
  cost_per_hour?: number;
}

export interface PeerPlan {
  /** Job ids in visiting order, per route id. */
  routes: Map<string, string[]>;
  /** The runner's wall time, from reading its input to writing its plan. */
  seconds: number;
  /** The runner's peak resident memory. */
  peakMb: number;
}

/** Grace on top of the time limit before a runner is killed: VROOM checks its timeout only between its steps, PyVRP between iterations. */
const RUNNER_GRACE_MS = 600_000;
const DAY_SECONDS = 86_400;
// The bench writes every timespan and place itself, all well formed.
const seconds = (timespan: string): number => parseTimespan(timespan)!;
const latLon = (text: string): LatLon => parseLatLon(text)!;

/** A route as the peers see it: a vehicle. Windows count seconds from the first date's midnight. */
export interface PeerVehicle {
  /** Where it starts and ends (a number of `PeerInput.points`). */
  place: number;
  window: [number, number];
  cost_per_km: number;
  cost_per_hour: number;
  capacity?: number;
}

/** A job as the peers see it. */
export interface PeerJob {
  place: number;
  service: number;
  /** One a date it may be served on, in order and apart. */
  windows: [number, number][];
  load?: number;
}

/** What every runner reads besides the travel matrices. */
export interface PeerInput {
  /** The distinct places of the routes and jobs, numbered in order. */
  points: LatLon[];
  /** One per route, in the order of the routes. */
  vehicles: PeerVehicle[];
  /** One per job, in the order of the jobs. */
  jobs: PeerJob[];
}

/**
 * The bench's build request as the peers see it: each route a vehicle with its day's window, its
 * place, capacity and prices; each job one window per allowed date (its own time window, or the
 * whole day), at places numbered once however many routes and jobs share them.
 */
export function peerInput(jobs: readonly ScaleJob[], routes: readonly ScaleRoute[]): PeerInput {
  const dates = [...new Set(routes.map((route) => route.date ?? ''))].sort();
  const dayStart = (date: string | undefined): number => dates.indexOf(date ?? '') * DAY_SECONDS;
  const places = new Map<string, number>();
  const place = (location: string): number => places.get(location) ?? places.set(location, places.size).get(location)!;
  const vehicles = routes.map((route): PeerVehicle => {
    const day = dayStart(route.date);
    return {
      place: place(route.location),
      window: [day + seconds(route.start_time), day + seconds(route.end_time)],
      cost_per_km: defaultCostPerKm,
      // The bench's routes keep wayplan's default prices unless they give their own.
      cost_per_hour: route.cost_per_hour ?? defaultCostPerHour,
      ...(route.load_capacity !== undefined ? { capacity: route.load_capacity } : {}),
    };
  });
  const peerJobs = jobs.map((job): PeerJob => {
    // A job without a window may come any time of its days; the peers want the days' windows apart.
    const [from, to] = job.time_window ? [seconds(job.time_window.start), seconds(job.time_window.end)] : [0, DAY_SECONDS - 1];
    const days = (job.allowed_dates ?? dates).map(dayStart).sort((a, b) => a - b);
    return {
      place: place(job.location),
      service: seconds(job.time_on_site),
      windows: days.map((day) => [day + from, day + to]),
      ...(job.load !== undefined ? { load: job.load } : {}),
    };
  });
  return { points: [...places.keys()].map(latLon), vehicles, jobs: peerJobs };
}

/**
 * The same build solved by a peer (`run_<peer>.py` beside this file) with `threads` threads where
 * it has them, seed `seed` where it takes one, and `limit` seconds, on peerInput's problem;
 * `required` tells PyVRP that every job must be routed, instead of pricing each one left out. The
 * travel between its places is wayplan's straight-line legs, in whole metres and in whole seconds
 * rounded up (a plan on time for the peer is on time for wayplan's evaluator too), each a uint32
 * matrix file.
 */
export function peerPlan(
  python: string,
  peer: ScalePeer,
  jobs: readonly ScaleJob[],
  routes: readonly ScaleRoute[],
  { limit, threads, seed, required }: { limit: number; threads: number; seed: number; required: boolean },
): PeerPlan {
  const input = peerInput(jobs, routes);
  const folder = mkdtempSync(join(tmpdir(), `wayplan-${peer}-`));
  try {
    const matrices = { distances: join(folder, 'distances.u32'), durations: join(folder, 'durations.u32') };
    writeMatrices(input.points, matrices);
    const specPath = join(folder, 'problem.json');
    const outPath = join(folder, 'plan.json');
    writeFileSync(specPath, JSON.stringify({ ...input, size: input.points.length, matrices, time_limit: limit, threads, seed, required }));
    const script = new URL(`../../../bench/build-scale/run_${peer}.py`, import.meta.url).pathname;
    const run = spawnSync(python, [script, specPath, outPath], { encoding: 'utf8', timeout: limit * 1000 + RUNNER_GRACE_MS });
    if (run.status !== 0)
      throw new Error(`${peer}'s runner failed: ${(run.stderr || String(run.error)).trim().split('\n').slice(-3).join(' | ')}`);
    const plan = JSON.parse(readFileSync(outPath, 'utf8')) as { routes: number[][]; seconds: number; peak_mb: number };
    return {
      routes: new Map(routes.map((route, r) => [route.id, (plan.routes[r] ?? []).map((job) => jobs[job]!.id)])),
      seconds: plan.seconds,
      peakMb: plan.peak_mb,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The straight-line legs between `points`, row by row into two uint32 files: distances in whole
 * metres (rounded) and travel times in whole seconds (rounded up).
 */
export function writeMatrices(points: readonly LatLon[], paths: { distances: string; durations: string }): void {
  const size = points.length;
  const rows = straightLineRows(points);
  const to = Int32Array.from({ length: size }, (_, j) => j);
  const distances = new Float64Array(size);
  const durations = new Float64Array(size);
  const distanceRow = new Uint32Array(size);
  const durationRow = new Uint32Array(size);
  const distanceFile = openSync(paths.distances, 'w');
  const durationFile = openSync(paths.durations, 'w');
  try {
    for (let i = 0; i < size; i++) {
      rows(i, to, distances, durations);
      for (let j = 0; j < size; j++) {
        distanceRow[j] = i === j ? 0 : Math.round(distances[j]!);
        durationRow[j] = i === j ? 0 : Math.ceil(durations[j]!);
      }
      writeSync(distanceFile, distanceRow);
      writeSync(durationFile, durationRow);
    }
  } finally {
    closeSync(distanceFile);
    closeSync(durationFile);
  }
}
