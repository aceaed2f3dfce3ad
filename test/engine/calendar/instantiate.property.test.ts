import fc from 'fast-check';
import { instantiate } from '../../../engine/calendar/instantiate.js';
import {
  DAYS_OF_WEEK,
  SCHEDULE_TYPES,
  formatDate,
  parseDate,
  parseTimespan,
  resolveProblem,
  validateRequest,
  type InstantiateResponse,
} from '../../../model/index.js';
import { day } from './calendar-fixtures.js';

type Body = Record<string, unknown>;

const SHIFT_COUNT = 4;

function clock(halfHours: number): string {
  return `${Math.floor(halfHours / 2)}:${halfHours % 2 === 0 ? '00' : '30'}`;
}

/** Shifts with times of day, past-midnight ends, max_working_time instead of an end, or no times at all. */
const shiftArbitrary = (index: number) =>
  fc
    .record({
      start: fc.integer({ min: 0, max: 46 }),
      length: fc.integer({ min: 0, max: 28 }),
      bounds: fc.constantFrom('end', 'max_working_time', 'none'),
    })
    .map(({ start, length, bounds }): Body => {
      const shift: Body = { id: `s${index}` };
      if (bounds === 'none') return shift;
      shift.start_time = clock(start);
      if (bounds === 'end') shift.end_time = clock(start + length);
      else shift.max_working_time = clock(length);
      return shift;
    });

const overrideArbitrary = fc.record({
  start: fc.integer({ min: -30, max: 40 }),
  length: fc.integer({ min: 0, max: 5 }),
  shift: fc.option(fc.integer({ min: 0, max: SHIFT_COUNT - 1 })),
});

const scheduleArbitrary = fc.record({
  type: fc.constantFrom(...SCHEDULE_TYPES),
  interval: fc.integer({ min: 1, max: 3 }),
  frequency: fc.integer({ min: 1, max: 4 }),
  base: fc.option(fc.integer({ min: -60, max: 60 })),
  earliest: fc.integer({ min: -40, max: 20 }),
  before: fc.integer({ min: 0, max: 2 }),
  after: fc.integer({ min: 0, max: 2 }),
  allowed: fc.option(fc.subarray([...DAYS_OF_WEEK], { minLength: 1 })),
  skipped: fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 2 }),
  held: fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 2 }),
});

interface Scenario {
  body: Body;
  start: number;
  firstDays: number;
  secondDays: number;
}

