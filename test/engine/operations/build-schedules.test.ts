import { runOperation } from '../../../engine/operations/index.js';
import { straightLineProvider } from '../../../geo/straight-line.js';
import { dayOfWeek, formatDate } from '../../../model/index.js';
import { hardViolations, jobsByRoute, operate, totalInternalCost } from './operation-results.js';
import { day, instantiated, place, plannedRequest, routedDates, weekdayFleet } from './schedule-problems.js';

type Body = Record<string, unknown>;

const template = (k: number): Body => ({ location: place(k), time_on_site: '00:10' });

/** Two weeks of a 3-driver weekday fleet and schedules of several kinds, none with a base date but `fixed`. */
function twoWeeks(settings: Body = {}): { made: ReturnType<typeof instantiated>['made']; full: Body } {
  const weekly = Array.from({ length: 12 }, (_, k) => ({
    id: `w${k}`,
    type: 'weekly',
    earliest_date: '2024-03-04',
    job_template: template(k),
  }));
  const body = {
    ...weekdayFleet(3),
    settings: { time_limit: '00:00:02', ...settings },
    schedules: [
      ...weekly,
      { id: 'twice', type: 'times_per_week', frequency: 2, earliest_date: '2024-03-03', job_template: template(20) },
      { id: 'slack', type: 'weekly', earliest_date: '2024-03-04', allowed_variance_after: 2, job_template: template(21) },
      {
        id: 'weekdays',
        type: 'daily',
        earliest_date: '2024-03-04',
        allowed_days_of_week: ['mon', 'tue', 'wed', 'thu', 'fri'],
        job_template: template(22),
      },
      { id: 'fixed', type: 'weekly', base_date: '2024-03-06', earliest_date: '2024-03-04', job_template: template(23) },
    ],
  };
  return instantiated(body, '2024-03-03', 14);
}

describe('build with schedules', () => {
  test('chooses base dates, reports them, and routes every visit inside its target range; the evaluator agrees', async () => {
    const { made, full } = twoWeeks();
    const result = await operate('build', full);
    expect(hardViolations(result)).toEqual([]);
    expect(result.unrouted_jobs).toEqual([]);

    const reported = new Map((result.schedules ?? []).map((schedule) => [schedule.id, schedule.base_date]));
    const open = (full.schedules as Body[]).filter((schedule) => schedule.base_date === undefined).map((schedule) => schedule.id);
    expect([...reported.keys()].sort()).toEqual([...open].sort());

    const dates = routedDates(full, result);
    for (const schedule of made.schedules) {
      for (const visit of schedule.jobs) {
        const date = dates.get(visit.job)!;
        expect(date).toBeGreaterThanOrEqual(day(visit.target_date_range.start));
        expect(date).toBeLessThanOrEqual(day(visit.target_date_range.end));
      }
    }
    // A weekly schedule without variance: every visit on the base date's weekday (all ordinals move together).
    for (let k = 0; k < 12; k++) {
      const visits = made.schedules.find((schedule) => schedule.id === `w${k}`)!.jobs;
      const weekdays = new Set(visits.map((visit) => dayOfWeek(dates.get(visit.job)!)));
      expect(weekdays).toEqual(new Set([dayOfWeek(day(reported.get(`w${k}`)!))]));
    }
    // Without front loading the weekly visits spread over the week.
    expect(new Set(Array.from({ length: 12 }, (_, k) => reported.get(`w${k}`))).size).toBeGreaterThan(2);
    // 'weekdays' runs Monday to Friday only.
    for (const visit of made.schedules.find((schedule) => schedule.id === 'weekdays')!.jobs) {
      expect(['sat', 'sun']).not.toContain(dayOfWeek(dates.get(visit.job)!));
    }

    // The evaluator, with the chosen base dates set, finds the same routes at the same cost; without them, no violation either.
    const pinned = await operate('evaluate', plannedRequest(full, result, { baseDates: true }));
    expect(hardViolations(pinned)).toEqual([]);
    expect(totalInternalCost(pinned)).toBeCloseTo(totalInternalCost(result), 6);
    const loose = await operate('evaluate', plannedRequest(full, result, { baseDates: false }));
    expect(hardViolations(loose)).toEqual([]);
  }, 60_000);

  test('enable_front_loading puts every visit as early as its range allows', async () => {
    const { full } = twoWeeks({ enable_front_loading: true });
    const result = await operate('build', full);
    expect(hardViolations(result)).toEqual([]);
    const reported = new Map((result.schedules ?? []).map((schedule) => [schedule.id, schedule.base_date]));
    for (let k = 0; k < 12; k++) expect(reported.get(`w${k}`)).toBe('2024-03-04');
    expect(reported.get('slack')).toBe('2024-03-04');
    // 'slack' may land up to two days after its Monday target, and a job dated Wednesday 13 March
    // may come two days early: both go to the earliest day.
    const flexible = {
      ...full,
      jobs: [...(full.jobs as Body[]), { id: 'flex', location: place(30), date: '2024-03-13', allowed_variance_before: 2 }],
    };
    const loaded = await operate('build', flexible);
    expect(hardViolations(loaded)).toEqual([]);
    expect(loaded.unrouted_jobs).toEqual([]);
    const dates = routedDates(flexible, loaded);
    for (const [job, date] of dates) if (job.startsWith('slack')) expect(dayOfWeek(date)).toBe('mon');
    expect(formatDate(dates.get('flex')!)).toBe('2024-03-11');
  }, 60_000);

  test('return_request stores the chosen base dates on the schedules', async () => {
    const { full } = twoWeeks();
    const answer = (await runOperation('build', { ...full, return_request: true }, {}, straightLineProvider, () => undefined)) as {
      schedules: Body[];
    };
    const fixed = answer.schedules.find((schedule) => schedule.id === 'fixed')!;
    expect(fixed.base_date).toBe('2024-03-06');
    for (const schedule of answer.schedules) expect(typeof schedule.base_date).toBe('string');
  }, 60_000);

  test('the evaluator prices a schedule job off its target range as a hard date violation', async () => {
    const { full } = twoWeeks();
    const routes = (full.routes as Body[]).map((route) => (route.id === 'd0_2024-03-07_day' ? { ...route, jobs: ['fixed_0'] } : route));
    const result = await operate('evaluate', { ...full, routes });
    const stop = result.routes.flatMap((route) => route.stops ?? []).find((s) => s.id === 'fixed_0')!;
    expect(stop.violations.map((v) => v.type)).toEqual(['job_missed_date_window']);
    expect(stop.violations[0]!.data).toEqual({ route_date: '2024-03-07', earliest: '2024-03-06', latest: '2024-03-06' });
  }, 30_000);

  test('optimize keeps jobs on their days when a base date allows it and reports that base date', async () => {
    const { full } = twoWeeks();
    const built = await operate('build', full);
    const request = plannedRequest(full, built, { baseDates: false });
    const result = await operate('optimize', { ...request, settings: { time_limit: '00:00:02' } });
    expect(hardViolations(result)).toEqual([]);
    expect(result.unrouted_jobs).toEqual([]);
    expect(new Map((result.schedules ?? []).map((s) => [s.id, s.base_date]))).toEqual(
      new Map((built.schedules ?? []).map((s) => [s.id, s.base_date])),
    );
    const before = routedDates(full, built);
    const after = routedDates(full, result);
    // Only 'slack' (two days of variance) may change days.
    for (const [job, date] of after) if (!job.startsWith('slack')) expect(formatDate(date)).toBe(formatDate(before.get(job)!));
    expect(jobsByRoute(result).size).toBeGreaterThan(0);
  }, 60_000);
});
