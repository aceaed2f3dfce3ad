import fc from 'fast-check';
import { slotDays, slotOfDay } from '../../../engine/calendar/schedule-recurrence.js';
import { visits } from './calendar-fixtures.js';

// Every date below is worked out by hand from RECURRENCE.md. Days of the week used: 2001-01-01 Mon,
// 2023-12-31 Sun, 2024-01-01 Mon, 2024-01-06 Sat, 2024-02-29 Thu, 2024-03-01 Fri.

interface Case {
  name: string;
  schedule: Record<string, unknown>;
  window: [string, string];
  expected: string[];
}

const cases: Record<string, Case[]> = {
  daily: [
    {
      name: 'every day across 29 February',
      schedule: { type: 'daily', earliest_date: '2024-02-27' },
      window: ['2024-02-27', '2024-03-02'],
      expected: ['0: 2024-02-27', '1: 2024-02-28', '2: 2024-02-29', '3: 2024-03-01', '4: 2024-03-02'],
    },
    {
      name: 'every 3 days without base date: blocks of 3 days',
      schedule: { type: 'daily', interval: 3, earliest_date: '2024-02-27' },
      window: ['2024-02-27', '2024-03-06'],
      expected: ['0: 2024-02-27..2024-02-29', '1: 2024-03-01..2024-03-03', '2: 2024-03-04..2024-03-06'],
    },
    {
      name: 'every 3 days in step with a base date before earliest_date',
      schedule: { type: 'daily', interval: 3, base_date: '2024-02-20', earliest_date: '2024-02-27' },
      window: ['2024-02-27', '2024-03-06'],
      expected: ['0: 2024-02-29 (2024-02-29)', '1: 2024-03-03 (2024-03-03)', '2: 2024-03-06 (2024-03-06)'],
    },
    {
      name: 'variance across the new year, never before earliest_date',
      schedule: {
        type: 'daily',
        base_date: '2024-12-30',
        earliest_date: '2024-12-30',
        allowed_variance_before: 1,
        allowed_variance_after: 2,
      },
      window: ['2024-12-30', '2025-01-01'],
      expected: [
        '0: 2024-12-30 (2024-12-30..2025-01-01)',
        '1: 2024-12-31 (2024-12-30..2025-01-02)',
        '2: 2025-01-01 (2024-12-31..2025-01-03)',
      ],
    },
    {
      name: 'weekdays only: weekend ordinals are out of range',
      schedule: { type: 'daily', earliest_date: '2024-03-01', allowed_days_of_week: ['mon', 'tue', 'wed', 'thu', 'fri'] },
      window: ['2024-03-01', '2024-03-05'],
      expected: ['0: 2024-03-01', '3: 2024-03-04', '4: 2024-03-05'],
    },
  ],
  weekly: [
    {
      name: "the reference's example: Sunday-to-Saturday weeks from earliest_date",
      schedule: { type: 'weekly', earliest_date: '2001-01-01' },
      window: ['2001-01-01', '2001-01-20'],
      expected: ['0: 2001-01-01..2001-01-06', '1: 2001-01-07..2001-01-13', '2: 2001-01-14..2001-01-20'],
    },
    {
      name: 'every 2 weeks on the base date Wednesday',
      schedule: { type: 'weekly', interval: 2, base_date: '2024-01-03', earliest_date: '2024-01-01' },
      window: ['2024-01-01', '2024-02-10'],
      expected: ['0: 2024-01-03 (2024-01-03)', '1: 2024-01-17 (2024-01-17)', '2: 2024-01-31 (2024-01-31)'],
    },
    {
      name: 'a base date weeks before earliest_date only sets the weekday',
      schedule: { type: 'weekly', base_date: '2023-11-01', earliest_date: '2024-01-01' },
      window: ['2024-01-01', '2024-01-14'],
      expected: ['0: 2024-01-03 (2024-01-03)', '1: 2024-01-10 (2024-01-10)'],
    },
    {
      name: 'a target on the Sunday before earliest_date is out of range',
      schedule: { type: 'weekly', base_date: '2023-12-31', earliest_date: '2024-01-01' },
      window: ['2024-01-01', '2024-01-14'],
      expected: ['1: 2024-01-07 (2024-01-07)', '2: 2024-01-14 (2024-01-14)'],
    },
    {
      name: 'variance widens the week, clipped at earliest_date',
      schedule: { type: 'weekly', earliest_date: '2001-01-01', allowed_variance_before: 1, allowed_variance_after: 1 },
      window: ['2001-01-01', '2001-01-07'],
      expected: ['0: 2001-01-01..2001-01-07', '1: 2001-01-06..2001-01-14'],
    },
    {
      name: 'a first week without an allowed day is out of range',
      schedule: { type: 'weekly', earliest_date: '2001-01-01', allowed_days_of_week: ['sun'] },
      window: ['2001-01-01', '2001-01-14'],
      expected: ['1: 2001-01-07..2001-01-13', '2: 2001-01-14..2001-01-20'],
    },
  ],
  monthly_by_day_of_month: [
    {
      name: 'the 31st falls back to the last day of shorter months (leap year)',
      schedule: { type: 'monthly_by_day_of_month', base_date: '2024-01-31', earliest_date: '2024-01-01' },
      window: ['2024-01-01', '2024-04-30'],
      expected: ['0: 2024-01-31 (2024-01-31)', '1: 2024-02-29 (2024-02-29)', '2: 2024-03-31 (2024-03-31)', '3: 2024-04-30 (2024-04-30)'],
    },
    {
      name: 'the 31st in a common year: 28 February',
      schedule: { type: 'monthly_by_day_of_month', base_date: '2023-01-31', earliest_date: '2023-01-01' },
      window: ['2023-02-01', '2023-02-28'],
      expected: ['1: 2023-02-28 (2023-02-28)'],
    },
    {
      name: 'the 29th: 29 February in 2024, 28 February in 2025',
      schedule: { type: 'monthly_by_day_of_month', interval: 12, base_date: '2024-02-29', earliest_date: '2024-02-01' },
      window: ['2024-02-01', '2026-03-31'],
      expected: ['0: 2024-02-29 (2024-02-29)', '1: 2025-02-28 (2025-02-28)', '2: 2026-02-28 (2026-02-28)'],
    },
    {
      name: 'every 2 months in step with the base month',
      schedule: { type: 'monthly_by_day_of_month', interval: 2, base_date: '2024-03-15', earliest_date: '2024-01-10' },
      window: ['2024-01-01', '2024-06-30'],
      expected: ['0: 2024-01-15 (2024-01-15)', '1: 2024-03-15 (2024-03-15)', '2: 2024-05-15 (2024-05-15)'],
    },
    {
      name: 'every 3 months without base date: quarters from the month of earliest_date, across the year end',
      schedule: { type: 'monthly_by_day_of_month', interval: 3, earliest_date: '2024-11-15' },
      window: ['2024-11-01', '2025-07-31'],
      expected: ['0: 2024-11-15..2025-01-31', '1: 2025-02-01..2025-04-30', '2: 2025-05-01..2025-07-31'],
    },
  ],
  monthly_by_day_of_week: [
    {
      name: 'the 2nd Tuesday',
      schedule: { type: 'monthly_by_day_of_week', base_date: '2024-01-09', earliest_date: '2024-01-01' },
      window: ['2024-01-01', '2024-03-31'],
      expected: ['0: 2024-01-09 (2024-01-09)', '1: 2024-02-13 (2024-02-13)', '2: 2024-03-12 (2024-03-12)'],
    },
    {
      name: 'the 5th Monday falls back to the last Monday',
      schedule: { type: 'monthly_by_day_of_week', base_date: '2024-01-29', earliest_date: '2024-01-01' },
      window: ['2024-01-01', '2024-04-30'],
      expected: ['0: 2024-01-29 (2024-01-29)', '1: 2024-02-26 (2024-02-26)', '2: 2024-03-25 (2024-03-25)', '3: 2024-04-29 (2024-04-29)'],
    },
    {
      name: '29 February 2024 is the 5th Thursday',
      schedule: { type: 'monthly_by_day_of_week', base_date: '2024-02-29', earliest_date: '2024-02-01' },
      window: ['2024-02-01', '2024-05-31'],
      expected: ['0: 2024-02-29 (2024-02-29)', '1: 2024-03-28 (2024-03-28)', '2: 2024-04-25 (2024-04-25)', '3: 2024-05-30 (2024-05-30)'],
    },
    {
      name: 'without base date: calendar months from earliest_date',
      schedule: { type: 'monthly_by_day_of_week', earliest_date: '2024-02-10' },
      window: ['2024-02-01', '2024-03-31'],
      expected: ['0: 2024-02-10..2024-02-29', '1: 2024-03-01..2024-03-31'],
    },
  ],
  times_per_week: [
    {
      name: 'three times a week, base Friday: Monday, Wednesday, Friday',
      schedule: { type: 'times_per_week', frequency: 3, base_date: '2001-01-05', earliest_date: '2001-01-01' },
      window: ['2001-01-01', '2001-01-08'],
      expected: ['0: 2001-01-01 (2001-01-01)', '1: 2001-01-03 (2001-01-03)', '2: 2001-01-05 (2001-01-05)', '3: 2001-01-08 (2001-01-08)'],
    },
    {
      name: 'three times a week without base date from a Saturday: the first two slots are past',
      schedule: { type: 'times_per_week', frequency: 3, earliest_date: '2024-01-06' },
      window: ['2024-01-01', '2024-01-10'],
      expected: ['2: 2024-01-06', '3: 2024-01-07..2024-01-08', '4: 2024-01-09..2024-01-10'],
    },
    {
      name: 'twice a week, base Saturday: offset 3 in Wed..Sat is cut to Tuesday in Sun..Tue',
      schedule: { type: 'times_per_week', frequency: 2, base_date: '2024-01-06', earliest_date: '2024-01-01' },
      window: ['2024-01-01', '2024-01-13'],
      expected: ['0: 2024-01-02 (2024-01-02)', '1: 2024-01-06 (2024-01-06)', '2: 2024-01-09 (2024-01-09)', '3: 2024-01-13 (2024-01-13)'],
    },
    {
      name: 'more visits than days share days',
      schedule: { type: 'times_per_week', frequency: 10, earliest_date: '2024-01-07' },
      window: ['2024-01-07', '2024-01-13'],
      expected: [
        '0: 2024-01-07',
        '1: 2024-01-07',
        '2: 2024-01-08',
        '3: 2024-01-09',
        '4: 2024-01-09',
        '5: 2024-01-10',
        '6: 2024-01-11',
        '7: 2024-01-11',
        '8: 2024-01-12',
        '9: 2024-01-13',
      ],
    },
  ],
  times_per_month: [
    {
      name: 'twice a month without base date: halves of February 2024 (29 days) and March',
      schedule: { type: 'times_per_month', frequency: 2, earliest_date: '2024-02-01' },
      window: ['2024-02-01', '2024-03-31'],
      expected: ['0: 2024-02-01..2024-02-14', '1: 2024-02-15..2024-02-29', '2: 2024-03-01..2024-03-15', '3: 2024-03-16..2024-03-31'],
    },
    {
      name: 'twice a month, base the 20th: the 5th and about the 20th',
      schedule: { type: 'times_per_month', frequency: 2, base_date: '2024-01-20', earliest_date: '2024-01-01' },
      window: ['2024-01-01', '2024-03-31'],
      expected: [
        '0: 2024-01-05 (2024-01-05)',
        '1: 2024-01-20 (2024-01-20)',
        '2: 2024-02-05 (2024-02-05)',
        '3: 2024-02-19 (2024-02-19)',
        '4: 2024-03-05 (2024-03-05)',
        '5: 2024-03-20 (2024-03-20)',
      ],
    },
    {
      name: 'once a month on the 31st: month ends',
      schedule: { type: 'times_per_month', base_date: '2024-01-31', earliest_date: '2024-01-01' },
      window: ['2024-01-01', '2024-04-30'],
      expected: ['0: 2024-01-31 (2024-01-31)', '1: 2024-02-29 (2024-02-29)', '2: 2024-03-31 (2024-03-31)', '3: 2024-04-30 (2024-04-30)'],
    },
  ],
  times_per_year: [
    {
      name: 'four times a year without base date in a leap year',
      schedule: { type: 'times_per_year', frequency: 4, earliest_date: '2024-01-01' },
      window: ['2024-01-01', '2024-12-31'],
      expected: ['0: 2024-01-01..2024-03-31', '1: 2024-04-01..2024-07-01', '2: 2024-07-02..2024-09-30', '3: 2024-10-01..2024-12-31'],
    },
    {
      name: 'twice a year at the start of each half: offset 183 of 366 and 182 of 365 are both 2 July',
      schedule: { type: 'times_per_year', frequency: 2, base_date: '2024-07-02', earliest_date: '2024-01-01' },
      window: ['2024-01-01', '2025-12-31'],
      expected: ['0: 2024-01-01 (2024-01-01)', '1: 2024-07-02 (2024-07-02)', '2: 2025-01-01 (2025-01-01)', '3: 2025-07-02 (2025-07-02)'],
    },
    {
      name: 'once a year counts days from 1 January: 1 March becomes 29 February in a leap year',
      schedule: { type: 'times_per_year', base_date: '2025-03-01', earliest_date: '2025-01-01' },
      window: ['2025-01-01', '2028-12-31'],
      expected: ['0: 2025-03-01 (2025-03-01)', '1: 2026-03-01 (2026-03-01)', '2: 2027-03-01 (2027-03-01)', '3: 2028-02-29 (2028-02-29)'],
    },
  ],
};

