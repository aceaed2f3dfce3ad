import { parseDate } from '../formats/date.js';
import { parseTimespan } from '../formats/timespan.js';
import { isJsonObject, ownValue, type JsonObject } from '../json.js';
import { parseLatLon, parseLatLonDetailed, type LatLon } from '../latlon.js';
import type { OperationDefinition } from '../operations.js';
import { polygonFault, type PolygonFault } from '../polygon.js';
import { JOB_DATE_FIELDS } from '../types/job.js';
import { ENTITY_COLLECTIONS, type EntityCollection } from '../types/schema.js';
import { VARIANCE_KINDS } from '../types/schedule.js';
import type { ValidationCode } from './codes.js';
import { indexPath, propertyPath, type FaultCollector } from './faults.js';

const MAX_CAPACITY_METRICS = 4;

/** An object inside the request; its path is only spelled out when a fault needs it. */
class Member {
  constructor(
    readonly entity: JsonObject,
    private readonly parentPath: string,
    private readonly index?: number,
  ) {}

  get path(): string {
    return this.index === undefined ? this.parentPath : indexPath(this.parentPath, this.index);
  }
}

/** The object members of an array field; anything malformed was reported by the schema walk. */
function members(parent: JsonObject, key: string, parentPath: string | Member): Member[] {
  const list = Object.hasOwn(parent, key) ? parent[key] : undefined;
  if (!Array.isArray(list)) return [];
  const path = propertyPath(typeof parentPath === 'string' ? parentPath : parentPath.path, key);
  const found: Member[] = [];
  list.forEach((entity: unknown, index) => {
    if (isJsonObject(entity)) found.push(new Member(entity, path, index));
  });
  return found;
}

function objectField(parent: Member, key: string): Member | undefined {
  const entity = ownValue(parent.entity, key);
  return isJsonObject(entity) ? new Member(entity, propertyPath(parent.path, key)) : undefined;
}

function isSet(entity: JsonObject, key: string): boolean {
  const value = ownValue(entity, key);
  return value !== undefined && value !== null;
}

/**
 * Ids of every entity by collection, reporting ids used twice (across all collections), marker ids
 * that would parse as a latlon, and top-level markers without an id.
 */
export function collectIds(request: JsonObject, faults: FaultCollector): Map<string, EntityCollection> {
  const ids = new Map<string, EntityCollection>();
  const firstPath = new Map<string, string>();
  for (const collection of ENTITY_COLLECTIONS) {
    for (const { entity, path } of members(request, collection, 'request')) {
      const id = ownValue(entity, 'id');
      const idPath = propertyPath(path, 'id');
      if (collection === 'markers' && id === undefined) {
        faults.add(idPath, 'required_property_missing_error', `${idPath} is required for markers in request.markers.`, {
          parameters: { property_name: 'id' },
        });
      }
      if (typeof id !== 'string' || id.length === 0) continue;
      const asLatLon = parseLatLonDetailed(id);
      if (collection === 'markers' && (asLatLon.ok || asLatLon.fault === 'range')) {
        faults.add(idPath, 'marker_id_is_latlon_error', `${idPath} looks like a latlon, so it could not be referenced.`, {
          attempted_value: id,
        });
      }
      const first = firstPath.get(id);
      if (first === undefined) {
        ids.set(id, collection);
        firstPath.set(id, idPath);
      } else {
        faults.add(idPath, 'duplicate_id_error', `${idPath} "${id}" is already used by ${first}.`, {
          parameters: { id, first_property: first },
          attempted_value: id,
        });
      }
    }
  }
  return ids;
}

export function checkSemanticRules(request: JsonObject, operation: OperationDefinition, faults: FaultCollector): void {
  const jobs = members(request, 'jobs', 'request');
  const routes = members(request, 'routes', 'request');
  if (operation.routing) checkJobLocations(jobs, faults);
  if (operation.routing || operation.instantiates) checkRouteDates(request, routes, faults);
  if (operation.instantiates) checkInstantiateSchedules(request, faults);
  checkMutuallyExclusive(request, faults);
  checkScheduleJobs(request, jobs, faults);
  checkCapacityMetrics(request, faults);
  checkPolygons(request, faults);
  checkRanges(request, faults);
  checkExplicitVehicles(request, routes, faults);
  checkVariance(request, faults);
  checkJobPlacement(routes, faults);
  checkStops(routes, faults);
  checkLegalBreaks(request, faults);
}

