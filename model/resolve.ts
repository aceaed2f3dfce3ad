import { canonicalize } from './canonical.js';
import { parseDate } from './formats/date.js';
import { parseTimespan } from './formats/timespan.js';
import { parseLatLon, type LatLon } from './latlon.js';
import type { JsonObject } from './json.js';
import { OPERATIONS, type OperationName } from './operations.js';
import type { CapacityMetric, JobType, LoadAmount } from './types/capacity.js';
import type { TimeWindow } from './types/common.js';
import type { Depot, Driver, DriverBreak, Shift, ShiftOverride, ShiftPattern, ShiftPatternAssignment, Vehicle } from './types/fleet.js';
import type { Job, JobTemplate } from './types/job.js';
import type { Marker } from './types/marker.js';
import type { Route, Stop } from './types/route.js';
import type { Schedule, Variance, Zone } from './types/schedule.js';
import type { ProblemDefaults, Settings } from './types/settings.js';

// Resolved entities keep the wire field names (one vocabulary from request to engine to response)
// with values converted: timespans in seconds, dates as day numbers (days since 1970-01-01),
// latlons as LatLon, references as objects.
// Defaults are not applied here: which default wins is the evaluator's business.

type Seconds = number;
type DayNumber = number;

export type ResolvedMarker = Omit<Marker, 'location' | 'intersection'> & { location: LatLon; intersection?: LatLon };
export type ResolvedCapacityMetric = CapacityMetric;
export interface ResolvedLoadAmount {
  metric: ResolvedCapacityMetric;
  amount: number;
}
export interface ResolvedTimeWindow {
  start: Seconds;
  end: Seconds;
}
export type ResolvedJobType = Omit<JobType, 'default_time_on_site' | 'default_time_window'> & {
  default_time_on_site?: Seconds;
  default_time_window?: ResolvedTimeWindow;
};
export type ResolvedDepot = Omit<Depot, 'location'> & { location?: ResolvedMarker };
export type ResolvedVehicle = Omit<Vehicle, 'depot' | 'location' | 'load_capacities'> & {
  depot?: ResolvedDepot;
  location?: ResolvedMarker;
  load_capacities?: ResolvedLoadAmount[];
};
/**
 * A break's length when it names none: the 30-minute break the compatible API's break guide uses
 * (its driver_break table gives no default). Canonical problems keep the field absent.
 */
export const DEFAULT_BREAK_LENGTH: Seconds = 30 * 60;

export type ResolvedDriverBreak = Omit<DriverBreak, 'start' | 'earliest_start' | 'latest_start' | 'length'> & {
  start?: Seconds;
  earliest_start?: Seconds;
  latest_start?: Seconds;
  length: Seconds;
};

const SHIFT_TIMESPANS = ['start_time', 'end_time', 'max_driving_time', 'max_working_time', 'normal_working_time'] as const;
type ShiftTimespan = (typeof SHIFT_TIMESPANS)[number];
type ShiftTimes = { [K in ShiftTimespan]?: Seconds } & { breaks?: ResolvedDriverBreak[] };

export type ResolvedShift = Omit<Shift, ShiftTimespan | 'breaks'> & ShiftTimes;
export type ResolvedShiftPattern = Omit<ShiftPattern, 'shifts'> & { shifts: ResolvedShift[][] };
export type ResolvedShiftPatternAssignment = Omit<ShiftPatternAssignment, 'shift_pattern' | 'start_date' | 'end_date'> & {
  shift_pattern: ResolvedShiftPattern;
  start_date: DayNumber;
  end_date?: DayNumber;
};
export type ResolvedShiftOverride = Omit<ShiftOverride, 'start_date' | 'end_date' | 'shift'> & {
  start_date: DayNumber;
  end_date: DayNumber;
  /** null = day off. */
  shift: ResolvedShift | null;
};
export type ResolvedDriver = Omit<
  Driver,
  'centroid' | 'location' | 'start_location' | 'end_location' | 'preferred_vehicle' | 'shift_patterns' | 'shift_overrides'
> & {
  centroid?: ResolvedMarker;
  location?: ResolvedMarker;
  start_location?: ResolvedMarker;
  end_location?: ResolvedMarker;
  preferred_vehicle?: ResolvedVehicle;
  shift_patterns: ResolvedShiftPatternAssignment[];
  shift_overrides: ResolvedShiftOverride[];
};