describe.each(Object.entries(cases))('%s', (_type, table) => {
  test.each(table)('$name', ({ schedule, window, expected }) => {
    expect(visits(schedule, window[0], window[1])).toEqual(expected);
  });
});

describe('windows', () => {
  const weekly = { type: 'weekly', earliest_date: '2001-01-01' };

  test('a visit belongs to the window holding its first possible day, so consecutive windows never share one', () => {
    expect(visits(weekly, '2001-01-01', '2001-01-07')).toEqual(['0: 2001-01-01..2001-01-06', '1: 2001-01-07..2001-01-13']);
    expect(visits(weekly, '2001-01-08', '2001-01-14')).toEqual(['2: 2001-01-14..2001-01-20']);
  });

  test('a visit with a base date belongs to the window holding its target, whatever its variance', () => {
    const schedule = { type: 'weekly', base_date: '2024-01-03', earliest_date: '2024-01-01', allowed_variance_before: 2 };
    expect(visits(schedule, '2024-01-01', '2024-01-02')).toEqual([]);
    expect(visits(schedule, '2024-01-03', '2024-01-03')).toEqual(['0: 2024-01-03 (2024-01-01..2024-01-03)']);
  });

  test('an empty allowed_days_of_week allows no day', () => {
    expect(visits({ type: 'daily', earliest_date: '2024-03-01', allowed_days_of_week: [] }, '2024-03-01', '2024-03-31')).toEqual([]);
  });

  test('nothing before earliest_date; a window far after it starts at the right ordinal', () => {
    expect(visits({ type: 'daily', earliest_date: '2024-03-01' }, '2024-02-01', '2024-02-29')).toEqual([]);
    expect(visits({ type: 'daily', earliest_date: '2000-01-01' }, '2024-03-01', '2024-03-01')).toEqual(['8826: 2024-03-01']);
  });
});

test('slots: every day of a block lies in the last slot that starts on or before it', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 500 }), fc.nat(), (length, frequency, seed) => {
      const block = { start: 1000, end: 1000 + length - 1 };
      const dayNumber = block.start + (seed % length);
      const slot = slotOfDay(block, dayNumber, frequency);
      expect(slotDays(block, slot, frequency).start).toBeLessThanOrEqual(dayNumber);
      if (slot + 1 < frequency) expect(slotDays(block, slot + 1, frequency).start).toBeGreaterThan(dayNumber);
    }),
  );
});
