import { echoCanonical } from '../../model/echo.js';
import { formatLatLon } from '../../model/latlon.js';
import type { ResolvedJob, ResolvedProblem } from '../../model/resolve.js';
import type { ConsolidatedJob, ConsolidateResponse } from '../../model/types/consolidate.js';
import { isStreetLocator, type StreetPosition } from '../../geo/street-positions.js';
import type { TravelProvider } from '../../geo/travel.js';
import { addJobAmounts, loadMetrics, routeCapacities } from '../evaluate/loads.js';
import { routeSettings } from '../evaluate/route-settings.js';
import { jobTimeOnSite, jobTimeWindows } from '../evaluate/time-windows.js';
import { cutChain, type ChainMember } from './chain-limits.js';
import { linkedJob } from './linked-job.js';
import { mergeKeys, type ConsolidationRule } from './merge-keys.js';
import { streetChains, type StreetJob } from './street-chains.js';

type JsonObject = Record<string, unknown>;

/**
 * consolidate_by_job_restrictions / consolidate_by_route_assignments: jobs served
 * one after another along one street become one linked job; the answer is the job list with those
 * linked jobs in place of their originals, and `consolidated_jobs` naming each linked job's
 * originals in driving order. Left as they are: jobs already on a route, jobs that are linked
 * themselves (exit_location), and jobs the provider cannot place on a street. Without a road
 * network (a provider that knows no streets) nothing merges, and every job's location is listed in
 * `straight_line_fallback_locations`, as are locations off the map.
 */
export async function consolidate(
  canonicalRequest: JsonObject,
  problem: ResolvedProblem,
  provider: TravelProvider,
  rule: ConsolidationRule,
): Promise<ConsolidateResponse | JsonObject> {
  const canonical = echoCanonical(canonicalRequest);
  const canonicalJobs = Array.isArray(canonical.jobs) ? (canonical.jobs as JsonObject[]) : [];
  const canonicalById = new Map(canonicalJobs.map((job) => [job.id as string, job]));
  const jobs = problem.jobs;
  const locations = jobs.map((job) => job.location!.location);
  const positions: (StreetPosition | undefined)[] = isStreetLocator(provider)
    ? provider.streetPositions(locations)
    : jobs.map(() => undefined);

  const onRoutes = new Set<ResolvedJob>();
  for (const route of problem.routes) {
    for (const job of route.jobs) onRoutes.add(job);
    for (const stop of route.stops ?? []) if (stop.job) onRoutes.add(stop.job);
  }
  const keys = mergeKeys(problem, jobs, rule);
  const streetJobs: StreetJob[] = jobs.flatMap((job, j) => {
    const position = positions[j];
    if (position === undefined) return [];
    const mergeable = !onRoutes.has(job) && job.exit_location === undefined;
    return [{ job: j, street: position.street, alongMeters: position.alongMeters, key: mergeable ? keys[j]! : `unmergeable ${j}` }];
  });

  const members = chainMembers(problem, jobs);
  const capacities = largestCapacities(problem);
  const slowest = slowestSpeedFactor(problem);
  const ids = new Set(entityIds(canonical));
  const consolidated: ConsolidatedJob[] = [];
  const linkedByFirst = new Map<string, JsonObject>();
  const merged = new Set<string>();
  for (const chain of streetChains(streetJobs)) {
    const matrix = await provider.matrix(chain.map((j) => locations[j]!));
    const legs = chain.slice(1).map((_, k) => matrix.durations[k * chain.length + k + 1]! * slowest);
    for (const piece of cutChain(
      chain.map((j) => members[j]!),
      legs,
      capacities,
    )) {
      if (piece.last === piece.first) continue;
      const originals = chain.slice(piece.first, piece.last + 1).map((j) => jobs[j]!);
      const id = freshId(`${originals[0]!.id}..${originals[originals.length - 1]!.id}`, ids);
      const canonicalOriginals = originals.map((job) => canonicalById.get(job.id)!);
      linkedByFirst.set(originals[0]!.id, linkedJob(id, canonicalOriginals, originals, piece.windows));
      for (const job of originals) merged.add(job.id);
      consolidated.push({ job: id, jobs: originals.map((job) => job.id) });
    }
  }

  const outJobs = canonicalJobs.flatMap((job) => {
    const linked = linkedByFirst.get(job.id as string);
    if (linked) return [linked];
    return merged.has(job.id as string) ? [] : [job];
  });
  const fallback = [...new Set(locations.flatMap((location, j) => (positions[j] === undefined ? [formatLatLon(location)] : [])))];
  const flagged = fallback.length > 0 ? { straight_line_fallback_locations: fallback } : {};
  if (problem.return_request) return { ...canonical, jobs: outJobs, consolidated_jobs: consolidated, ...flagged };
  return { jobs: outJobs as ConsolidateResponse['jobs'], consolidated_jobs: consolidated, ...flagged };
}

function chainMembers(problem: ResolvedProblem, jobs: readonly ResolvedJob[]): ChainMember[] {
  const metrics = loadMetrics(problem);
  return jobs.map((job) => {
    const amounts = new Float64Array(metrics.size);
    addJobAmounts(job, metrics, amounts, 0);
    return { service: jobTimeOnSite(job), windows: jobTimeWindows(job), amounts };
  });
}

/** Per metric, the most any route can carry (Infinity when some route is unlimited or there are no routes). */
function largestCapacities(problem: ResolvedProblem): Float64Array {
  const metrics = loadMetrics(problem);
  if (problem.routes.length === 0) return new Float64Array(metrics.size).fill(Infinity);
  const largest = new Float64Array(metrics.size);
  for (const route of problem.routes) {
    routeCapacities(route, metrics).forEach((capacity, k) => (largest[k] = Math.max(largest[k]!, capacity)));
  }
  return largest;
}

/** Drives along a street take longest on the slowest route: narrowing windows by that keeps every route on time. */
function slowestSpeedFactor(problem: ResolvedProblem): number {
  const slowest = Math.min(100, ...problem.routes.map((route) => routeSettings(problem, route).speedPercentage));
  return slowest > 0 ? 100 / slowest : 1;
}

function entityIds(canonical: JsonObject): string[] {
  return Object.values(canonical).flatMap((value) =>
    Array.isArray(value)
      ? value.flatMap((entity) => (typeof (entity as JsonObject | null)?.id === 'string' ? [(entity as JsonObject).id as string] : []))
      : [],
  );
}

function freshId(wanted: string, taken: Set<string>): string {
  let id = wanted;
  for (let n = 2; taken.has(id); n++) id = `${wanted}#${n}`;
  taken.add(id);
  return id;
}
