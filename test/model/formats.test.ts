import {
  civilFromDayNumber,
  dayNumberFromCivil,
  dayOfWeek,
  formatDate,
  formatDatetime,
  formatLatLon,
  formatTimespan,
  parseDate,
  parseDatetime,
  parseLatLon,
  parseLatLonDetailed,
  parseTimespan,
} from '../../model/index.js';
import fc from 'fast-check';

describe('timespan', () => {
  it.each([
    ['04:30', 16_200],
    ['01:05:10', 3910],
    ['00:00:30.5', 30.5],
    ['27:00', 97_200],
    ['1.03:00', 97_200],
    ['1.03:00:00.250', 97_200.25],
    ['-01:30', -5400],
    ['-1.00:00', -86_400],
    ['0:5', 300],
    ['00:00:00.1234567', 0.123],
    ['100:00:00', 360_000],
  ])('parses %s', (text, seconds) => {
    expect(parseTimespan(text)).toBe(seconds);
  });

  it.each(['', '12', '1:60', '01:00:60', '1.24:00', 'aa:bb', '01:00:00.', '+01:00', '01:00:00.12345678', ' 01:00', '9999999999:00'])(
    'rejects %j',
    (text) => {
      expect(parseTimespan(text)).toBeUndefined();
    },
  );

  it.each([
    [0, '00:00:00'],
    [1830, '00:30:32'.replace('32', '30')],
    [1832, '00:30:32'],
    [86_399.4, '23:59:59'],
    [86_400, '1.00:00:00'],
    [97_200, '1.03:00:00'],
    [360_000, '4.04:00:00'],
    [-5400, '-01:30:00'],
    [-97_200, '-1.03:00:00'],
    [30.5, '00:00:31'],
    [30.499, '00:00:30'],
    [-0.0001, '00:00:00'],
  ])('formats %d as %s', (seconds, text) => {
    expect(formatTimespan(seconds)).toBe(text);
  });

  it('prints the wire form and reads it back as the value rounded to the second', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (ms) => {
        const text = formatTimespan(ms / 1000);
        expect(text).toMatch(/^-?(\d+\.)?\d{2}:\d{2}:\d{2}$/);
        expect(parseTimespan(text)).toBe(Math.sign(ms) * Math.round(Math.abs(ms) / 1000) || 0);
      }),
    );
  });
});

describe('date', () => {
  it.each([
    ['1970-01-01', 0],
    ['1970-1-2', 1],
    ['1969-12-31', -1],
    ['2000-02-29', 11_016],
    ['2016-1-18', 16_818],
    ['2024-03-01', 19_783],
    ['2024-03-01T00:00:00', 19_783],
  ])('parses %s', (text, day) => {
    expect(parseDate(text)).toBe(day);
  });

  it.each([
    '2023-02-29',
    '1900-02-29',
    '2024-13-01',
    '2024-00-10',
    '2024-04-31',
    '2024-1-32',
    '24-01-01',
    '2024/01/01',
    '2024-01-01T10:00:00',
    '0000-01-01',
  ])('rejects %s', (text) => {
    expect(parseDate(text)).toBeUndefined();
  });

  it('accepts leap days on leap years only', () => {
    expect(parseDate('2000-02-29')).toBeDefined();
    expect(parseDate('2024-02-29')).toBeDefined();
    expect(parseDate('2100-02-29')).toBeUndefined();
  });

  it('steps across month and year ends one day at a time', () => {
    expect(parseDate('2024-02-29')! + 1).toBe(parseDate('2024-03-01'));
    expect(parseDate('2023-02-28')! + 1).toBe(parseDate('2023-03-01'));
    expect(parseDate('2023-12-31')! + 1).toBe(parseDate('2024-01-01'));
    expect(parseDate('2024-04-30')! + 1).toBe(parseDate('2024-05-01'));
    expect(formatDate(parseDate('2024-1-31')! + 30)).toBe('2024-03-01');
  });

  it('agrees with the UTC calendar of Date for four centuries', () => {
    fc.assert(
      fc.property(fc.integer({ min: -200_000, max: 200_000 }), (day) => {
        const expected = new Date(day * 86_400_000).toISOString().slice(0, 10);
        expect(formatDate(day)).toBe(expected);
        expect(parseDate(expected)).toBe(day);
        expect(dayNumberFromCivil(civilFromDayNumber(day))).toBe(day);
      }),
    );
  });

  it('names weekdays', () => {
    expect(dayOfWeek(0)).toBe('thu');
    expect(dayOfWeek(parseDate('2024-03-04')!)).toBe('mon');
    expect(dayOfWeek(-1)).toBe('wed');
  });
});

describe('datetime', () => {
  it('parses and formats zone-less datetimes', () => {
    expect(parseDatetime('1970-01-02T01:00:00')).toBe(90_000);
    expect(parseDatetime('2016-1-18T08:30')).toBe(16_818 * 86_400 + 30_600);
    expect(formatDatetime(90_000)).toBe('1970-01-02T01:00:00');
    expect(formatDatetime(90_000.5)).toBe('1970-01-02T01:00:01');
    expect(formatDatetime(90_000.499)).toBe('1970-01-02T01:00:00');
    expect(formatDatetime(-1)).toBe('1969-12-31T23:59:59');
  });

  it.each(['2024-01-01', '2024-01-01T24:00:00', '2024-01-01T10:00:00Z', '2024-01-01T10:00:00+01:00', '2024-02-30T10:00'])(
    'rejects %s',
    (text) => {
      expect(parseDatetime(text)).toBeUndefined();
    },
  );
});

describe('latlon', () => {
  it('parses with or without the space and prints without it', () => {
    expect(parseLatLon('-36.8485, 174.7633')).toEqual({ lat: -36.8485, lon: 174.7633 });
    expect(parseLatLon('-36.8485,174.7633')).toEqual({ lat: -36.8485, lon: 174.7633 });
    expect(formatLatLon({ lat: -36.8485, lon: 174.7633 })).toBe('-36.8485,174.7633');
  });

  it('tells syntax faults from range faults', () => {
    expect(parseLatLonDetailed('depot 1')).toEqual({ ok: false, fault: 'syntax' });
    expect(parseLatLonDetailed('91, 0')).toEqual({ ok: false, fault: 'range' });
    expect(parseLatLonDetailed('0, -181')).toEqual({ ok: false, fault: 'range' });
    expect(parseLatLonDetailed('1e2, 3')).toEqual({ ok: false, fault: 'syntax' });
  });
});
