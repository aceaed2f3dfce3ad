import { driverShiftsOn } from '../../../engine/calendar/driver-shifts.js';
import { formatDate, resolveProblem } from '../../../model/index.js';
import { day, validInstantiateRequest } from './calendar-fixtures.js';

const SHIFTS = [
  { id: 'early', start_time: '06:00', end_time: '14:00' },
  { id: 'late', start_time: '14:00', end_time: '22:00' },
  { id: 'half', start_time: '08:00', end_time: '12:00' },
];

type Body = Record<string, unknown>;

/** The shift ids of driver d1 on each day of [from, to], from a problem with the shifts above. */
function shiftsByDay(problem: Body, from: string, to: string): Record<string, string[]> {
  const resolved = resolveProblem(validInstantiateRequest({ shifts: SHIFTS, ...problem }), 'instantiate');
  const driver = resolved.driversById.get('d1')!;
  const byDay: Record<string, string[]> = {};
  for (let date = day(from); date <= day(to); date++) {
    byDay[formatDate(date)] = driverShiftsOn(driver, resolved.shift_overrides, date).map((shift) => shift.id);
  }
  return byDay;
}

function driver(fields: Body, problem: Body = {}): Body {
  return { ...problem, drivers: [{ id: 'd1', ...fields }] };
}

const threeDays = { id: 'p3', shifts: [['early'], ['early', 'late'], []] };
const tenDays = { id: 'p10', shifts: [['early'], ['early'], ['early'], ['early'], ['early'], [], [], ['late'], ['late'], ['late']] };
const daily = { id: 'daily', shifts: [['early']] };

interface Case {
  name: string;
  problem: Body;
  window: [string, string];
  expected: Record<string, string[]>;
}

const cases: Case[] = [
  {
    name: 'a 3-day pattern with two shifts on a day and a day off, across 29 February',
    problem: driver({ shift_patterns: [{ shift_pattern: 'p3', start_date: '2024-02-27' }] }, { shift_patterns: [threeDays] }),
    window: ['2024-02-26', '2024-03-04'],
    expected: {
      '2024-02-26': [],
      '2024-02-27': ['early'],
      '2024-02-28': ['early', 'late'],
      '2024-02-29': [],
      '2024-03-01': ['early'],
      '2024-03-02': ['early', 'late'],
      '2024-03-03': [],
      '2024-03-04': ['early'],
    },
  },
  {
    name: 'a 10-day pattern restarts on day 10 (2024-02-20 + 10 = 1 March)',
    problem: driver({ shift_patterns: [{ shift_pattern: 'p10', start_date: '2024-02-20' }] }, { shift_patterns: [tenDays] }),
    window: ['2024-02-24', '2024-03-02'],
    expected: {
      '2024-02-24': ['early'],
      '2024-02-25': [],
      '2024-02-26': [],
      '2024-02-27': ['late'],
      '2024-02-28': ['late'],
      '2024-02-29': ['late'],
      '2024-03-01': ['early'],
      '2024-03-02': ['early'],
    },
  },
  {
    name: 'end_date is the last day of the assignment, across the year end',
    problem: driver(
      { shift_patterns: [{ shift_pattern: 'daily', start_date: '2024-12-30', end_date: '2024-12-31' }] },
      { shift_patterns: [daily] },
    ),
    window: ['2024-12-29', '2025-01-01'],
    expected: { '2024-12-29': [], '2024-12-30': ['early'], '2024-12-31': ['early'], '2025-01-01': [] },
  },
  {
    name: 'a later assignment replaces an open-ended one while it is in effect; the old cycle then continues',
    problem: driver(
      {
        shift_patterns: [
          { shift_pattern: 'p3', start_date: '2024-01-01' },
          { shift_pattern: 'daily', start_date: '2024-01-03', end_date: '2024-01-04' },
        ],
      },
      { shift_patterns: [threeDays, daily] },
    ),
    window: ['2024-01-01', '2024-01-06'],
    expected: {
      '2024-01-01': ['early'],
      '2024-01-02': ['early', 'late'],
      '2024-01-03': ['early'],
      '2024-01-04': ['early'],
      '2024-01-05': ['early', 'late'],
      '2024-01-06': [],
    },
  },
  {
    name: 'problem-level day off; a driver-level override wins on the same day',
    problem: driver(
      {
        shift_patterns: [{ shift_pattern: 'daily', start_date: '2024-01-01' }],
        shift_overrides: [{ start_date: '2024-01-03', end_date: '2024-01-03', shift: 'half' }],
      },
      { shift_patterns: [daily], shift_overrides: [{ id: 'holidays', start_date: '2024-01-02', end_date: '2024-01-03', shift: null }] },
    ),
    window: ['2024-01-01', '2024-01-04'],
    expected: { '2024-01-01': ['early'], '2024-01-02': [], '2024-01-03': ['half'], '2024-01-04': ['early'] },
  },
  {
    name: 'a problem-level override replaces a pattern day off too, but ends with the assignment',
    problem: driver(
      { shift_patterns: [{ shift_pattern: 'p3', start_date: '2024-02-27', end_date: '2024-02-29' }] },
      { shift_patterns: [threeDays], shift_overrides: [{ start_date: '2024-02-28', end_date: '2024-03-02', shift: 'half' }] },
    ),
    window: ['2024-02-27', '2024-03-02'],
    expected: { '2024-02-27': ['early'], '2024-02-28': ['half'], '2024-02-29': ['half'], '2024-03-01': [], '2024-03-02': [] },
  },
  {
    name: 'a driver-level override runs past the end of the assignment',
    problem: driver(
      {
        shift_patterns: [{ shift_pattern: 'p3', start_date: '2024-02-27', end_date: '2024-02-29' }],
        shift_overrides: [{ start_date: '2024-02-28', end_date: '2024-03-01', shift: 'half' }],
      },
      { shift_patterns: [threeDays] },
    ),
    window: ['2024-02-27', '2024-03-02'],
    expected: { '2024-02-27': ['early'], '2024-02-28': ['half'], '2024-02-29': ['half'], '2024-03-01': ['half'], '2024-03-02': [] },
  },
  {
    name: 'overrides of one day add up; a null one adds nothing; only nulls is a day off',
    problem: driver(
      {
        shift_patterns: [{ shift_pattern: 'daily', start_date: '2024-01-01' }],
        shift_overrides: [
          { start_date: '2024-01-01', end_date: '2024-01-02', shift: 'early' },
          { start_date: '2024-01-01', end_date: '2024-01-01', shift: 'late' },
          { start_date: '2024-01-02', end_date: '2024-01-03' },
          { start_date: '2024-01-03', end_date: '2024-01-03', shift: null },
        ],
      },
      { shift_patterns: [daily] },
    ),
    window: ['2024-01-01', '2024-01-04'],
    expected: { '2024-01-01': ['early', 'late'], '2024-01-02': ['early'], '2024-01-03': [], '2024-01-04': ['early'] },
  },
  {
    name: 'no assignment: only driver-level overrides give shifts',
    problem: driver(
      { shift_overrides: [{ start_date: '2024-01-02', end_date: '2024-01-02', shift: 'late' }] },
      {
        shift_overrides: [{ start_date: '2024-01-01', end_date: '2024-01-03', shift: 'early' }],
      },
    ),
    window: ['2024-01-01', '2024-01-03'],
    expected: { '2024-01-01': [], '2024-01-02': ['late'], '2024-01-03': [] },
  },
];

test.each(cases)('$name', ({ problem, window, expected }) => {
  expect(shiftsByDay(problem, window[0], window[1])).toEqual(expected);
});
