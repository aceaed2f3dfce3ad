import { parseDate } from '../../model/formats/date.js';
import type { DateRange } from '../../model/types/common.js';
import type { Depot, Driver, Shift, ShiftPattern, Vehicle } from '../../model/types/fleet.js';
import type { Job, JobTemplate } from '../../model/types/job.js';
import type { Problem } from '../../model/types/problem.js';
import { SCHEDULE_TYPES, type Schedule } from '../../model/types/schedule.js';
import type { AddressToLocate, PullResult, RowFault, Territory } from '../connector.js';
import { UnknownTerritoryError } from '../platform-errors.js';
import { RowReader } from './row-reader.js';
import { INPUT_TABLES, type InputTable, type SourceRow, type SourceTable } from './table-columns.js';

export type SourceTables = Record<InputTable, SourceTable>;

/**
 * The rows of a table that can be read at all: a header lacking a required column makes the whole
 * table unreadable (one fault at the header), because no row of it could be right.
 */
function usableRows(table: SourceTable, name: InputTable, faults: RowFault[]): SourceRow[] {
  // One by one: a file of many bad rows has more faults than a call takes arguments.
  for (const fault of table.faults) faults.push(fault);
  const missing = INPUT_TABLES[name].required.filter((column) => !table.columns.includes(column));
  for (const column of missing) {
    faults.push({ source: table.source, line: 1, column, message: `required column ${column} is missing from the header` });
  }
  return missing.length > 0 ? [] : table.rows;
}