const JOB_TEMPLATE_CONVERTED = [
  'type',
  'location',
  'exit_location',
  'exit_time_on_site',
  'time_on_site',
  'time_window',
  'time_window2',
  'loads',
  'required_driver',
  'forbidden_drivers',
] as const satisfies readonly (keyof JobTemplate)[];
interface ResolvedJobTemplateFields {
  type?: ResolvedJobType;
  location?: ResolvedMarker;
  exit_location?: ResolvedMarker;
  exit_time_on_site?: Seconds;
  time_on_site?: Seconds;
  time_window?: ResolvedTimeWindow;
  time_window2?: ResolvedTimeWindow;
  loads?: ResolvedLoadAmount[];
  required_driver?: ResolvedDriver;
  forbidden_drivers?: ResolvedDriver[];
}
export type ResolvedJobTemplate = Omit<JobTemplate, (typeof JOB_TEMPLATE_CONVERTED)[number]> & ResolvedJobTemplateFields;
export type ResolvedJob = Omit<Job, (typeof JOB_TEMPLATE_CONVERTED)[number] | 'date' | 'allowed_dates'> &
  ResolvedJobTemplateFields & {
    /** Position in the canonical top-level jobs collection (what validation faults number). */
    index: number;
    date?: DayNumber;
    allowed_dates?: DayNumber[];
  };

export type ResolvedSchedule = Omit<Schedule, 'base_date' | 'earliest_date' | 'job_template' | 'jobs'> & {
  base_date?: DayNumber;
  earliest_date?: DayNumber;
  job_template?: ResolvedJobTemplate;
  /** By ordinal; null = not instantiated yet. */
  jobs: (ResolvedJob | null)[];
};
export type ResolvedZone = Omit<Zone, 'boundary' | 'drivers'> & { boundary: LatLon[]; drivers: ResolvedDriver[] };
export type ResolvedStop = Omit<Stop, 'job' | 'break' | 'depot'> & {
  job?: ResolvedJob;
  break?: ResolvedDriverBreak;
  depot?: ResolvedDepot;
};

type RouteReferenceFields =
  | ShiftTimespan
  | 'breaks'
  | 'date'
  | 'driver'
  | 'vehicle'
  | 'depot'
  | 'start_depot'
  | 'end_depot'
  | 'location'
  | 'start_location'
  | 'end_location'
  | 'jobs'
  | 'stops'
  | 'load_capacities'
  | 'response';
export type ResolvedRoute = Omit<Route, RouteReferenceFields> &
  ShiftTimes & {
    index: number;
    date?: DayNumber;
    driver?: ResolvedDriver;
    vehicle?: ResolvedVehicle;
    depot?: ResolvedDepot;
    start_depot?: ResolvedDepot;
    end_depot?: ResolvedDepot;
    location?: ResolvedMarker;
    start_location?: ResolvedMarker;
    end_location?: ResolvedMarker;
    jobs: ResolvedJob[];
    stops?: ResolvedStop[];
    load_capacities?: ResolvedLoadAmount[];
  };

const DEFAULTS_TIMESPANS = ['start_time', 'end_time', 'max_working_time', 'normal_working_time', 'max_driving_time'] as const;
export type ResolvedProblemDefaults = Omit<ProblemDefaults, (typeof DEFAULTS_TIMESPANS)[number]> & {
  [K in (typeof DEFAULTS_TIMESPANS)[number]]?: Seconds;
};
export type ResolvedSettings = Omit<Settings, 'defaults' | 'legal_break_duration' | 'legal_break_interval' | 'time_limit'> & {
  defaults: ResolvedProblemDefaults;
  legal_break_duration?: Seconds;
  legal_break_interval?: Seconds;
  time_limit?: Seconds;
};
export type ResolvedVariance = Omit<Variance, 'metric_count_variance'> & {
  metric_count_variance?: { metric: ResolvedCapacityMetric; variance: number };
};

