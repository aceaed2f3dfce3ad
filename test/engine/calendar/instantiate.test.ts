import { instantiate, type InstantiateOptions } from '../../../engine/calendar/instantiate.js';
import { resolveProblem, validateRequest, type InstantiateResponse } from '../../../model/index.js';
import { day, validInstantiateRequest } from './calendar-fixtures.js';

type Body = Record<string, unknown>;

function run(body: Body, from: string, numDays: number, options: Partial<InstantiateOptions> = {}): InstantiateResponse {
  const request = validInstantiateRequest(body);
  return instantiate(resolveProblem(request, 'instantiate'), request, {
    startDate: day(from),
    numDays,
    generateRoutes: true,
    generateJobs: true,
    ...options,
  }) as InstantiateResponse;
}

function runFull(body: Body, from: string, numDays: number): Body {
  const request = validInstantiateRequest({ ...body, return_request: true });
  return instantiate(resolveProblem(request, 'instantiate'), request, {
    startDate: day(from),
    numDays,
    generateRoutes: true,
    generateJobs: true,
  }) as Body;
}

const early = { id: 'early', name: 'Early', start_time: '06:00', end_time: '14:00' };
const late = { id: 'late', start_time: '14:00', end_time: '22:00' };
const night = { id: 'night', name: 'Night', start_time: '22:00', end_time: '30:00' };

function fleet(pattern: (string | Body)[][], extra: Body = {}): Body {
  return {
    shifts: [early, late, night],
    shift_patterns: [{ id: 'p', shifts: pattern }],
    drivers: [{ id: 'd1', name: 'Ann', shift_patterns: [{ shift_pattern: 'p', start_date: '2024-02-28' }] }],
    ...extra,
  };
}

const routeKeys = (response: InstantiateResponse): string[] => response.routes.map((route) => `${route.id} | ${route.name}`);