/** Valid instantiate requests around 2023–2025 (29 February 2024 included) and a window split in two. */
const scenarioArbitrary: fc.Arbitrary<Scenario> = fc
  .record({
    origin: fc.integer({ min: day('2023-01-01'), max: day('2025-12-31') }),
    shifts: fc.tuple(...Array.from({ length: SHIFT_COUNT }, (_, index) => shiftArbitrary(index))),
    patterns: fc.array(
      fc.array(fc.array(fc.integer({ min: 0, max: SHIFT_COUNT - 1 }), { maxLength: 3 }), { minLength: 1, maxLength: 10 }),
      { minLength: 1, maxLength: 3 },
    ),
    drivers: fc.array(
      fc.record({
        assignments: fc.array(
          fc.record({ pattern: fc.nat(), start: fc.integer({ min: -30, max: 30 }), length: fc.option(fc.integer({ min: 0, max: 40 })) }),
          { maxLength: 3 },
        ),
        overrides: fc.array(overrideArbitrary, { maxLength: 2 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    problemOverrides: fc.array(overrideArbitrary, { maxLength: 2 }),
    routes: fc.array(
      fc.record({
        driver: fc.nat(),
        offset: fc.integer({ min: -5, max: 40 }),
        times: fc.option(fc.record({ start: fc.integer({ min: 0, max: 46 }), length: fc.integer({ min: 0, max: 20 }) })),
      }),
      { maxLength: 4 },
    ),
    schedules: fc.array(scheduleArbitrary, { minLength: 1, maxLength: 3 }),
    defaults: fc.option(fc.record({ start: fc.integer({ min: 0, max: 20 }), length: fc.integer({ min: 1, max: 30 }) })),
    start: fc.integer({ min: -10, max: 30 }),
    firstDays: fc.integer({ min: 1, max: 20 }),
    secondDays: fc.integer({ min: 1, max: 20 }),
  })
  .map(({ origin, shifts, patterns, drivers, problemOverrides, routes, schedules, defaults, start, firstDays, secondDays }) => {
    const date = (offset: number) => formatDate(origin + offset);
    const override = ({ start: from, length, shift }: { start: number; length: number; shift: number | null }) => ({
      start_date: date(from),
      end_date: date(from + length),
      shift: shift === null ? null : `s${shift}`,
    });
    const heldJobs: Body[] = [];
    const body: Body = {
      shifts,
      shift_patterns: patterns.map((days, index) => ({
        id: `p${index}`,
        shifts: days.map((shiftIndexes) => shiftIndexes.map((shift) => `s${shift}`)),
      })),
      shift_overrides: problemOverrides.map(override),
      drivers: drivers.map(({ assignments, overrides }, index) => ({
        id: `d${index}`,
        shift_patterns: assignments.map(({ pattern, start: from, length }) => ({
          shift_pattern: `p${pattern % patterns.length}`,
          start_date: date(from),
          ...(length === null ? {} : { end_date: date(from + length) }),
        })),
        shift_overrides: overrides.map(override),
      })),
      routes: routes.map(({ driver, offset, times }, index) => ({
        id: `r${index}`,
        date: date(offset),
        driver: `d${driver % drivers.length}`,
        ...(times === null ? {} : { start_time: clock(times.start), end_time: clock(times.start + times.length) }),
      })),
      schedules: schedules.map((schedule, index) => {
        const jobs: (string | null)[] = [];
        for (const ordinal of schedule.held) {
          while (jobs.length <= ordinal) jobs.push(null);
          jobs[ordinal] = `held_${index}_${ordinal}`;
        }
        heldJobs.push(...[...new Set(jobs.filter((job) => job !== null))].map((id) => ({ id })));
        return {
          id: `sc${index}`,
          type: schedule.type,
          interval: schedule.interval,
          frequency: schedule.frequency,
          ...(schedule.base === null ? {} : { base_date: date(schedule.base) }),
          earliest_date: date(schedule.earliest),
          allowed_variance_before: schedule.before,
          allowed_variance_after: schedule.after,
          ...(schedule.allowed === null ? {} : { allowed_days_of_week: schedule.allowed }),
          job_overrides: schedule.skipped.map((ordinal) => ({ ordinal, type: 'out_of_range' })),
          jobs,
          job_template: { location: '-36.85, 174.76', custom: { schedule: `sc${index}` } },
        };
      }),
      // Ids a generated route or job would like to take.
      jobs: [...heldJobs, { id: 'sc0_1' }, { id: `d0_${date(start)}_s0` }],
      ...(defaults === null
        ? {}
        : { settings: { defaults: { start_time: clock(defaults.start), end_time: clock(defaults.start + defaults.length) } } }),
    };
    return { body, start: origin + start, firstDays, secondDays };
  });

function run(body: Body, start: number, numDays: number, returnRequest: boolean): Body {
  const request = { ...body, return_request: returnRequest };
  expect(validateRequest(request, 'instantiate')).toEqual([]);
  return instantiate(resolveProblem(request, 'instantiate'), request, {
    startDate: start,
    numDays,
    generateRoutes: true,
    generateJobs: true,
  }) as Body;
}

/** Working time of a route as RECURRENCE.md defines it, in seconds since 1970, computed here from the wire values. */
function workingSpan(route: Body, defaults: Body): [number, number] {
  const seconds = (value: unknown) => (typeof value === 'string' ? parseTimespan(value) : undefined);
  const start = seconds(route.start_time) ?? seconds(defaults.start_time) ?? 0;
  const maxWorking = seconds(route.max_working_time) ?? seconds(defaults.max_working_time);
  const end = seconds(route.end_time) ?? seconds(defaults.end_time) ?? (maxWorking === undefined ? 86_400 : start + maxWorking);
  const midnight = parseDate(route.date as string)! * 86_400;
  return [midnight + start, midnight + Math.max(start, end)];
}

function overlap([aStart, aEnd]: [number, number], [bStart, bEnd]: [number, number]): boolean {
  return (aStart < bEnd && bStart < aEnd) || aStart === bStart;
}

const runs = { numRuns: 150 };

describe('instantiate properties', () => {
  test('instantiating the return_request output again over the same days creates nothing', () => {
    const made = { routes: 0, jobs: 0 };
    fc.assert(
      fc.property(scenarioArbitrary, ({ body, start, firstDays }) => {
        const full = run(body, start, firstDays, true);
        if ((full.routes as Body[]).length > (body.routes as Body[]).length) made.routes++;
        if ((full.jobs as Body[]).length > (body.jobs as Body[]).length) made.jobs++;
        const again = run(full, start, firstDays, false) as unknown as InstantiateResponse;
        expect(again.routes).toEqual([]);
        expect(again.jobs).toEqual([]);
        expect(again.schedules.every((schedule) => schedule.jobs.length === 0)).toBe(true);
      }),
      runs,
    );
    // The generator must often make something to undo, or the property says little (about 70% and 55% of runs do).
    expect(made.routes).toBeGreaterThan(runs.numRuns / 3);
    expect(made.jobs).toBeGreaterThan(runs.numRuns / 3);
  });

  test('never creates a route that overlaps another route of its driver', () => {
    fc.assert(
      fc.property(scenarioArbitrary, ({ body, start, firstDays }) => {
        const full = run(body, start, firstDays, true);
        const defaults = ((full.settings as Body | undefined)?.defaults as Body | undefined) ?? {};
        const given = new Set((body.routes as Body[]).map((route) => route.id));
        const routes = full.routes as Body[];
        routes.forEach((route, index) => {
          if (given.has(route.id)) return;
          for (const other of routes) {
            if (other === route || other.driver !== route.driver) continue;
            expect([route.id, other.id, overlap(workingSpan(route, defaults), workingSpan(other, defaults))]).toEqual([
              route.id,
              other.id,
              false,
            ]);
          }
          expect(routes.findIndex((candidate) => candidate.id === route.id)).toBe(index);
        });
      }),
      runs,
    );
  });

  test('two consecutive windows make what the two windows at once make', () => {
    fc.assert(
      fc.property(scenarioArbitrary, ({ body, start, firstDays, secondDays }) => {
        const inTwoSteps = run(run(body, start, firstDays, true), start + firstDays, secondDays, true);
        const atOnce = run(body, start, firstDays + secondDays, true);
        expect(inTwoSteps.routes).toEqual(atOnce.routes);
        // Jobs come schedule by schedule within one call, so only their order differs.
        const byId = (jobs: unknown) => [...(jobs as Body[])].sort((a, b) => String(a.id).localeCompare(String(b.id)));
        expect(byId(inTwoSteps.jobs)).toEqual(byId(atOnce.jobs));
        expect(inTwoSteps.schedules).toEqual(atOnce.schedules);
      }),
      runs,
    );
  });
});