export function readTerritories(table: SourceTable, faults: RowFault[] = []): Territory[] {
  const territories: Territory[] = [];
  const seen = new Set<string>();
  for (const row of usableRows(table, 'territories', faults)) {
    const reader = new RowReader(table.source, row);
    const id = reader.required('id');
    if (id !== undefined && seen.has(id)) reader.fault('id', `territory ${id} is listed twice`);
    const timezone = reader.text('timezone');
    if (timezone !== undefined && !isTimeZone(timezone)) reader.fault('timezone', `"${timezone}" is not an IANA time zone`);
    faults.push(...reader.faults);
    if (!reader.ok || id === undefined) continue;
    seen.add(id);
    const name = reader.text('name');
    territories.push({ id, name: name ?? id, ...(timezone === undefined ? {} : { timezone }) });
  }
  return territories;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Where a place is: coordinates, or an address the pipeline geocodes. */
function placeOf(reader: RowReader): { location?: string; address?: string; country?: string } {
  const location = reader.latLon();
  const address = reader.text('address');
  const country = reader.text('country');
  if (location === undefined && address === undefined && reader.ok) reader.fault('address', 'give an address or lat and lon');
  return {
    ...(location === undefined ? {} : { location }),
    ...(address === undefined ? {} : { address }),
    ...(country === undefined ? {} : { country }),
  };
}

function custom(fields: Record<string, string | undefined>): { custom?: Record<string, string> } {
  const entries = Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return entries.length === 0 ? {} : { custom: Object.fromEntries(entries) };
}

/** Every job field a jobs.csv row and a schedules.csv row share. */
function jobFields(reader: RowReader): { template: JobTemplate; address?: string; country?: string } {
  const name = reader.text('name');
  const place = placeOf(reader);
  const timeWindow = reader.timeWindow('time_window');
  const timeOnSite = reader.timespan('time_on_site');
  const load = reader.number('load');
  const requiredAttributes = reader.list('required_driver_attributes');
  const template: JobTemplate = {
    ...(name === undefined ? {} : { name }),
    ...(place.location === undefined ? {} : { location: place.location }),
    ...(timeWindow === undefined ? {} : { time_window: timeWindow }),
    ...(timeOnSite === undefined ? {} : { time_on_site: timeOnSite }),
    ...(load === undefined ? {} : { load }),
    ...(requiredAttributes === undefined ? {} : { required_driver_attributes: requiredAttributes }),
    ...custom({ address: place.address, notes: reader.text('notes') }),
  };
  return {
    template,
    ...(place.address === undefined ? {} : { address: place.address }),
    ...(place.country === undefined ? {} : { country: place.country }),
  };
}

/**
 * Builds a territory's canonical problem for a date range from the platform tables. Rows of other
 * territories are ignored; a bad row of this territory is left out and reported as a RowFault,
 * and the valid rows are still used. Ids must be unique across all tables (the problem's rule).
 * Jobs dated outside the range are left out; undated jobs, the fleet and schedules are all kept
 * (instantiate picks the days).
 */
export function assembleProblem(tables: SourceTables, territoryId: string, range: DateRange): PullResult {
  const faults: RowFault[] = [];
  const territory = readTerritories(tables.territories, faults).find((t) => t.id === territoryId);
  if (territory === undefined) throw new UnknownTerritoryError(territoryId);
  const firstDay = parseDate(range.start)!;
  const lastDay = parseDate(range.end)!;
  const addresses: AddressToLocate[] = [];
  const usedIds = new Map<string, string>();

  /** The rows of this territory, each with a reader whose id is unique; pushes the reader's faults after `build`. */
  const each = (name: InputTable, build: (reader: RowReader, id: string) => void): void => {
    const table = tables[name];
    for (const row of usableRows(table, name, faults)) {
      const rowTerritory = row.cells.territory?.trim();
      if (rowTerritory !== undefined && rowTerritory !== '' && rowTerritory !== territoryId) continue;
      const reader = new RowReader(table.source, row);
      reader.required('territory');
      const id = reader.required('id');
      if (id !== undefined && usedIds.has(id)) reader.fault('id', `id ${id} is already used (${usedIds.get(id)})`);
      if (reader.ok && id !== undefined) {
        build(reader, id);
        if (reader.ok) usedIds.set(id, `${table.source} line ${row.line}`);
      }
      faults.push(...reader.faults);
    }
  };

  const depots: Depot[] = [];
  const depotLocations = new Map<string, string | undefined>();
  each('depots', (reader, id) => {
    const name = reader.text('name');
    const place = placeOf(reader);
    if (!reader.ok) return;
    depots.push({ id, ...(place.location === undefined ? {} : { location: place.location }), ...custom({ name, address: place.address }) });
    depotLocations.set(id, place.location);
    if (place.location === undefined)
      addresses.push({ kind: 'depot', id, query: place.address!, ...(place.country === undefined ? {} : { country: place.country }) });
  });

  const reference = (
    reader: RowReader,
    column: string,
    known: ReadonlySet<string> | ReadonlyMap<string, unknown>,
    what: string,
  ): string | undefined => {
    const value = reader.text(column);
    if (value !== undefined && !known.has(value)) reader.fault(column, `no ${what} ${value} in this territory`);
    return value;
  };

  const vehicles: Vehicle[] = [];
  const vehicleIds = new Set<string>();
  each('vehicles', (reader, id) => {
    const name = reader.text('name');
    const depot = reference(reader, 'depot', depotLocations, 'depot');
    const vehicleType = reader.text('vehicle_type');
    const loadCapacity = reader.number('load_capacity');
    const costPerKm = reader.number('cost_per_km');
    const fixedCost = reader.number('fixed_cost');
    const attributes = reader.list('attributes');
    if (!reader.ok) return;
    vehicleIds.add(id);
    vehicles.push({
      id,
      ...(name === undefined ? {} : { name }),
      ...(vehicleType === undefined ? {} : { vehicle_type: vehicleType }),
      ...(depot === undefined ? {} : { depot }),
      ...(loadCapacity === undefined ? {} : { load_capacity: loadCapacity }),
      ...(costPerKm === undefined ? {} : { cost_per_km: costPerKm }),
      ...(fixedCost === undefined ? {} : { fixed_cost: fixedCost }),
      ...(attributes === undefined ? {} : { attributes }),
    });
  });

  const shifts: Shift[] = [];
  const shiftIds = new Set<string>();
  each('shifts', (reader, id) => {
    const name = reader.text('name');
    const startTime = reader.timespan('start_time');
    const endTime = reader.timespan('end_time');
    const breakStart = reader.timespan('break_start');
    const breakLength = reader.timespan('break_length');
    const maxWorkingTime = reader.timespan('max_working_time');
    const normalWorkingTime = reader.timespan('normal_working_time');
    if (breakStart !== undefined && breakLength === undefined) reader.fault('break_length', 'a break needs its length');
    if (!reader.ok) return;
    shiftIds.add(id);
    shifts.push({
      id,
      ...(name === undefined ? {} : { name }),
      ...(startTime === undefined ? {} : { start_time: startTime }),
      ...(endTime === undefined ? {} : { end_time: endTime }),
      ...(breakLength === undefined
        ? {}
        : { breaks: [breakStart === undefined ? { length: breakLength } : { start: breakStart, length: breakLength }] }),
      ...(maxWorkingTime === undefined ? {} : { max_working_time: maxWorkingTime }),
      ...(normalWorkingTime === undefined ? {} : { normal_working_time: normalWorkingTime }),
    });
  });

  const patterns: ShiftPattern[] = [];
  const patternIds = new Set<string>();
  each('shift_patterns', (reader, id) => {
    const name = reader.text('name');
    const daysText = reader.required('days');
    if (daysText === undefined) return;
    // `;` between days, `+` between the shifts of one day, `-` or nothing for a day off.
    const days = daysText
      .split(';')
      .map((day) => day.trim())
      .map((day) => (day === '' || day === '-' ? [] : day.split('+').map((s) => s.trim())));
    const unknown = days.flat().filter((shift) => !shiftIds.has(shift));
    if (unknown.length > 0) reader.fault('days', `no shift ${[...new Set(unknown)].join(', ')} in this territory`);
    if (!reader.ok) return;
    patternIds.add(id);
    patterns.push({ id, ...(name === undefined ? {} : { name }), shifts: days });
  });

  const drivers: Driver[] = [];
  each('drivers', (reader, id) => {
    const name = reader.text('name');
    const depot = reference(reader, 'depot', depotLocations, 'depot');
    const vehicle = reference(reader, 'vehicle', vehicleIds, 'vehicle');
    const pattern = reference(reader, 'shift_pattern', patternIds, 'shift pattern');
    const patternStart = reader.date('pattern_start_date');
    const patternEnd = reader.date('pattern_end_date');
    const attributes = reader.list('attributes');
    const costPerHour = reader.number('cost_per_hour');
    const overtimeCostPerHour = reader.number('overtime_cost_per_hour');
    if (pattern !== undefined && patternStart === undefined && reader.ok)
      reader.fault('pattern_start_date', 'a shift pattern needs the date its first day lands on');
    if (pattern === undefined && patternStart !== undefined) reader.fault('shift_pattern', 'pattern_start_date without a shift_pattern');
    if (patternStart !== undefined && patternEnd !== undefined && patternEnd < patternStart)
      reader.fault('pattern_end_date', `${patternEnd} is before pattern_start_date ${patternStart}`);
    if (!reader.ok) return;
    const home = depot === undefined ? undefined : depotLocations.get(depot);
    drivers.push({
      id,
      ...(name === undefined ? {} : { name }),
      ...(attributes === undefined ? {} : { attributes }),
      ...(costPerHour === undefined ? {} : { cost_per_hour: costPerHour }),
      ...(overtimeCostPerHour === undefined ? {} : { overtime_cost_per_hour: overtimeCostPerHour }),
      ...(home === undefined ? {} : { start_location: home, end_location: home }),
      ...(vehicle === undefined ? {} : { preferred_vehicle: vehicle }),
      ...(pattern === undefined
        ? {}
        : {
            shift_patterns: [
              { shift_pattern: pattern, start_date: patternStart!, ...(patternEnd === undefined ? {} : { end_date: patternEnd }) },
            ],
          }),
      // Kept so that a pipeline that geocodes the depot later can give the driver its location.
      ...custom({ depot }),
    });
  });

  const jobs: Job[] = [];
  each('jobs', (reader, id) => {
    const date = reader.date('date');
    const { template, address, country } = jobFields(reader);
    if (!reader.ok) return;
    if (date !== undefined) {
      const day = parseDate(date)!;
      if (day < firstDay || day > lastDay) return;
    }
    jobs.push({ id, ...template, ...(date === undefined ? {} : { date }) });
    if (template.location === undefined)
      addresses.push({ kind: 'job', id, query: address!, ...(country === undefined ? {} : { country }) });
  });

  const schedules: Schedule[] = [];
  each('schedules', (reader, id) => {
    const name = reader.text('name');
    const type = reader.oneOf('type', SCHEDULE_TYPES);
    const interval = reader.number('interval', { integer: true, minimum: 1 });
    const frequency = reader.number('frequency', { integer: true, minimum: 1 });
    const earliestDate = reader.date('earliest_date');
    const baseDate = reader.date('base_date');
    const allowedDays = reader.daysOfWeek('allowed_days_of_week');
    const { template } = jobFields(reader);
    // Jobs a schedule makes exist only after instantiate, too late for the pull's geocoding.
    if (template.location === undefined && reader.ok)
      reader.fault('lat', 'a schedule needs lat and lon: its jobs are made after geocoding');
    if (!reader.ok || type === undefined) return;
    schedules.push({
      id,
      type,
      ...(name === undefined ? {} : { name }),
      ...(interval === undefined ? {} : { interval }),
      ...(frequency === undefined ? {} : { frequency }),
      ...(baseDate === undefined ? {} : { base_date: baseDate }),
      earliest_date: earliestDate ?? range.start,
      ...(allowedDays === undefined ? {} : { allowed_days_of_week: allowedDays }),
      job_template: template,
    });
  });

  const problem: Problem = {
    ...(depots.length ? { depots } : {}),
    ...(vehicles.length ? { vehicles } : {}),
    ...(shifts.length ? { shifts } : {}),
    ...(patterns.length ? { shift_patterns: patterns } : {}),
    ...(drivers.length ? { drivers } : {}),
    ...(jobs.length ? { jobs } : {}),
    ...(schedules.length ? { schedules } : {}),
  };
  return { territory, range, problem, addresses, faults };
}
