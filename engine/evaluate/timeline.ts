import { formatTimespan } from '../../model/formats/timespan.js';
import type { StopType } from '../../model/types/common.js';
import type { Violation } from '../../model/types/violation.js';
import type { CompiledRoute } from './compiled-route.js';
import { metricName } from './loads.js';
import { violationPenalty } from './penalties.js';

/**
 * Seconds of lateness that are round-off, not lateness: a timeline computed along another path (the
 * solver's segment sums, a departure moved by exactly the slack) may land a hair past a deadline.
 */
const timeTolerance = 1e-6;

/** A route never takes more breaks than this, whatever its breaks and legal-break settings. */
const maxBreaksPerRoute = 1000;

/** One stop of a traced timeline, in seconds and meters. */
export interface TraceStop {
  type: StopType;
  /** job / job_exit: candidate job index; break: index in the route's breaks; legal_break: ordinal from 0. */
  ref: number;
  /** Travel-table index of the stop's place; -1 for breaks. */
  point: number;
  arrival: number;
  distanceTo: number;
  timeTo: number;
  idle: number;
  onSite: number;
  violations: Violation[];
}

export interface TimelineTrace {
  stops: TraceStop[];
  routeViolations: Violation[];
}

/** The totals of the last timeline computed for a compiled route. */
export class TimelineResult {
  internalCost = 0;
  cost = 0;
  distance = 0;
  driving = 0;
  working = 0;
  /** Departure from the start (seconds from the route's midnight). */
  start = 0;
  end = 0;
  hardViolations = 0;
  violations = 0;
}

/** Working memory of one compiled route, reused by every timeline of it. */
class Scratch {
  readonly due: Float64Array;
  readonly latest: Float64Array;
  readonly length: Float64Array;
  readonly rule: Int32Array;
  pending = 0;
  next = 0;
  time = 0;
  prev = -1;
  distance = 0;
  driving = 0;
  penalty = 0;
  hard = 0;
  violations = 0;
  waiting = 0;
  slack = Infinity;
  legalDue = Infinity;
  legalTaken = 0;
  breaksTaken = 0;
  windowStart = 0;
  windowLateness = 0;
  windowEnd = Infinity;

  constructor(breaks: number) {
    this.due = new Float64Array(breaks);
    this.latest = new Float64Array(breaks);
    this.length = new Float64Array(breaks);
    this.rule = new Int32Array(breaks);
  }
}

const scratches = new WeakMap<CompiledRoute, Scratch>();

function scratchOf(c: CompiledRoute): Scratch {
  let scratch = scratches.get(c);
  if (scratch === undefined) {
    scratch = new Scratch(c.breaks.length);
    scratches.set(c, scratch);
  }
  return scratch;
}

/**
 * The route's breaks for a departure, sorted by when they fall due. A break is only created if it
 * lies entirely inside the route's time span: a fixed break before the departure, or
 * any break that could not end by end_time, is dropped.
 */
function prepareBreaks(c: CompiledRoute, s: Scratch, departure: number): void {
  s.pending = 0;
  s.next = 0;
  const offset = c.settings.breaksRelativeToStart ? departure : 0;
  c.breaks.forEach((driverBreak, rule) => {
    let due: number;
    let latest: number;
    if (driverBreak.start !== undefined) {
      due = offset + driverBreak.start;
      // A fixed break due during a service is taken right after it: never late.
      latest = Infinity;
      if (due < departure) return;
    } else {
      due = driverBreak.earliest_start === undefined ? departure : offset + driverBreak.earliest_start;
      latest = driverBreak.latest_start === undefined ? Infinity : offset + driverBreak.latest_start;
      if (latest < departure) return;
    }
    if (Math.max(due, departure) + driverBreak.length > c.endTime) return;
    let k = s.pending++;
    for (; k > 0 && s.due[k - 1]! > due; k--) {
      s.due[k] = s.due[k - 1]!;
      s.latest[k] = s.latest[k - 1]!;
      s.length[k] = s.length[k - 1]!;
      s.rule[k] = s.rule[k - 1]!;
    }
    s.due[k] = due;
    s.latest[k] = latest;
    s.length[k] = driverBreak.length;
    s.rule[k] = rule;
  });
}

