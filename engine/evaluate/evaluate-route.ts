import { formatDatetime } from '../../model/formats/date.js';
import { formatTimespan } from '../../model/formats/timespan.js';
import { formatLatLon } from '../../model/latlon.js';
import type { ResolvedJob, ResolvedMarker, ResolvedProblem, ResolvedRoute, ResolvedTimeWindow } from '../../model/resolve.js';
import type { RouteResponse, StopResponse } from '../../model/types/responses.js';
import type { Violation } from '../../model/types/violation.js';
import { violationPenalty } from './penalties.js';
import { routeSettings, type RouteSettings } from './route-settings.js';
import type { TravelTable } from './travel-table.js';

const secondsPerDay = 86400;

/** What a route costs and breaks, with its response; searches compare `internalCost`. */
export interface RouteEvaluation {
  response: RouteResponse;
  cost: number;
  internalCost: number;
  distanceMeters: number;
  drivingSeconds: number;
  workingSeconds: number;
  violations: number;
}

export function jobTimeWindows(job: ResolvedJob): ResolvedTimeWindow[] {
  const first = job.time_window ?? job.type?.default_time_window;
  return [first, job.time_window2].filter((w): w is ResolvedTimeWindow => w !== undefined);
}

export function jobTimeOnSite(job: ResolvedJob): number {
  return job.time_on_site ?? job.type?.default_time_on_site ?? 0;
}

/** The service start for an arrival: the first window still open, waiting for it if early. */
export function serviceStart(arrival: number, windows: readonly ResolvedTimeWindow[]): { start: number; lateness: number } {
  if (windows.length === 0) return { start: arrival, lateness: 0 };
  let latest = -Infinity;
  for (const window of [...windows].sort((a, b) => a.start - b.start)) {
    if (arrival <= window.end) return { start: Math.max(arrival, window.start), lateness: 0 };
    latest = Math.max(latest, window.end);
  }
  return { start: arrival, lateness: arrival - latest };
}

function depotStopId(route: ResolvedRoute, marker: ResolvedMarker, which: 'start' | 'end'): string {
  const depot = which === 'start' ? (route.start_depot ?? route.depot) : (route.end_depot ?? route.depot);
  return depot?.id ?? marker.id ?? `${route.id}:${which}`;
}

function withCustom<T extends object>(target: T, custom: Record<string, string> | undefined): T {
  return custom === undefined ? target : { ...target, custom };
}

/**
 * Schedules the jobs of a route in the given order: drive from the start location (when the start
 * stem counts), wait for time windows, serve, drive back; then prices it. The job order is kept.
 */
export function evaluateRoute(problem: ResolvedProblem, route: ResolvedRoute, jobs: readonly ResolvedJob[], travel: TravelTable): RouteEvaluation {
  const settings: RouteSettings = routeSettings(problem, route);
  const dayOffset = route.date === undefined ? 0 : route.date * secondsPerDay;
  const at = (seconds: number): Pick<StopResponse, 'arrival_time' | 'arrival_datetime'> =>
    route.date === undefined ? { arrival_time: formatTimespan(seconds) } : { arrival_datetime: formatDatetime(dayOffset + seconds) };
  const speed = settings.speedPercentage / 100;
  const hardWindows = problem.settings.time_windows_as_hard_constraint ?? true;

  const stops: StopResponse[] = [];
  let penalty = 0;
  let violationCount = 0;
  let distance = 0;
  let driving = 0;
  let time = settings.startTime;
  let previous: number | undefined;
  const hasStart = settings.start !== undefined && settings.startStem;
  if (hasStart) {
    previous = travel.indexOf(settings.start!.location);
    const depot = route.start_depot ?? route.depot;
    stops.push(
      withCustom(
        { id: depotStopId(route, settings.start!, 'start'), type: 'depot', ...at(time), distance_to_meters: 0, time_to: formatTimespan(0), idle_time: formatTimespan(0), time_on_site: formatTimespan(0), location: formatLatLon(settings.start!.location), violations: [] },
        depot?.custom,
      ),
    );
  }
  const routeStart = time;
  for (const job of jobs) {
    const here = travel.indexOf(job.location!.location);
    const legDistance = previous === undefined ? 0 : travel.distance(previous, here);
    const legTime = previous === undefined ? 0 : travel.duration(previous, here) / speed;
    const arrival = time + legTime;
    const { start, lateness } = serviceStart(arrival, jobTimeWindows(job));
    const violations: Violation[] = [];
    if (lateness > 0) {
      violations.push({ type: 'job_missed_time_window', data: { lateness: formatTimespan(lateness) } });
      penalty += violationPenalty('job_missed_time_window', lateness, hardWindows);
    }
    violationCount += violations.length;
    const timeOnSite = jobTimeOnSite(job);
    stops.push(
      withCustom(
        { id: job.id, type: 'job', job: job.id, ...at(arrival), distance_to_meters: legDistance, time_to: formatTimespan(legTime), idle_time: formatTimespan(start - arrival), time_on_site: formatTimespan(timeOnSite), violations },
        job.custom,
      ),
    );
    distance += legDistance;
    driving += legTime;
    time = start + timeOnSite;
    previous = here;
  }
  if (settings.end !== undefined && settings.endStem) {
    const here = travel.indexOf(settings.end.location);
    const legDistance = previous === undefined ? 0 : travel.distance(previous, here);
    const legTime = previous === undefined ? 0 : travel.duration(previous, here) / speed;
    time += legTime;
    distance += legDistance;
    driving += legTime;
    const depot = route.end_depot ?? route.depot;
    stops.push(
      withCustom(
        { id: depotStopId(route, settings.end, 'end'), type: 'depot', ...at(time), distance_to_meters: legDistance, time_to: formatTimespan(legTime), idle_time: formatTimespan(0), time_on_site: formatTimespan(0), location: formatLatLon(settings.end.location), violations: [] },
        depot?.custom,
      ),
    );
  }
  const working = time - routeStart;
  const routeViolations: Violation[] = [];
  if (settings.endTime !== undefined && time > settings.endTime) {
    routeViolations.push({ type: 'route_end_time_missed', data: { overrun: formatTimespan(time - settings.endTime) } });
    penalty += violationPenalty('route_end_time_missed', time - settings.endTime, true);
  }
  violationCount += routeViolations.length;
  const used = jobs.length > 0;
  const cost = used ? (distance / 1000) * settings.costPerKm + (working / 3600) * settings.costPerHour + settings.fixedCost : 0;
  const response: RouteResponse = withCustom(
    {
      id: route.id,
      ...(route.name !== undefined ? { name: route.name } : {}),
      cost,
      internal_cost: cost + penalty,
      distance_meters: used ? distance : 0,
      driving_time: formatTimespan(used ? driving : 0),
      working_time: formatTimespan(used ? working : 0),
      ...(route.date !== undefined ? { planned_start_date_time: formatDatetime(dayOffset + routeStart) } : {}),
      stops,
      ...(route.vehicle ? { vehicle: route.vehicle.id } : {}),
      violations: routeViolations,
    },
    route.custom,
  );
  return { response, cost, internalCost: cost + penalty, distanceMeters: distance, drivingSeconds: driving, workingSeconds: working, violations: violationCount };
}