/** What the engine and the operations consume: a validated request with every reference followed. */
export interface ResolvedProblem {
  operation: OperationName;
  id?: string;
  name?: string;
  custom?: Record<string, string>;
  return_request: boolean;
  settings: ResolvedSettings;
  markers: ResolvedMarker[];
  /** Declared metrics, then metric names used without a declaration, in order of first use. */
  capacity_metrics: ResolvedCapacityMetric[];
  job_types: ResolvedJobType[];
  depots: ResolvedDepot[];
  vehicles: ResolvedVehicle[];
  shifts: ResolvedShift[];
  shift_patterns: ResolvedShiftPattern[];
  shift_overrides: ResolvedShiftOverride[];
  drivers: ResolvedDriver[];
  jobs: ResolvedJob[];
  schedules: ResolvedSchedule[];
  zones: ResolvedZone[];
  routes: ResolvedRoute[];
  markersById: Map<string, ResolvedMarker>;
  capacityMetricsById: Map<string, ResolvedCapacityMetric>;
  jobTypesById: Map<string, ResolvedJobType>;
  depotsById: Map<string, ResolvedDepot>;
  vehiclesById: Map<string, ResolvedVehicle>;
  shiftsById: Map<string, ResolvedShift>;
  shiftPatternsById: Map<string, ResolvedShiftPattern>;
  driversById: Map<string, ResolvedDriver>;
  jobsById: Map<string, ResolvedJob>;
  schedulesById: Map<string, ResolvedSchedule>;
  zonesById: Map<string, ResolvedZone>;
  routesById: Map<string, ResolvedRoute>;
  /** recommend: the job to place. */
  job?: ResolvedJob;
  /** insert: the jobs to place. */
  jobs_to_insert?: ResolvedJob[];
  max_results?: number;
  allow_hard_constraint_violations?: boolean;
  zone_count?: number;
  variance?: ResolvedVariance;
}

/** Fields of every problem-shaped request body, as canonicalize leaves them. */
interface ProblemBody {
  id?: string;
  name?: string;
  custom?: Record<string, string>;
  return_request?: boolean;
  settings?: Settings;
  markers?: Marker[];
  capacity_metrics?: CapacityMetric[];
  job_types?: JobType[];
  depots?: Depot[];
  vehicles?: Vehicle[];
  shifts?: Shift[];
  shift_patterns?: ShiftPattern[];
  shift_overrides?: ShiftOverride[];
  drivers?: Driver[];
  jobs?: Job[];
  schedules?: Schedule[];
  zones?: Zone[];
  routes?: Route[];
  job?: Job | string;
  jobs_to_insert?: (Job | string)[];
  max_results?: number;
  allow_hard_constraint_violations?: boolean;
  zone_count?: number;
  variance?: Variance;
}

function seconds(text: string): Seconds;
function seconds(text: string | undefined): Seconds | undefined;
function seconds(text: string | undefined): Seconds | undefined {
  if (text === undefined) return undefined;
  return mustParse(parseTimespan(text), text, 'timespan');
}

function day(text: string): DayNumber;
function day(text: string | undefined): DayNumber | undefined;
function day(text: string | undefined): DayNumber | undefined {
  if (text === undefined) return undefined;
  return mustParse(parseDate(text), text, 'date');
}

function point(text: string): LatLon {
  return mustParse(parseLatLon(text), text, 'latlon');
}

// resolveProblem takes validated input only; a value that does not parse here is a caller bug.
function mustParse<T>(value: T | undefined, text: string, kind: string): T {
  if (value === undefined) throw new Error(`resolveProblem: ${kind} "${text}" was not validated`);
  return value;
}

/** A copy without the fields a resolver converts, so the converted values' types are the only ones left. */
function without<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Omit<T, K> {
  const copy = { ...value };
  for (const key of keys) delete copy[key];
  return copy;
}

function window(value: TimeWindow | undefined): ResolvedTimeWindow | undefined {
  return value === undefined ? undefined : { start: seconds(value.start), end: seconds(value.end) };
}

function lookup<T>(map: Map<string, T>, id: string, collection: string): T {
  const found = map.get(id);
  if (found === undefined) throw new Error(`resolveProblem: ${collection} "${id}" was not validated`);
  return found;
}

class Resolver {
  readonly markersById = new Map<string, ResolvedMarker>();
  readonly capacityMetricsById = new Map<string, ResolvedCapacityMetric>();
  readonly jobTypesById = new Map<string, ResolvedJobType>();
  readonly depotsById = new Map<string, ResolvedDepot>();
  readonly vehiclesById = new Map<string, ResolvedVehicle>();
  readonly shiftsById = new Map<string, ResolvedShift>();
  readonly shiftPatternsById = new Map<string, ResolvedShiftPattern>();
  readonly driversById = new Map<string, ResolvedDriver>();
  readonly jobsById = new Map<string, ResolvedJob>();
  readonly schedulesById = new Map<string, ResolvedSchedule>();
  readonly zonesById = new Map<string, ResolvedZone>();
  readonly routesById = new Map<string, ResolvedRoute>();