/** Service start for an arrival: the first window still open (waiting for it if early), else late. */
function serviceWindow(c: CompiledRoute, s: Scratch, job: number, arrival: number): void {
  s.windowLateness = 0;
  const start0 = job < 0 ? NaN : c.windows[4 * job]!;
  if (Number.isNaN(start0)) {
    s.windowStart = arrival;
    s.windowEnd = Infinity;
    return;
  }
  const end0 = c.windows[4 * job + 1]!;
  const start1 = c.windows[4 * job + 2]!;
  const end1 = c.windows[4 * job + 3]!;
  if (arrival <= end0 + timeTolerance) {
    s.windowStart = Math.max(arrival, start0);
    s.windowEnd = end0;
  } else if (!Number.isNaN(start1) && arrival <= end1 + timeTolerance) {
    s.windowStart = Math.max(arrival, start1);
    s.windowEnd = end1;
  } else {
    const latest = Number.isNaN(end1) ? end0 : Math.max(end0, end1);
    s.windowStart = arrival;
    s.windowEnd = latest;
    s.windowLateness = arrival - latest;
  }
}

/**
 * Drives from the current place to `target` and serves it. Breaks that fall due before the service
 * would start are taken on the way: before the drive when due during the previous stop's service
 * (so the break is listed right after that stop), at the roadside when due during the drive, or
 * while waiting for the target's window.
 */
function visit(
  c: CompiledRoute,
  s: Scratch,
  target: number,
  job: number,
  service: number,
  type: StopType,
  ref: number,
  trace: TimelineTrace | undefined,
  violations: Violation[] | undefined,
): void {
  let legDistance = 0;
  let legTime = 0;
  if (s.prev >= 0) {
    legDistance = c.travel.distance(s.prev, target);
    legTime = c.travel.duration(s.prev, target) / c.speed;
  }
  s.distance += legDistance;
  s.driving += legTime;
  let departure = s.time;
  for (;;) {
    const arrival = departure + legTime;
    serviceWindow(c, s, job, arrival);
    const pendingDue = s.next < s.pending ? s.due[s.next]! : Infinity;
    const legal = s.legalDue <= pendingDue;
    const due = legal ? s.legalDue : pendingDue;
    if (due >= s.windowStart || s.breaksTaken >= maxBreaksPerRoute) break;
    const length = legal ? c.legalDuration : s.length[s.next]!;
    let timeTo: number;
    let distanceTo: number;
    let breakArrival: number;
    let idle = 0;
    if (due < arrival) {
      timeTo = Math.min(Math.max(due - departure, 0), legTime);
      distanceTo = legTime > 0 ? (legDistance * timeTo) / legTime : 0;
      breakArrival = departure + timeTo;
      legDistance -= distanceTo;
      legTime -= timeTo;
    } else {
      timeTo = legTime;
      distanceTo = legDistance;
      breakArrival = arrival;
      idle = due - arrival;
      s.waiting += idle;
      legDistance = 0;
      legTime = 0;
    }
    const breakStart = breakArrival + idle;
    departure = breakStart + length;
    const breakViolations: Violation[] = [];
    let breakRef: number;
    s.breaksTaken++;
    if (legal) {
      breakRef = s.legalTaken++;
      s.legalDue = departure + c.legalInterval;
    } else {
      breakRef = s.rule[s.next]!;
      const lateness = breakStart - s.latest[s.next]!;
      if (lateness > timeTolerance) {
        s.penalty += violationPenalty('break_not_placed', lateness);
        s.hard++;
        s.violations++;
        if (trace) breakViolations.push({ type: 'break_not_placed', data: { lateness: formatTimespan(lateness) } });
      }
      s.next++;
    }
    if (trace) {
      trace.stops.push({
        type: legal ? 'legal_break' : 'break',
        ref: breakRef,
        point: -1,
        arrival: breakArrival,
        distanceTo,
        timeTo,
        idle,
        onSite: length,
        violations: breakViolations,
      });
    }
  }
  const arrival = departure + legTime;
  const idle = s.windowStart - arrival;
  s.waiting += idle;
  if (s.windowLateness > 0) {
    s.penalty += violationPenalty('job_missed_time_window', s.windowLateness, c.hardWindows);
    if (c.hardWindows) s.hard++;
    s.violations++;
    violations?.push({ type: 'job_missed_time_window', data: { lateness: formatTimespan(s.windowLateness) } });
  }
  if (s.windowEnd !== Infinity) s.slack = Math.min(s.slack, s.waiting + s.windowEnd - s.windowStart);
  if (trace)
    trace.stops.push({
      type,
      ref,
      point: target,
      arrival,
      distanceTo: legDistance,
      timeTo: legTime,
      idle,
      onSite: service,
      violations: violations ?? [],
    });
  s.time = s.windowStart + service;
  s.prev = target;
}

