import type { Problem, ProblemResponse, Route, StopResponse } from './types';

export type LatLngPair = [number, number];

/** Distinct colours that stay apart for the colour-blind in the first eight. */
const palette = [
  '#0072b2',
  '#d55e00',
  '#009e73',
  '#cc79a7',
  '#e69f00',
  '#56b4e9',
  '#7a5195',
  '#8c564b',
  '#1b9e77',
  '#d95f02',
  '#7570b3',
  '#e7298a',
];

export function routeColour(index: number): string {
  return palette[index % palette.length]!;
}

export function parseLatLon(text: string | undefined): LatLngPair | undefined {
  if (!text) return undefined;
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

const idOf = (reference: string | { id: string }): string => (typeof reference === 'string' ? reference : reference.id);

export function routeJobIds(route: Route): string[] {
  return (route.jobs ?? []).map(idOf);
}

/** Where a job is: its latlon, or the location of the marker it names. */
export function jobLocation(problem: Problem, jobId: string): LatLngPair | undefined {
  const job = problem.jobs?.find((candidate) => candidate.id === jobId);
  if (!job?.location) return undefined;
  return parseLatLon(job.location) ?? parseLatLon(problem.markers?.find((marker) => marker.id === job.location)?.location);
}

export interface Move {
  job: string;
  /** Undefined: off every route (unrouted). */
  route: string | undefined;
  /** Position among the route's jobs after the job has left its old place. */
  index: number;
}

/**
 * The documented deltas of a move: an array delta on the target route's jobs. It takes the job off
 * wherever it is first, so one insert moves it between routes or within one.
 */
export function moveDeltas(problem: Problem, move: Move): unknown[] {
  if (move.route === undefined) {
    const from = problem.routes?.find((route) => routeJobIds(route).includes(move.job));
    return from ? [{ $collection: 'array', $path: ['routes', { id: from.id }, 'jobs'], remove: [move.job] }] : [];
  }
  return [{ $collection: 'array', $path: ['routes', { id: move.route }, 'jobs'], insert: [move.job], index: move.index }];
}

/** Deltas that give every route the job order of a solved plan (re-optimize, re-sequence). */
export function replaceOrderDeltas(problem: Problem, solved: ProblemResponse): unknown[] {
  const orders = new Map(
    solved.routes.map((route) => [
      route.id,
      (route.stops ?? []).filter((stop) => stop.type === 'job' && stop.job).map((stop) => stop.job!),
    ]),
  );
  return (problem.routes ?? [])
    .filter((route) => orders.has(route.id))
    .map((route) => ({ $collection: 'array', $path: ['routes', { id: route.id }, 'jobs'], replace: orders.get(route.id)! }));
}

export function jobStops(route: { stops?: StopResponse[] }): StopResponse[] {
  return (route.stops ?? []).filter((stop) => stop.type === 'job');
}

/** The route and position of a job in the problem, or undefined when no route has it. */
export function placeOf(problem: Problem, jobId: string): { route: string; index: number } | undefined {
  for (const route of problem.routes ?? []) {
    const index = routeJobIds(route).indexOf(jobId);
    if (index >= 0) return { route: route.id, index };
  }
  return undefined;
}