  marker(value: Marker): ResolvedMarker {
    const { location, intersection, ...rest } = value;
    return { ...rest, location: point(location), intersection: intersection === undefined ? undefined : point(intersection) };
  }

  markerReference(value: string | Marker | undefined): ResolvedMarker | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'string') return this.marker(value);
    const inline = parseLatLon(value);
    return inline === undefined ? lookup(this.markersById, value, 'marker') : { location: inline };
  }

  metric(value: string | CapacityMetric): ResolvedCapacityMetric {
    const id = typeof value === 'string' ? value : value.id;
    let metric = this.capacityMetricsById.get(id);
    if (metric === undefined) {
      metric = { id };
      this.capacityMetricsById.set(id, metric);
    }
    return metric;
  }

  loads(values: LoadAmount[] | undefined): ResolvedLoadAmount[] | undefined {
    return values?.map((value) => ({ metric: this.metric(value.metric), amount: value.amount }));
  }

  reference<T>(map: Map<string, T>, value: string | object | undefined, collection: string): T | undefined {
    return typeof value === 'string' ? lookup(map, value, collection) : undefined;
  }

  jobType(value: JobType): ResolvedJobType {
    return {
      ...value,
      default_time_on_site: seconds(value.default_time_on_site),
      default_time_window: window(value.default_time_window),
    };
  }

  depot(value: Depot): ResolvedDepot {
    return { ...value, location: this.markerReference(value.location) };
  }

  vehicle(value: Vehicle): ResolvedVehicle {
    return {
      ...value,
      depot: this.reference(this.depotsById, value.depot, 'depot'),
      location: this.markerReference(value.location),
      load_capacities: this.loads(value.load_capacities),
    };
  }

  driverBreak(value: DriverBreak): ResolvedDriverBreak {
    return {
      ...value,
      start: seconds(value.start),
      earliest_start: seconds(value.earliest_start),
      latest_start: seconds(value.latest_start),
      length: value.length === undefined ? DEFAULT_BREAK_LENGTH : seconds(value.length),
    };
  }

  shiftTimes(value: Partial<Record<ShiftTimespan, string>> & { breaks?: DriverBreak[] }): ShiftTimes {
    const times: ShiftTimes = { breaks: value.breaks?.map((driverBreak) => this.driverBreak(driverBreak)) };
    for (const key of SHIFT_TIMESPANS) times[key] = seconds(value[key]);
    return times;
  }

  shift(value: Shift): ResolvedShift {
    return { ...without(value, [...SHIFT_TIMESPANS, 'breaks']), ...this.shiftTimes(value) };
  }

  shiftPattern(value: ShiftPattern): ResolvedShiftPattern {
    return {
      ...value,
      shifts: value.shifts.map((shifts) => shifts.map((shift) => lookup(this.shiftsById, shift as string, 'shift'))),
    };
  }

  shiftOverride(value: ShiftOverride): ResolvedShiftOverride {
    return {
      ...value,
      start_date: day(value.start_date),
      end_date: day(value.end_date),
      shift: this.reference(this.shiftsById, value.shift ?? undefined, 'shift') ?? null,
    };
  }

  assignment(value: ShiftPatternAssignment): ResolvedShiftPatternAssignment {
    return {
      ...value,
      shift_pattern: lookup(this.shiftPatternsById, value.shift_pattern as string, 'shift_pattern'),
      start_date: day(value.start_date),
      end_date: day(value.end_date),
    };
  }

  driver(value: Driver): ResolvedDriver {
    return {
      ...value,
      centroid: this.markerReference(value.centroid),
      location: this.markerReference(value.location),
      start_location: this.markerReference(value.start_location),
      end_location: this.markerReference(value.end_location),
      preferred_vehicle: this.reference(this.vehiclesById, value.preferred_vehicle, 'vehicle'),
      shift_patterns: (value.shift_patterns ?? []).map((assignment) => this.assignment(assignment)),
      shift_overrides: (value.shift_overrides ?? []).map((override) => this.shiftOverride(override)),
    };
  }

  jobTemplate(value: JobTemplate): ResolvedJobTemplate {
    return {
      ...without(value, JOB_TEMPLATE_CONVERTED),
      type: this.reference(this.jobTypesById, value.type, 'job_type'),
      location: this.markerReference(value.location),
      exit_location: this.markerReference(value.exit_location),
      exit_time_on_site: seconds(value.exit_time_on_site),
      time_on_site: seconds(value.time_on_site),
      time_window: window(value.time_window),
      time_window2: window(value.time_window2),
      loads: this.loads(value.loads),
      required_driver: this.reference(this.driversById, value.required_driver, 'driver'),
      forbidden_drivers: value.forbidden_drivers?.map((driver) => lookup(this.driversById, driver as string, 'driver')),
    };
  }

  job(value: Job, index: number): ResolvedJob {
    return {
      ...without(value, ['date', 'allowed_dates', ...JOB_TEMPLATE_CONVERTED]),
      ...this.jobTemplate(value),
      index,
      date: day(value.date),
      allowed_dates: value.allowed_dates?.map((date) => day(date)),
    };
  }

  schedule(value: Schedule): ResolvedSchedule {
    return {
      ...value,
      base_date: day(value.base_date),
      earliest_date: day(value.earliest_date),
      job_template: value.job_template === undefined ? undefined : this.jobTemplate(value.job_template),
      jobs: (value.jobs ?? []).map((job) => (job === null ? null : lookup(this.jobsById, job as string, 'job'))),
    };
  }

  zone(value: Zone): ResolvedZone {
    return {
      ...value,
      boundary: value.boundary.vertices.map(point),
      drivers: (value.drivers ?? []).map((driver) => lookup(this.driversById, driver as string, 'driver')),
    };
  }

  stop(value: Stop, breaks: ResolvedDriverBreak[] | undefined): ResolvedStop {
    const breakValue = value.break;
    return {
      ...value,
      job: this.reference(this.jobsById, value.job, 'job'),
      depot: this.reference(this.depotsById, value.depot, 'depot'),
      break:
        breakValue === undefined
          ? undefined
          : typeof breakValue === 'string'
            ? breaks?.find((driverBreak) => driverBreak.id === breakValue)
            : this.driverBreak(breakValue),
    };
  }

  route(value: Route, index: number): ResolvedRoute {
    const times = this.shiftTimes(value);
    return {
      ...without(value, [...SHIFT_TIMESPANS, 'breaks', 'response']),
      ...times,
      index,
      date: day(value.date),
      driver: this.reference(this.driversById, value.driver, 'driver'),
      vehicle: this.reference(this.vehiclesById, value.vehicle, 'vehicle'),
      depot: this.reference(this.depotsById, value.depot, 'depot'),
      start_depot: this.reference(this.depotsById, value.start_depot, 'depot'),
      end_depot: this.reference(this.depotsById, value.end_depot, 'depot'),
      location: this.markerReference(value.location),
      start_location: this.markerReference(value.start_location),
      end_location: this.markerReference(value.end_location),
      jobs: (value.jobs ?? []).map((job) => lookup(this.jobsById, job as string, 'job')),
      stops: value.stops?.map((stop) => this.stop(stop, times.breaks)),
      load_capacities: this.loads(value.load_capacities),
    };
  }

  settings(value: Settings | undefined): ResolvedSettings {
    const defaults: ProblemDefaults = value?.defaults ?? {};
    const resolvedDefaults: ResolvedProblemDefaults = without(defaults, DEFAULTS_TIMESPANS);
    for (const key of DEFAULTS_TIMESPANS) resolvedDefaults[key] = seconds(defaults[key]);
    return {
      ...value,
      defaults: resolvedDefaults,
      legal_break_duration: seconds(value?.legal_break_duration),
      legal_break_interval: seconds(value?.legal_break_interval),
      time_limit: seconds(value?.time_limit),
    };
  }
}

