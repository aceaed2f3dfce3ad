import { instantiate, type InstantiateOptions } from '../../../engine/calendar/instantiate.js';
import { instantiateWorkBound } from '../../../engine/calendar/instantiate-size.js';
import { resolveProblem, type InstantiateResponse } from '../../../model/index.js';
import { day, validInstantiateRequest } from './calendar-fixtures.js';

const fleet = {
  shifts: [
    { id: 'early', start_time: '06:00', end_time: '14:00' },
    { id: 'late', start_time: '14:00', end_time: '22:00' },
  ],
  shift_patterns: [{ id: 'p', shifts: [['early', 'late'], ['early'], []] }],
  drivers: [
    { id: 'd1', shift_patterns: [{ shift_pattern: 'p', start_date: '2024-02-26' }] },
    { id: 'd2', shift_patterns: [{ shift_pattern: 'p', start_date: '2024-02-27' }] },
  ],
};

function schedule(id: string, frequency: number): Record<string, unknown> {
  return { id, type: 'times_per_week', frequency, earliest_date: '2024-01-01', job_template: { location: '47.62, -122.35' } };
}

describe('instantiate work bound', () => {
  test('is at least what instantiate makes', () => {
    const body = validInstantiateRequest({ ...fleet, schedules: [schedule('a', 3), schedule('b', 1)] });
    const problem = resolveProblem(body, 'instantiate');
    const options: InstantiateOptions = { startDate: day('2024-03-01'), numDays: 40, generateRoutes: true, generateJobs: true };
    const made = instantiate(problem, body, options) as InstantiateResponse;
    expect(made.routes.length + made.jobs.length).toBeGreaterThan(0);
    expect(instantiateWorkBound(problem, options)).toBeGreaterThanOrEqual(made.routes.length + made.jobs.length);
  });

  test('grows with days, visits per week and, with return_request, the ordinals before the window', () => {
    const body = validInstantiateRequest({ schedules: [1, 2, 3, 4].map((i) => schedule(`s${i}`, 1000)) });
    const options: InstantiateOptions = { startDate: day('2024-01-01'), numDays: 366, generateRoutes: true, generateJobs: true };
    // 4 schedules × 1000 visits × 53 weeks touched.
    expect(instantiateWorkBound(resolveProblem(body, 'instantiate'), options)).toBe(4 * 1000 * 53);
    const late = { ...options, startDate: day('2030-01-01'), numDays: 1 };
    const withRequest = validInstantiateRequest({ schedules: [schedule('s', 10)], return_request: true });
    expect(instantiateWorkBound(resolveProblem(withRequest, 'instantiate'), late)).toBeGreaterThan(10 * 52 * 6);
  });
});