describe('routes', () => {
  test('one route per shift and day: id, name with the shift name, date, driver and the shift fields (timespans in wire form)', () => {
    const shift = {
      id: 'full',
      name: 'Full day',
      custom: { crew: 'a' },
      start_time: '7:30',
      end_time: '16:00',
      optimize_start_time: true,
      breaks: [{ id: 'lunch', start: '12:00', length: '00:30' }],
      breaks_relative_to_start: false,
      enable_start_stem_time: false,
      enable_end_stem_time: true,
      max_driving_time: '06:00',
      max_working_time: '08:30',
      normal_working_time: '08:00',
    };
    const response = run(
      {
        shifts: [shift],
        shift_patterns: [{ id: 'p', shifts: [['full']] }],
        drivers: [{ id: 'd1', shift_patterns: [{ shift_pattern: 'p', start_date: '2024-02-29' }] }],
      },
      '2024-02-29',
      1,
    );
    const { id: _id, name: _name, ...fields } = shift;
    // The shift's values, timespans in their wire form.
    const times = {
      start_time: '07:30:00',
      end_time: '16:00:00',
      breaks: [{ id: 'lunch', start: '12:00:00', length: '00:30:00' }],
      max_driving_time: '06:00:00',
      max_working_time: '08:30:00',
      normal_working_time: '08:00:00',
    };
    expect(response.routes).toEqual([
      { id: 'd1_2024-02-29_full', name: 'd1 2024-02-29 Full day', ...fields, ...times, date: '2024-02-29', driver: 'd1' },
    ]);
    expect(response.routes[0]!.breaks).not.toBe(shift.breaks);
  });

  test('day by day, across 29 February, with days off', () => {
    expect(routeKeys(run(fleet([['early', 'late'], []]), '2024-02-28', 4))).toEqual([
      'd1_2024-02-28_early | Ann 2024-02-28 Early',
      'd1_2024-02-28_late | Ann 2024-02-28 late',
      'd1_2024-03-01_early | Ann 2024-03-01 Early',
      'd1_2024-03-01_late | Ann 2024-03-01 late',
    ]);
  });

  test('no route overlaps one the driver already has; touching ones are fine', () => {
    const existing = [
      { id: 'r1', date: '2024-02-28', driver: 'd1', start_time: '13:00', end_time: '15:00' },
      { id: 'r2', date: '2024-02-29', driver: 'd1', start_time: '14:00', end_time: '18:00' },
      { id: 'other', date: '2024-03-01', driver: 'd2', start_time: '06:00', end_time: '22:00' },
    ];
    const body = fleet([['early', 'late']], { routes: existing });
    (body.drivers as Body[]).push({ id: 'd2' });
    expect(run(body, '2024-02-28', 3).routes.map((route) => route.id)).toEqual([
      'd1_2024-02-29_early',
      'd1_2024-03-01_early',
      'd1_2024-03-01_late',
    ]);
  });

  test("a night shift past 24:00 blocks the next morning's shift only when they overlap", () => {
    const longNight = { id: 'long_night', start_time: '22:00', end_time: '31:00' };
    const body = fleet([['night'], ['early'], ['long_night'], ['early']]);
    (body.shifts as Body[]).push(longNight);
    expect(run(body, '2024-02-28', 4).routes.map((route) => route.id)).toEqual([
      'd1_2024-02-28_night',
      'd1_2024-02-29_early',
      'd1_2024-03-01_long_night',
    ]);
  });

  test('a route without times works from the default start to the default end (or the whole day)', () => {
    const existing = [{ id: 'r', date: '2024-02-28', driver: 'd1' }];
    const withDefaults = fleet([['early', 'night']], {
      routes: existing,
      settings: { defaults: { start_time: '09:00', end_time: '17:00' } },
    });
    expect(run(withDefaults, '2024-02-28', 1).routes.map((route) => route.id)).toEqual(['d1_2024-02-28_night']);
    expect(run(fleet([['early', 'night']], { routes: existing }), '2024-02-28', 1).routes).toEqual([]);
  });

  test('the same shift twice on one day gives one route', () => {
    expect(run(fleet([['early', 'early']]), '2024-02-28', 1).routes.map((route) => route.id)).toEqual(['d1_2024-02-28_early']);
  });

  test('a driver with an undated route gets no routes', () => {
    const body = fleet([['early']], { routes: [{ id: 'r', driver: 'd1' }] });
    expect(run(body, '2024-02-28', 3).routes).toEqual([]);
  });

  test('an id already used by any entity gets the first free #n suffix', () => {
    const body = fleet([['early']], { jobs: [{ id: 'd1_2024-02-28_early' }, { id: 'd1_2024-02-28_early#2' }] });
    expect(run(body, '2024-02-28', 2).routes.map((route) => route.id)).toEqual(['d1_2024-02-28_early#3', 'd1_2024-02-29_early']);
  });

  test('generate_routes=0 makes no routes', () => {
    expect(run(fleet([['early']]), '2024-02-28', 3, { generateRoutes: false }).routes).toEqual([]);
  });
});