function indexed<T extends { id?: string }, R>(values: T[] | undefined, map: Map<string, R>, resolve: (value: T, index: number) => R): R[] {
  return (values ?? []).map((value, index) => {
    const resolved = resolve(value, index);
    if (value.id !== undefined) map.set(value.id, resolved);
    return resolved;
  });
}

/** A validated request both ways: in canonical form (what return_request echoes) and resolved. */
export interface ResolvedRequest {
  /** The request in canonical form; read it, never change it (answers copy what they echo). */
  canonical: JsonObject;
  problem: ResolvedProblem;
}

/**
 * Follows every reference of a validated request (raw or canonical) and converts the wire formats.
 * Shared entities are shared objects: `routes[0].jobs[0] === jobsById.get(id)`.
 */
export function resolveProblem(body: unknown, operation: OperationName = 'build'): ResolvedProblem {
  return resolveRequest(body, operation).problem;
}

/** resolveProblem, keeping the canonical form it resolves from, so that nothing canonicalizes the request twice. */
export function resolveRequest(body: unknown, operation: OperationName = 'build'): ResolvedRequest {
  if (!OPERATIONS[operation].problem) throw new Error(`resolveProblem: ${operation} does not take a problem`);
  const problem = canonicalize(body as ProblemBody, operation);
  const r = new Resolver();
  const markers = indexed(problem.markers, r.markersById, (marker) => r.marker(marker));
  (problem.capacity_metrics ?? []).forEach((metric) => r.capacityMetricsById.set(metric.id, { ...metric }));
  const jobTypes = indexed(problem.job_types, r.jobTypesById, (jobType) => r.jobType(jobType));
  const depots = indexed(problem.depots, r.depotsById, (depot) => r.depot(depot));
  const vehicles = indexed(problem.vehicles, r.vehiclesById, (vehicle) => r.vehicle(vehicle));
  const shifts = indexed(problem.shifts, r.shiftsById, (shift) => r.shift(shift));
  const shiftPatterns = indexed(problem.shift_patterns, r.shiftPatternsById, (pattern) => r.shiftPattern(pattern));
  const drivers = indexed(problem.drivers, r.driversById, (driver) => r.driver(driver));
  const jobs = indexed(problem.jobs, r.jobsById, (job, index) => r.job(job, index));
  const schedules = indexed(problem.schedules, r.schedulesById, (schedule) => r.schedule(schedule));
  const zones = indexed(problem.zones, r.zonesById, (zone) => r.zone(zone));
  const routes = indexed(problem.routes, r.routesById, (route, index) => r.route(route, index));
  const resolved: ResolvedProblem = {
    operation,
    id: problem.id,
    name: problem.name,
    custom: problem.custom,
    return_request: problem.return_request ?? false,
    settings: r.settings(problem.settings),
    markers,
    capacity_metrics: [...r.capacityMetricsById.values()],
    job_types: jobTypes,
    depots,
    vehicles,
    shifts,
    shift_patterns: shiftPatterns,
    shift_overrides: (problem.shift_overrides ?? []).map((override) => r.shiftOverride(override)),
    drivers,
    jobs,
    schedules,
    zones,
    routes,
    markersById: r.markersById,
    capacityMetricsById: r.capacityMetricsById,
    jobTypesById: r.jobTypesById,
    depotsById: r.depotsById,
    vehiclesById: r.vehiclesById,
    shiftsById: r.shiftsById,
    shiftPatternsById: r.shiftPatternsById,
    driversById: r.driversById,
    jobsById: r.jobsById,
    schedulesById: r.schedulesById,
    zonesById: r.zonesById,
    routesById: r.routesById,
  };
  if (problem.job !== undefined) resolved.job = lookup(r.jobsById, problem.job as string, 'job');
  if (problem.jobs_to_insert !== undefined) {
    resolved.jobs_to_insert = problem.jobs_to_insert.map((job) => lookup(r.jobsById, job as string, 'job'));
  }
  if (problem.max_results !== undefined) resolved.max_results = problem.max_results;
  if (problem.allow_hard_constraint_violations !== undefined) {
    resolved.allow_hard_constraint_violations = problem.allow_hard_constraint_violations;
  }
  if (problem.zone_count !== undefined) resolved.zone_count = problem.zone_count;
  if (problem.variance !== undefined) {
    const { metric_count_variance: metricVariance, ...variance } = problem.variance;
    resolved.variance =
      metricVariance === undefined
        ? variance
        : { ...variance, metric_count_variance: { metric: r.metric(metricVariance.metric), variance: metricVariance.variance } };
  }
  return { canonical: problem as JsonObject, problem: resolved };
}