function checkJobLocations(jobs: Member[], faults: FaultCollector): void {
  for (const { entity, path } of jobs) {
    if (ownValue(entity, 'location') !== undefined) continue;
    faults.add(propertyPath(path, 'location'), 'job_location_missing_error', 'The job has no location.', {
      parameters: { property_name: 'location' },
    });
  }
}

function checkRouteDates(request: JsonObject, routes: Member[], faults: FaultCollector): void {
  const dated = routes.filter(({ entity }) => isSet(entity, 'date')).length;
  if (dated > 0 && dated < routes.length) {
    faults.add('request', 'route_dates_mismatch_error', 'Some routes have a date and others do not.');
  }
  const schedules = ownValue(request, 'schedules');
  if (Array.isArray(schedules) && schedules.length > 0 && dated < routes.length) {
    faults.add('request', 'routes_with_schedules_must_have_dates_error', 'The request has schedules, so every route needs a date.');
  }
}

function checkInstantiateSchedules(request: JsonObject, faults: FaultCollector): void {
  for (const { entity, path } of members(request, 'schedules', 'request')) {
    if (ownValue(entity, 'earliest_date') !== undefined) continue;
    faults.add(propertyPath(path, 'earliest_date'), 'required_property_missing_error', 'instantiate needs schedule.earliest_date.', {
      parameters: { property_name: 'earliest_date' },
    });
  }
}

function exclusive(member: Member, first: string, second: string, faults: FaultCollector): void {
  if (!isSet(member.entity, first) || !isSet(member.entity, second)) return;
  faults.add(propertyPath(member.path, second), 'mutually_exclusive_properties_error', `${first} and ${second} cannot both be set.`, {
    parameters: { property_names: [first, second] },
  });
}

function allBreaks(request: JsonObject): Member[] {
  return ['routes', 'shifts'].flatMap((collection) =>
    members(request, collection, 'request').flatMap((member) => members(member.entity, 'breaks', member)),
  );
}

function jobTemplates(request: JsonObject): Member[] {
  return members(request, 'schedules', 'request').flatMap((schedule) => objectField(schedule, 'job_template') ?? []);
}

function checkMutuallyExclusive(request: JsonObject, faults: FaultCollector): void {
  for (const job of members(request, 'jobs', 'request')) {
    exclusive(job, 'date', 'allowed_dates', faults);
    exclusive(job, 'load', 'loads', faults);
  }
  for (const template of jobTemplates(request)) exclusive(template, 'load', 'loads', faults);
  for (const collection of ['routes', 'vehicles']) {
    for (const member of members(request, collection, 'request')) exclusive(member, 'load_capacity', 'load_capacities', faults);
  }
  for (const driverBreak of allBreaks(request)) {
    exclusive(driverBreak, 'start', 'earliest_start', faults);
    exclusive(driverBreak, 'start', 'latest_start', faults);
  }
}

function checkScheduleJobs(request: JsonObject, jobs: Member[], faults: FaultCollector): void {
  const jobsById = new Map<unknown, Member>(jobs.map((job) => [ownValue(job.entity, 'id'), job]));
  const reported = new Set<Member>();
  for (const { entity } of members(request, 'schedules', 'request')) {
    const scheduleJobs = ownValue(entity, 'jobs');
    if (!Array.isArray(scheduleJobs)) continue;
    for (const id of scheduleJobs) {
      const job = typeof id === 'string' ? jobsById.get(id) : undefined;
      if (job === undefined || reported.has(job)) continue;
      reported.add(job);
      for (const field of JOB_DATE_FIELDS) {
        if (!isSet(job.entity, field)) continue;
        faults.add(propertyPath(job.path, field), 'schedule_job_date_fields_error', `A schedule's job cannot set ${field}.`, {
          parameters: { property_name: field },
        });
      }
    }
  }
}

function loadArrays(request: JsonObject): Member[][] {
  const owners: [Member[], string][] = [
    [members(request, 'jobs', 'request'), 'loads'],
    [jobTemplates(request), 'loads'],
    [members(request, 'routes', 'request'), 'load_capacities'],
    [members(request, 'vehicles', 'request'), 'load_capacities'],
  ];
  return owners.flatMap(([entities, key]) => entities.map((owner) => members(owner.entity, key, owner)));
}