function routeLimits(
  c: CompiledRoute,
  s: Scratch,
  order: ArrayLike<number>,
  length: number,
  working: number,
  end: number,
  trace: TimelineTrace | undefined,
): void {
  const add = (violation: Violation, excess: number): void => {
    s.penalty += violationPenalty(violation.type, excess);
    s.hard++;
    s.violations++;
    if (trace) trace.routeViolations.push(violation);
  };
  if (length > c.maxJobs)
    add({ type: 'route_max_jobs_exceeded', data: { jobs: length, max_jobs_on_route: c.maxJobs } }, length - c.maxJobs);
  if (c.hasCapacity) {
    const m = c.metricCount;
    for (let k = 0; k < m; k++) {
      const capacity = c.capacities[k]!;
      if (capacity === Infinity) continue;
      let load = c.carried[k]!;
      for (let i = 0; i < length; i++) load += c.deliveries[order[i]! * m + k]!;
      let peak = load;
      for (let i = 0; i < length; i++) {
        load -= c.amounts[order[i]! * m + k]!;
        if (load > peak) peak = load;
      }
      if (peak > capacity + 1e-9) {
        const metric = metricName(c.metrics, k);
        add({ type: 'route_over_capacity', data: { ...(metric === undefined ? {} : { metric }), load: peak, capacity } }, peak - capacity);
      }
    }
  }
  if (end > c.endTime + timeTolerance)
    add({ type: 'route_end_time_missed', data: { overrun: formatTimespan(end - c.endTime) } }, end - c.endTime);
  if (working > c.maxWorking + timeTolerance) {
    add(
      {
        type: 'route_max_working_time_exceeded',
        data: { working_time: formatTimespan(working), max_working_time: formatTimespan(c.maxWorking) },
      },
      working - c.maxWorking,
    );
  }
  if (s.driving > c.maxDriving + timeTolerance) {
    add(
      {
        type: 'route_max_driving_time_exceeded',
        data: { driving_time: formatTimespan(s.driving), max_driving_time: formatTimespan(c.maxDriving) },
      },
      s.driving - c.maxDriving,
    );
  }
  for (const violation of c.routeViolations) {
    s.hard++;
    s.violations++;
    if (trace) trace.routeViolations.push(violation);
  }
  s.penalty += c.routePenalty;
}

/** Sets the scratch up for a timeline leaving at `departure`, and traces the start. */
function start(c: CompiledRoute, s: Scratch, departure: number, trace: TimelineTrace | undefined): void {
  s.time = departure;
  s.prev = c.startPoint;
  s.distance = 0;
  s.driving = 0;
  s.penalty = 0;
  s.hard = 0;
  s.violations = 0;
  s.waiting = 0;
  s.slack = Infinity;
  s.legalTaken = 0;
  s.breaksTaken = 0;
  s.legalDue = departure + c.legalInterval;
  prepareBreaks(c, s, departure);
  if (trace && c.startKind !== undefined) {
    trace.stops.push({
      type: c.startKind,
      ref: -1,
      point: c.startPoint,
      arrival: departure,
      distanceTo: 0,
      timeTo: 0,
      idle: 0,
      onSite: 0,
      violations: [],
    });
  }
}

/** Drives to job `job` (a candidate index) and serves it, then its exit stop if it has one. */
function visitJob(c: CompiledRoute, s: Scratch, job: number, trace: TimelineTrace | undefined): void {
  s.penalty += c.staticPenalty[job]!;
  s.hard += c.staticHard[job]!;
  s.violations += c.staticHard[job]!;
  visit(c, s, c.point[job]!, job, c.service[job]!, 'job', job, trace, trace ? [...c.staticViolations[job]!] : undefined);
  const exit = c.exitPoint[job]!;
  if (exit >= 0) visit(c, s, exit, -1, c.exitService[job]!, 'job_exit', job, trace, undefined);
}

/** The way back after the last job, the route's limits, and the totals into `out`. */
function finish(
  c: CompiledRoute,
  s: Scratch,
  order: ArrayLike<number>,
  length: number,
  departure: number,
  trace: TimelineTrace | undefined,
  out: TimelineResult,
): void {
  if (c.endKind === 'depot') visit(c, s, c.endPoint, -1, 0, 'depot', -1, trace, undefined);
  else if (c.endKind === 'overnight' && trace) {
    trace.stops.push({
      type: 'overnight',
      ref: -1,
      point: s.prev,
      arrival: s.time,
      distanceTo: 0,
      timeTo: 0,
      idle: 0,
      onSite: 0,
      violations: [],
    });
  }
  const end = s.time;
  const working = end - departure;
  routeLimits(c, s, order, length, working, end, trace);
  const settings = c.settings;
  const regular = Math.min(working, c.normalWorking);
  const cost =
    (s.distance / 1000) * settings.costPerKm +
    (regular / 3600) * settings.costPerHour +
    ((working - regular) / 3600) * settings.overtimeCostPerHour +
    settings.fixedCost;
  out.cost = cost;
  out.internalCost = cost + s.penalty;
  out.distance = s.distance;
  out.driving = s.driving;
  out.working = working;
  out.start = departure;
  out.end = end;
  out.hardViolations = s.hard;
  out.violations = s.violations;
}

