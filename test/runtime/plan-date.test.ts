import { addDays, isTimeZone, localDate, planRange, planStartDate } from '../../runtime/plan-date.js';

describe('plan dates of nightly runs', () => {
  test('the local date follows the zone, not UTC', () => {
    const instant = new Date('2026-03-28T23:30:00Z');
    expect(localDate(instant, 'UTC')).toBe('2026-03-28');
    expect(localDate(instant, 'Europe/Paris')).toBe('2026-03-29');
    expect(localDate(instant, 'America/Los_Angeles')).toBe('2026-03-28');
  });

  test('a run plans from the day after its local date by default, across month and year ends', () => {
    expect(planStartDate(new Date('2026-12-31T01:00:00Z'), 'Europe/Paris', 1)).toBe('2027-01-01');
    expect(planStartDate(new Date('2028-02-28T12:00:00Z'), 'UTC', 1)).toBe('2028-02-29');
    expect(planStartDate(new Date('2026-06-10T05:00:00Z'), 'Asia/Tokyo', 0)).toBe('2026-06-10');
  });

  test('ranges are inclusive', () => {
    expect(planRange('2026-12-30', 1)).toEqual({ start: '2026-12-30', end: '2026-12-30' });
    expect(planRange('2026-12-30', 3)).toEqual({ start: '2026-12-30', end: '2027-01-01' });
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  test('unknown zones and malformed dates are refused', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });
});
