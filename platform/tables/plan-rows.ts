import { formatLatLon } from '../../model/latlon.js';
import { resolveProblem } from '../../model/resolve.js';
import type { Route } from '../../model/types/route.js';
import type { StopResponse } from '../../model/types/responses.js';
import type { SyncPlan } from '../connector.js';
import { ROUTE_COLUMNS, STOP_COLUMNS, type RouteRow, type StopRow } from './table-columns.js';

export interface PlanRows {
  routes: RouteRow[];
  stops: StopRow[];
}

function violationTypes(violations: readonly { type: string }[] | undefined): string {
  return [...new Set((violations ?? []).map((v) => v.type))].join(';');
}

function referenceId(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string')
    return (value as { id: string }).id;
  return '';
}

/**
 * Where each job is served and left, from the planned problem: stop responses carry a location
 * for depot stops only, but a driver's sheet needs every stop's place.
 */
function jobPlaces(problem: SyncPlan['problem']): (stop: StopResponse) => string {
  if (problem === undefined) return () => '';
  const jobs = resolveProblem(problem, 'evaluate').jobsById;
  return (stop) => {
    const job = stop.job === undefined ? undefined : jobs.get(stop.job);
    const marker = stop.type === 'job_exit' ? job?.exit_location : stop.type === 'job' ? job?.location : undefined;
    return marker === undefined ? '' : formatLatLon(marker.location);
  };
}

/**
 * The rows a plan writes: one per route and one per stop, every cell text, numbers rounded (meters
 * to whole meters, dollars to cents) so that the same plan always gives the same rows, whatever
 * the store. Routes without stops are not written: they were not used.
 */
export function planRows(plan: SyncPlan): PlanRows {
  const requested = new Map<string, Route>((plan.problem?.routes ?? []).map((route) => [route.id, route]));
  const routes: RouteRow[] = [];
  const stops: StopRow[] = [];
  const placeOf = jobPlaces(plan.problem);
  for (const route of plan.plan.routes) {
    const routeStops = route.stops ?? [];
    const jobStops = routeStops.filter((stop) => stop.type === 'job');
    if (jobStops.length === 0) continue;
    const request = requested.get(route.id);
    const key = { run_id: plan.runId, territory: plan.territory, route_id: route.id };
    routes.push({
      ...key,
      name: route.name ?? '',
      // The day alone: an echoed route date may carry the compatible API's T00:00:00.
      date: (request?.date ?? route.planned_start_date_time ?? '').slice(0, 10),
      driver: referenceId(request?.driver),
      vehicle: route.vehicle ?? referenceId(request?.vehicle),
      planned_start: route.planned_start_date_time ?? '',
      stops: String(routeStops.length),
      jobs: String(jobStops.length),
      distance_meters: String(Math.round(route.distance_meters)),
      driving_time: route.driving_time,
      working_time: route.working_time,
      cost: route.cost.toFixed(2),
      violations: violationTypes(route.violations),
    });
    routeStops.forEach((stop, index) => {
      stops.push({
        ...key,
        sequence: String(index + 1),
        stop_id: stop.id,
        type: stop.type,
        job: stop.job ?? '',
        arrival: stop.arrival_datetime ?? stop.arrival_time ?? '',
        location: stop.location ?? placeOf(stop),
        distance_to_meters: String(Math.round(stop.distance_to_meters)),
        time_to: stop.time_to,
        idle_time: stop.idle_time,
        time_on_site: stop.time_on_site,
        violations: violationTypes(stop.violations),
      });
    });
  }
  return { routes, stops };
}

export function routeCells(row: RouteRow): string[] {
  return ROUTE_COLUMNS.map((column) => row[column]);
}

export function stopCells(row: StopRow): string[] {
  return STOP_COLUMNS.map((column) => row[column]);
}