function run(
  c: CompiledRoute,
  order: ArrayLike<number>,
  length: number,
  departure: number,
  trace: TimelineTrace | undefined,
  out: TimelineResult,
): void {
  const s = scratchOf(c);
  start(c, s, departure, trace);
  for (let k = 0; k < length; k++) visitJob(c, s, order[k]!, trace);
  finish(c, s, order, length, departure, trace, out);
}

function clear(out: TimelineResult, departure: number): void {
  out.internalCost = 0;
  out.cost = 0;
  out.distance = 0;
  out.driving = 0;
  out.working = 0;
  out.start = departure;
  out.end = departure;
  out.hardViolations = 0;
  out.violations = 0;
}

/**
 * The timeline of `order[0..length)` (candidate job indices) on a compiled route: its totals in
 * `out`, and every stop in `trace` when one is given. An empty route is unused: no stops, no cost.
 * With optimize_start_time the departure moves later by the waiting that the windows let it
 * absorb, when that does not make the route dearer.
 */
export function timeRoute(c: CompiledRoute, order: ArrayLike<number>, length: number, out: TimelineResult, trace?: TimelineTrace): void {
  const startTime = c.settings.startTime;
  if (length === 0) {
    clear(out, startTime);
    return;
  }
  if (!c.settings.optimizeStartTime) {
    run(c, order, length, startTime, trace, out);
    return;
  }
  run(c, order, length, startTime, undefined, out);
  const s = scratchOf(c);
  const shift = Math.min(s.waiting, s.slack);
  let departure = startTime;
  if (shift > 1e-9) {
    const earlier = out.internalCost;
    run(c, order, length, startTime + shift, undefined, out);
    if (out.internalCost <= earlier + 1e-9) departure = startTime + shift;
    else run(c, order, length, startTime, undefined, out);
  }
  if (trace) run(c, order, length, departure, trace, out);
}

/** The figures of the scratch a timeline carries from one job to the next (the others are fixed by the departure or set per visit). */
const CARRIED = [
  'time',
  'prev',
  'distance',
  'driving',
  'penalty',
  'hard',
  'violations',
  'waiting',
  'slack',
  'legalDue',
  'legalTaken',
  'breaksTaken',
  'next',
] as const;

function store(s: Scratch, states: Float64Array, at: number): void {
  const base = at * CARRIED.length;
  for (let f = 0; f < CARRIED.length; f++) states[base + f] = s[CARRIED[f]!];
}

function restore(s: Scratch, states: Float64Array, at: number): void {
  const base = at * CARRIED.length;
  for (let f = 0; f < CARRIED.length; f++) s[CARRIED[f]!] = states[base + f]!;
}

/**
 * Where the timeline of an order stands after each of its first jobs, for pricing orders that
 * begin with them (an insertion leaves the jobs before it as they were): each such order is then
 * timed from the job inserted on, not from the start. Only for a route that leaves at its start
 * time (`resumable`): one that optimizes its start time leaves when the whole order allows.
 */
export class TimelinePrefixes {
  private states = new Float64Array(0);
  /** How many first jobs the states cover (states 0..count). */
  count = -1;

  /** Times `order[0..count)` on the route, keeping where it stands before each job and after the last. */
  time(c: CompiledRoute, order: ArrayLike<number>, count: number): void {
    if (this.states.length < (count + 1) * CARRIED.length) this.states = new Float64Array(2 * (count + 1) * CARRIED.length);
    const s = scratchOf(c);
    start(c, s, c.settings.startTime, undefined);
    store(s, this.states, 0);
    for (let k = 0; k < count; k++) {
      visitJob(c, s, order[k]!, undefined);
      store(s, this.states, k + 1);
    }
    this.count = count;
  }

  /**
   * The timeline of `order[0..length)` into `out`, as timeRoute gives it, for an order whose first
   * `from` jobs (at most `count`) are those last timed.
   */
  resume(c: CompiledRoute, order: ArrayLike<number>, length: number, from: number, out: TimelineResult): void {
    const s = scratchOf(c);
    const departure = c.settings.startTime;
    prepareBreaks(c, s, departure);
    restore(s, this.states, from);
    for (let k = from; k < length; k++) visitJob(c, s, order[k]!, undefined);
    finish(c, s, order, length, departure, undefined, out);
  }
}

/** Whether timelines of the route can resume from TimelinePrefixes: it leaves at its start time. */
export function resumable(c: CompiledRoute): boolean {
  return !c.settings.optimizeStartTime;
}
