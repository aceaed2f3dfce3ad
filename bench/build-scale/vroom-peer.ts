import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { straightLineRows } from '../../geo/straight-line.js';
import type { LatLon } from '../../geo/travel.js';

/** A job of the bench's build request, in the fields the peer needs. */
export interface ScaleJob {
  id: string;
  location: string;
  time_on_site: string;
  time_window?: { start: string; end: string };
  allowed_dates?: string[];
  load?: number;
}

/** A route of the bench's build request, in the fields the peer needs. */
export interface ScaleRoute {
  id: string;
  location: string;
  start_time: string;
  end_time: string;
  date?: string;
  load_capacity?: number;
}

export interface PeerPlan {
  /** Job ids in visiting order, per route id. */
  routes: Map<string, string[]>;
  /** The runner's wall time, from reading its input to writing its plan. */
  seconds: number;
  /** The runner's peak resident memory. */
  peakMb: number;
}

/** VROOM's exploration level: 5 is its most thorough, the level the solver bench runs it at. */
const EXPLORATION = 5;
/** Grace on top of the time limit before the runner is killed: VROOM checks its timeout only between its steps. */
const RUNNER_GRACE_MS = 600_000;
const DAY_SECONDS = 86_400;

/** Seconds of a `hh:mm` or `hh:mm:ss` timespan, the forms the bench writes. */
const seconds = (clock: string): number => {
  const [hours, minutes, rest = 0] = clock.split(':').map(Number) as [number, number, number?];
  return hours * 3600 + minutes * 60 + rest;
};
const latLon = (text: string): LatLon => {
  const [lat, lon] = text.split(',').map(Number) as [number, number];
  return { lat, lon };
};

/**
 * The same build solved by VROOM (bench/build-scale/run_vroom.py) with `threads` threads and a
 * timeout of `limit` seconds: every route of a day becomes a vehicle with that day's window,
 * counted in seconds from the first date's midnight, and every job gets one window per allowed
 * date. Travel times are wayplan's straight-line legs in whole seconds rounded up, so a plan on
 * time for VROOM is on time for wayplan's evaluator too.
 */
export function vroomPlan(
  python: string,
  jobs: readonly ScaleJob[],
  routes: readonly ScaleRoute[],
  limit: number,
  threads: number,
): PeerPlan {
  const dates = [...new Set(routes.map((route) => route.date ?? ''))].sort();
  const dayOf = (date: string | undefined): number => dates.indexOf(date ?? '');
  const places = new Map<string, number>();
  const place = (location: string): number => places.get(location) ?? places.set(location, places.size).get(location)!;
  const vehicles = routes.map((route) => {
    const day = dayOf(route.date) * DAY_SECONDS;
    return {
      start: place(route.location),
      end: place(route.location),
      window: [day + seconds(route.start_time), day + seconds(route.end_time)],
      ...(route.load_capacity !== undefined ? { capacity: route.load_capacity } : {}),
    };
  });
  const peerJobs = jobs.map((job) => {
    // A job without a window may come any time of its days; VROOM wants the days' windows apart.
    const window = job.time_window ? [seconds(job.time_window.start), seconds(job.time_window.end)] : [0, DAY_SECONDS - 1];
    const days = (job.allowed_dates?.map(dayOf) ?? dates.map((_, day) => day)).sort((a, b) => a - b);
    return {
      location: place(job.location),
      service: seconds(job.time_on_site),
      windows: days.map((day) => [day * DAY_SECONDS + window[0]!, day * DAY_SECONDS + window[1]!]),
      ...(job.load !== undefined ? { load: job.load } : {}),
    };
  });
  const folder = mkdtempSync(join(tmpdir(), 'wayplan-vroom-'));
  try {
    const matrixPath = join(folder, 'durations.u32');
    writeDurations([...places.keys()].map(latLon), matrixPath);
    const specPath = join(folder, 'problem.json');
    const outPath = join(folder, 'plan.json');
    writeFileSync(
      specPath,
      JSON.stringify({
        size: places.size,
        matrix: matrixPath,
        vehicles,
        jobs: peerJobs,
        time_limit: limit,
        threads,
        exploration: EXPLORATION,
      }),
    );
    const script = new URL('../../../bench/build-scale/run_vroom.py', import.meta.url).pathname;
    const run = spawnSync(python, [script, specPath, outPath], { encoding: 'utf8', timeout: limit * 1000 + RUNNER_GRACE_MS });
    if (run.status !== 0)
      throw new Error(`VROOM's runner failed: ${(run.stderr || String(run.error)).trim().split('\n').slice(-3).join(' | ')}`);
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

/** The straight-line travel times between `points`, in whole seconds rounded up, row by row into a uint32 file. */
function writeDurations(points: readonly LatLon[], path: string): void {
  const size = points.length;
  const rows = straightLineRows(points);
  const to = Int32Array.from({ length: size }, (_, j) => j);
  const distances = new Float64Array(size);
  const durations = new Float64Array(size);
  const row = new Uint32Array(size);
  const file = openSync(path, 'w');
  try {
    for (let i = 0; i < size; i++) {
      rows(i, to, distances, durations);
      for (let j = 0; j < size; j++) row[j] = i === j ? 0 : Math.ceil(durations[j]!);
      writeSync(file, row);
    }
  } finally {
    closeSync(file);
  }
}
