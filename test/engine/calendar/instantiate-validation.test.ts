import { validateRequest } from '../../../model/index.js';

// The request checks instantiate relies on, as model/validation/rules.ts implements them.

const schedule = { id: 's', type: 'weekly', earliest_date: '2024-01-01' };
const dated = (id: string, date = '2024-01-01') => ({ id, date });
const undated = (id: string) => ({ id });

const cases: { name: string; body: Record<string, unknown>; faults: [string, string][] }[] = [
  { name: 'all routes dated', body: { routes: [dated('a'), dated('b', '2024-1-2')] }, faults: [] },
  { name: 'no route dated, no schedule', body: { routes: [undated('a'), undated('b')] }, faults: [] },
  {
    name: 'some routes dated, some not',
    body: { routes: [dated('a'), undated('b')] },
    faults: [['request', 'route_dates_mismatch_error']],
  },
  {
    name: 'a date echoed in datetime form counts as a date',
    body: { routes: [dated('a', '2024-01-01T00:00:00'), undated('b')] },
    faults: [['request', 'route_dates_mismatch_error']],
  },
  { name: 'schedules and no routes', body: { schedules: [schedule] }, faults: [] },
  { name: 'schedules and dated routes', body: { schedules: [schedule], routes: [dated('a')] }, faults: [] },
  {
    name: 'schedules and undated routes',
    body: { schedules: [schedule], routes: [undated('a')] },
    faults: [['request', 'routes_with_schedules_must_have_dates_error']],
  },
  { name: 'an empty schedules list asks for nothing', body: { schedules: [], routes: [undated('a')] }, faults: [] },
  {
    name: 'schedules and mixed routes: both codes',
    body: { schedules: [schedule], routes: [dated('a'), undated('b')] },
    faults: [
      ['request', 'route_dates_mismatch_error'],
      ['request', 'routes_with_schedules_must_have_dates_error'],
    ],
  },
  {
    name: 'a schedule without earliest_date',
    body: { schedules: [{ id: 't', type: 'daily' }, schedule] },
    faults: [['request.schedules[0].earliest_date', 'required_property_missing_error']],
  },
  {
    name: 'a job of a schedule cannot carry dates',
    body: { jobs: [{ id: 'j', date: '2024-01-01' }], schedules: [{ ...schedule, jobs: ['j'] }] },
    faults: [['request.jobs[0].date', 'schedule_job_date_fields_error']],
  },
];

test.each(cases)('$name', ({ body, faults }) => {
  expect(validateRequest(body, 'instantiate').map(({ property, code }) => [property, code])).toEqual(faults);
});

test('instantiate does not need job locations: jobs are routed later', () => {
  expect(
    validateRequest({ jobs: [{ id: 'j' }], schedules: [{ ...schedule, job_template: { time_on_site: '00:10' } }] }, 'instantiate'),
  ).toEqual([]);
});