function checkCapacityMetrics(request: JsonObject, faults: FaultCollector): void {
  const metrics = new Set<string>();
  for (const { entity } of members(request, 'capacity_metrics', 'request')) {
    const id = ownValue(entity, 'id');
    if (typeof id === 'string') metrics.add(id);
  }
  for (const amounts of loadArrays(request)) {
    const inArray = new Set<string>();
    for (const { entity, path } of amounts) {
      const metric = ownValue(entity, 'metric');
      if (typeof metric !== 'string') continue;
      metrics.add(metric);
      if (inArray.has(metric)) {
        faults.add(propertyPath(path, 'metric'), 'duplicate_load_metric_error', `Metric "${metric}" appears twice in this array.`, {
          attempted_value: metric,
        });
      }
      inArray.add(metric);
    }
  }
  if (metrics.size > MAX_CAPACITY_METRICS) {
    faults.add('request', 'too_many_capacity_metrics_error', `The request uses ${metrics.size} capacity metrics; at most 4 are allowed.`, {
      parameters: { maximum: MAX_CAPACITY_METRICS, metrics: [...metrics] },
    });
  }
}

const POLYGON_CODES: Record<PolygonFault, ValidationCode> = {
  too_few_vertices: 'polygon_too_few_vertices_error',
  not_closed: 'polygon_not_closed_error',
  repeated_vertex: 'polygon_repeated_vertex_error',
  self_intersection: 'polygon_self_intersection_error',
};

function checkPolygons(request: JsonObject, faults: FaultCollector): void {
  for (const zone of members(request, 'zones', 'request')) {
    const boundary = objectField(zone, 'boundary');
    const vertices = boundary === undefined ? undefined : ownValue(boundary.entity, 'vertices');
    if (boundary === undefined || !Array.isArray(vertices) || vertices.length > 2000) continue;
    const points = vertices.map((vertex: unknown) => (typeof vertex === 'string' ? parseLatLon(vertex) : undefined));
    // Malformed vertices were reported by the schema walk; geometry needs all of them.
    if (points.some((point) => point === undefined)) continue;
    const fault = polygonFault(points as LatLon[]);
    if (fault === undefined) continue;
    faults.add(
      propertyPath(boundary.path, 'vertices'),
      POLYGON_CODES[fault],
      `The boundary polygon is invalid: ${fault.replaceAll('_', ' ')}.`,
    );
  }
}

function endBeforeStart(
  member: Member,
  startKey: string,
  endKey: string,
  parse: (text: string) => number | undefined,
  faults: FaultCollector,
): void {
  const start = ownValue(member.entity, startKey);
  const end = ownValue(member.entity, endKey);
  if (typeof start !== 'string' || typeof end !== 'string') return;
  const startValue = parse(start);
  const endValue = parse(end);
  if (startValue === undefined || endValue === undefined || endValue >= startValue) return;
  faults.add(propertyPath(member.path, endKey), 'range_end_before_start_error', `${endKey} is before ${startKey}.`, {
    attempted_value: end,
  });
}

function checkRanges(request: JsonObject, faults: FaultCollector): void {
  const windowOwners = [...members(request, 'jobs', 'request'), ...jobTemplates(request)];
  const windows = windowOwners.flatMap((owner) => ['time_window', 'time_window2'].flatMap((key) => objectField(owner, key) ?? []));
  for (const jobType of members(request, 'job_types', 'request')) {
    const window = objectField(jobType, 'default_time_window');
    if (window !== undefined) windows.push(window);
  }
  for (const window of windows) endBeforeStart(window, 'start', 'end', parseTimespan, faults);
  for (const driverBreak of allBreaks(request)) endBeforeStart(driverBreak, 'earliest_start', 'latest_start', parseTimespan, faults);
  const drivers = members(request, 'drivers', 'request');
  const overrides = [
    ...members(request, 'shift_overrides', 'request'),
    ...drivers.flatMap((driver) => members(driver.entity, 'shift_overrides', driver)),
  ];
  const assignments = drivers.flatMap((driver) => members(driver.entity, 'shift_patterns', driver));
  for (const range of [...overrides, ...assignments]) endBeforeStart(range, 'start_date', 'end_date', parseDate, faults);
}