describe('jobs', () => {
  const schedule = {
    id: 's',
    name: 'Weekly visit',
    custom: { contract: 'c-7', source: 'schedule' },
    type: 'weekly',
    earliest_date: '2001-01-01',
    job_template: { name: 'Visit', location: '-36.85, 174.76', time_on_site: '00:15', custom: { source: 'template', kind: 'visit' } },
  };

  test('one job per ordinal: the template (in wire form), the schedule custom over the template custom, no date field', () => {
    const response = run({ custom: { run: 'r1' }, schedules: [schedule] }, '2001-01-01', 7);
    const template = { name: 'Visit', location: '-36.85,174.76', time_on_site: '00:15:00' };
    const custom = { source: 'schedule', kind: 'visit', contract: 'c-7' };
    expect(response).toEqual({
      custom: { run: 'r1' },
      jobs: [
        { id: 's_0', ...template, custom },
        { id: 's_1', ...template, custom },
      ],
      routes: [],
      schedules: [
        {
          id: 's',
          name: 'Weekly visit',
          custom: { contract: 'c-7', source: 'schedule' },
          jobs: [
            { job: 's_0', ordinal: 0, target_date_range: { start: '2001-01-01', end: '2001-01-06' } },
            { job: 's_1', ordinal: 1, target_date_range: { start: '2001-01-07', end: '2001-01-13' } },
          ],
        },
      ],
    });
  });

  test('with a base date the response gives the target date', () => {
    const response = run(
      { schedules: [{ id: 's', type: 'weekly', base_date: '2024-01-03', earliest_date: '2024-01-01', allowed_variance_after: 1 }] },
      '2024-01-01',
      7,
    );
    expect(response.schedules[0]!.jobs).toEqual([
      { job: 's_0', ordinal: 0, target_date: '2024-01-03', target_date_range: { start: '2024-01-03', end: '2024-01-04' } },
    ]);
    expect(response.jobs).toEqual([{ id: 's_0' }]);
  });

  test('ordinals that have a job or a job override are skipped; ids already used get a suffix', () => {
    const body = {
      jobs: [{ id: 'kept', location: '1, 1' }],
      routes: [{ id: 's_2', date: '2001-01-01' }],
      schedules: [
        {
          id: 's',
          type: 'weekly',
          earliest_date: '2001-01-01',
          jobs: [null, 'kept'],
          job_overrides: [{ ordinal: 3, type: 'out_of_range' }],
        },
      ],
    };
    const response = run(body, '2001-01-01', 28);
    expect(response.schedules[0]!.jobs.map(({ job, ordinal }) => `${ordinal}: ${job}`)).toEqual(['0: s_0', '2: s_2#2', '4: s_4']);
  });

  test('generate_jobs=0 makes no jobs but still lists every schedule', () => {
    const response = run({ schedules: [schedule] }, '2001-01-01', 7, { generateJobs: false });
    expect(response.jobs).toEqual([]);
    expect(response.schedules).toEqual([{ id: 's', name: 'Weekly visit', custom: schedule.custom, jobs: [] }]);
  });
});

describe('return_request', () => {
  const body = {
    ...fleet([['early'], []]),
    jobs: [{ id: 'kept', location: '1, 1' }],
    routes: [{ id: 'mine', date: '2024-02-28', driver: 'd1', start_time: '10:00', end_time: '11:00' }],
    schedules: [
      {
        id: 's',
        type: 'daily',
        earliest_date: '2024-02-28',
        jobs: [null, 'kept'],
        job_template: { location: { id: 'depot marker', location: '2, 2' } },
      },
    ],
  };

  test('the canonical request with the new routes and jobs merged in and the job ids at their ordinals', () => {
    const full = runFull(body, '2024-02-28', 4);
    expect((full.routes as Body[]).map((route) => route.id)).toEqual(['mine', 'd1_2024-03-01_early']);
    expect((full.jobs as Body[]).map((job) => job.id)).toEqual(['kept', 's_0', 's_2', 's_3']);
    expect((full.jobs as Body[])[1]).toEqual({ id: 's_0', location: 'depot marker' });
    expect((full.schedules as Body[])[0]!.jobs).toEqual(['s_0', 'kept', 's_2', 's_3']);
    expect(full.markers).toEqual([{ id: 'depot marker', location: '2,2' }]);
    expect(validateRequest(full, 'instantiate')).toEqual([]);
  });

  test('instantiating the result again over the same days makes nothing', () => {
    const again = run({ ...runFull(body, '2024-02-28', 4), return_request: false }, '2024-02-28', 4);
    expect(again.routes).toEqual([]);
    expect(again.jobs).toEqual([]);
  });

  test('gaps in schedule.jobs are null', () => {
    const full = runFull({ schedules: [{ id: 's', type: 'daily', earliest_date: '2024-02-28' }] }, '2024-03-01', 1);
    expect((full.schedules as Body[])[0]!.jobs).toEqual([null, null, 's_2']);
  });
});
