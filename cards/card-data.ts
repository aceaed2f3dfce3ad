import { formatDate, formatDatetime, parseDatetime } from '../model/formats/date.js';
import { formatTimespan, parseTimespan } from '../model/formats/timespan.js';
import { formatLatLon, parseLatLon, type LatLon } from '../model/latlon.js';
import type { ResolvedDriver, ResolvedJob, ResolvedMarker, ResolvedProblem, ResolvedRoute, ResolvedTimeWindow } from '../model/resolve.js';
import type { Custom, StopType } from '../model/types/common.js';
import type { RouteResponse, StopResponse } from '../model/types/responses.js';
import type { Violation } from '../model/types/violation.js';

/** One line of a driver's stop list; times and durations keep the wire formats of stop_response. */
export interface CardStop {
  /** 1, 2, 3… over the route's job stops: the number on the map. */
  sequence?: number;
  type: StopType;
  id: string;
  job?: string;
  name?: string;
  description?: string;
  /** The marker's formatted_address (else its name), when the request carried one. */
  address?: string;
  location?: string;
  /** arrival_datetime on dated routes, else arrival_time. */
  arrival: string;
  time_window?: { start: string; end: string };
  time_window2?: { start: string; end: string };
  time_on_site: string;
  idle_time: string;
  loads?: { metric: string; amount: number }[];
  notes?: Custom;
  violations: Violation[];
}

export interface RouteMapData {
  /** Ordered "lat, lon" points of the drawn line: road geometry or the stops joined straight. */
  path: string[];
  road_geometry: boolean;
  attribution?: string;
}

export interface RouteCard {
  id: string;
  name?: string;
  driver?: { id: string; name?: string };
  vehicle?: { id: string; name?: string };
  date?: string;
  /** Datetimes on dated routes, else timespans from the route's midnight. */
  planned_start?: string;
  planned_end?: string;
  distance_meters: number;
  driving_time: string;
  working_time: string;
  cost: number;
  violations: Violation[];
  stops: CardStop[];
  map: RouteMapData;
}

function driverName(driver: ResolvedDriver): string | undefined {
  const parts = [driver.first_name, driver.middle_name, driver.last_name].filter((part) => part !== undefined && part !== '');
  return driver.name ?? (parts.length > 0 ? parts.join(' ') : undefined);
}

function wireWindow(window: ResolvedTimeWindow | undefined): { start: string; end: string } | undefined {
  return window === undefined ? undefined : { start: formatTimespan(window.start), end: formatTimespan(window.end) };
}

function markerAddress(marker: ResolvedMarker | undefined): string | undefined {
  return marker?.formatted_address ?? marker?.name;
}

/** Where a stop happens: job stops at the job, exits at the exit, depot and overnight stops where evaluate put them; breaks nowhere of their own. */
function stopMarker(
  problem: ResolvedProblem,
  stop: StopResponse,
  job: ResolvedJob | undefined,
): { marker?: ResolvedMarker; location?: string } {
  if (stop.type === 'job' && job?.location) return { marker: job.location, location: formatLatLon(job.location.location) };
  if (stop.type === 'job_exit' && job?.exit_location)
    return { marker: job.exit_location, location: formatLatLon(job.exit_location.location) };
  // A depot stop is named after its depot when it has one, whose marker may carry the address.
  const depot = stop.type === 'depot' ? problem.depotsById.get(stop.id)?.location : undefined;
  return stop.location === undefined ? {} : { ...(depot ? { marker: depot } : {}), location: stop.location };
}

function cardStop(problem: ResolvedProblem, stop: StopResponse, sequence: number | undefined): CardStop {
  const job = problem.jobsById.get(stop.job ?? stop.previous_job ?? '');
  const { marker, location } = stopMarker(problem, stop, job);
  const onJob = stop.type === 'job' ? job : undefined;
  const window = wireWindow(onJob?.time_window ?? onJob?.type?.default_time_window);
  const window2 = wireWindow(onJob?.time_window2);
  const address = markerAddress(marker);
  const notes = stop.custom ?? onJob?.custom;
  return {
    ...(sequence !== undefined ? { sequence } : {}),
    type: stop.type,
    id: stop.id,
    ...(stop.job !== undefined ? { job: stop.job } : {}),
    ...(onJob?.name !== undefined ? { name: onJob.name } : {}),
    ...(onJob?.description !== undefined ? { description: onJob.description } : {}),
    ...(address !== undefined ? { address } : {}),
    ...(location !== undefined ? { location } : {}),
    arrival: stop.arrival_datetime ?? stop.arrival_time ?? '',
    ...(window ? { time_window: window } : {}),
    ...(window2 ? { time_window2: window2 } : {}),
    time_on_site: stop.time_on_site,
    idle_time: stop.idle_time,
    ...(onJob?.loads?.length ? { loads: onJob.loads.map((load) => ({ metric: load.metric.id, amount: load.amount })) } : {}),
    ...(notes !== undefined && Object.keys(notes).length > 0 ? { notes } : {}),
    violations: stop.violations,
  };
}

/** When the last stop is done: its arrival plus its time on site, in the arrival's own format. */
function plannedEnd(last: CardStop | undefined): string | undefined {
  if (last === undefined) return undefined;
  const onSite = parseTimespan(last.time_on_site) ?? 0;
  const datetime = parseDatetime(last.arrival);
  if (datetime !== undefined) return formatDatetime(datetime + onSite);
  const time = parseTimespan(last.arrival);
  return time === undefined ? undefined : formatTimespan(time + onSite);
}

/** The stops of an evaluated route as the driver reads them, job stops numbered in driving order. */
export function cardStops(problem: ResolvedProblem, response: RouteResponse): CardStop[] {
  let jobNumber = 0;
  return (response.stops ?? []).map((stop) => cardStop(problem, stop, stop.type === 'job' ? ++jobNumber : undefined));
}

/** The places a route's line runs through, in driving order (breaks add none). */
export function cardStopPoints(stops: readonly CardStop[]): LatLon[] {
  return stops.flatMap((stop) => {
    const point = stop.location === undefined ? undefined : parseLatLon(stop.location);
    return point ? [point] : [];
  });
}

/** A route's card: its header from the route and its evaluation, its stops and its map line. */
export function routeCard(route: ResolvedRoute, response: RouteResponse, stops: CardStop[], map: RouteMapData): RouteCard {
  const name = route.driver ? driverName(route.driver) : undefined;
  const start = response.planned_start_date_time ?? stops[0]?.arrival;
  const end = plannedEnd(stops.at(-1));
  return {
    id: route.id,
    ...(route.name !== undefined ? { name: route.name } : {}),
    ...(route.driver ? { driver: { id: route.driver.id, ...(name !== undefined ? { name } : {}) } } : {}),
    ...(route.vehicle
      ? { vehicle: { id: route.vehicle.id, ...(route.vehicle.name !== undefined ? { name: route.vehicle.name } : {}) } }
      : {}),
    ...(route.date !== undefined ? { date: formatDate(route.date) } : {}),
    ...(start !== undefined && start !== '' ? { planned_start: start } : {}),
    ...(end !== undefined ? { planned_end: end } : {}),
    distance_meters: response.distance_meters,
    driving_time: response.driving_time,
    working_time: response.working_time,
    cost: response.cost,
    violations: response.violations,
    stops,
    map,
  };
}