function checkExplicitVehicles(request: JsonObject, routes: Member[], faults: FaultCollector): void {
  const settings = ownValue(request, 'settings');
  const explicit = isJsonObject(settings) ? ownValue(settings, 'enable_explicit_vehicles') : undefined;
  const path = 'request.settings.enable_explicit_vehicles';
  const vehicles = ownValue(request, 'vehicles');
  if (explicit === false && Array.isArray(vehicles) && vehicles.length > 0) {
    faults.add(path, 'explicit_vehicles_conflict_error', 'enable_explicit_vehicles is false but the request has vehicles.');
  }
  if (explicit === true && routes.some(({ entity }) => isSet(entity, 'vehicle_type'))) {
    faults.add(path, 'explicit_vehicles_conflict_error', 'enable_explicit_vehicles is true but routes carry inline vehicle_type.');
  }
}

function checkVariance(request: JsonObject, faults: FaultCollector): void {
  const variance = ownValue(request, 'variance');
  if (!isJsonObject(variance)) return;
  const kinds = VARIANCE_KINDS.filter((kind) => isSet(variance, kind));
  if (kinds.length === 1) return;
  faults.add('request.variance', 'variance_kind_count_error', `Exactly one variance kind is allowed; found ${kinds.length}.`, {
    parameters: { allowed: [...VARIANCE_KINDS], found: kinds },
  });
}

function checkJobPlacement(routes: Member[], faults: FaultCollector): void {
  const routeOfJob = new Map<string, string>();
  for (const route of routes) {
    const { entity, path } = route;
    const jobList = ownValue(entity, 'jobs');
    const placements: [string, string][] = [];
    if (Array.isArray(jobList)) {
      jobList.forEach((id: unknown, index) => {
        if (typeof id === 'string') placements.push([id, indexPath(propertyPath(path, 'jobs'), index)]);
      });
    }
    // A full-request response lists a route's jobs in both jobs and stops; that is one placement.
    const listed = new Set(placements.map(([id]) => id));
    for (const stop of members(entity, 'stops', route)) {
      const id = ownValue(stop.entity, 'job');
      if (typeof id === 'string' && !listed.has(id)) placements.push([id, propertyPath(stop.path, 'job')]);
    }
    const onThisRoute = new Set<string>();
    for (const [id, placementPath] of placements) {
      const otherRoute = routeOfJob.get(id);
      if (onThisRoute.has(id) || (otherRoute !== undefined && otherRoute !== path)) {
        faults.add(
          placementPath,
          'job_on_multiple_routes_error',
          `Job "${id}" is already placed${otherRoute === path ? ' on this route' : ` on ${otherRoute}`}.`,
          {
            attempted_value: id,
          },
        );
      }
      onThisRoute.add(id);
      routeOfJob.set(id, routeOfJob.get(id) ?? path);
    }
  }
}

function checkStops(routes: Member[], faults: FaultCollector): void {
  for (const route of routes) {
    const breakIds = new Set(members(route.entity, 'breaks', route).map(({ entity }) => ownValue(entity, 'id')));
    for (const stop of members(route.entity, 'stops', route)) {
      const type = ownValue(stop.entity, 'type');
      if (type === 'job' && ownValue(stop.entity, 'job') === undefined) {
        faults.add(propertyPath(stop.path, 'job'), 'required_property_missing_error', 'A job stop needs job.', {
          parameters: { property_name: 'job' },
        });
      }
      const breakId = ownValue(stop.entity, 'break');
      if (type === 'break' && typeof breakId === 'string' && !breakIds.has(breakId)) {
        faults.add(propertyPath(stop.path, 'break'), 'reference_not_found_error', `The route has no break "${breakId}".`, {
          parameters: { id: breakId, collection: 'breaks' },
          attempted_value: breakId,
        });
      }
    }
  }
}

function checkLegalBreaks(request: JsonObject, faults: FaultCollector): void {
  const settings = objectField(new Member(request, 'request'), 'settings');
  if (settings === undefined || ownValue(settings.entity, 'enable_legal_breaks') !== true) return;
  for (const key of ['legal_break_duration', 'legal_break_interval']) {
    if (ownValue(settings.entity, key) !== undefined) continue;
    faults.add(propertyPath(settings.path, key), 'required_property_missing_error', `enable_legal_breaks needs ${key}.`, {
      parameters: { property_name: key },
    });
  }
}
