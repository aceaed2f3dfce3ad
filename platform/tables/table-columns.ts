import type { RowFault } from '../connector.js';

/**
 * The tables a fleet platform exposes, shared by every connector: a CSV folder has one file per
 * table (`<name>.csv`), a PostgreSQL schema one table per name. Columns marked required must be
 * present in the header; the rest may be left out. Documented with examples in platform/FORMATS.md.
 */
export const INPUT_TABLES = {
  territories: { required: ['id'], optional: ['name', 'timezone'] },
  depots: { required: ['id', 'territory'], optional: ['name', 'address', 'country', 'lat', 'lon'] },
  vehicles: {
    required: ['id', 'territory'],
    optional: ['name', 'depot', 'vehicle_type', 'load_capacity', 'cost_per_km', 'fixed_cost', 'attributes'],
  },
  shifts: {
    required: ['id', 'territory'],
    optional: ['name', 'start_time', 'end_time', 'break_start', 'break_length', 'max_working_time', 'normal_working_time'],
  },
  shift_patterns: { required: ['id', 'territory', 'days'], optional: ['name'] },
  drivers: {
    required: ['id', 'territory'],
    optional: [
      'name',
      'depot',
      'vehicle',
      'shift_pattern',
      'pattern_start_date',
      'pattern_end_date',
      'attributes',
      'cost_per_hour',
      'overtime_cost_per_hour',
    ],
  },
  jobs: {
    required: ['id', 'territory'],
    optional: [
      'name',
      'address',
      'country',
      'lat',
      'lon',
      'date',
      'time_window_start',
      'time_window_end',
      'time_on_site',
      'load',
      'required_driver_attributes',
      'notes',
    ],
  },
  schedules: {
    required: ['id', 'territory', 'type'],
    optional: [
      'name',
      'interval',
      'frequency',
      'earliest_date',
      'base_date',
      'allowed_days_of_week',
      'address',
      'country',
      'lat',
      'lon',
      'time_window_start',
      'time_window_end',
      'time_on_site',
      'load',
      'notes',
    ],
  },
} as const satisfies Record<string, { required: readonly string[]; optional: readonly string[] }>;

export type InputTable = keyof typeof INPUT_TABLES;

/** Tables that may be absent (no file, no table): they then have no rows. */
export const OPTIONAL_TABLES: ReadonlySet<InputTable> = new Set(['shifts', 'shift_patterns', 'schedules']);

export const ROUTE_COLUMNS = [
  'run_id',
  'territory',
  'route_id',
  'name',
  'date',
  'driver',
  'vehicle',
  'planned_start',
  'stops',
  'jobs',
  'distance_meters',
  'driving_time',
  'working_time',
  'cost',
  'violations',
] as const;

export const STOP_COLUMNS = [
  'run_id',
  'territory',
  'route_id',
  'sequence',
  'stop_id',
  'type',
  'job',
  'arrival',
  'location',
  'distance_to_meters',
  'time_to',
  'idle_time',
  'time_on_site',
  'violations',
] as const;

export type RouteRow = Record<(typeof ROUTE_COLUMNS)[number], string>;
export type StopRow = Record<(typeof STOP_COLUMNS)[number], string>;

/** One row as read: cell text by column name, and where it came from (for RowFault). */
export interface SourceRow {
  line: number | string;
  cells: Record<string, string>;
}

/** A table as read: its rows, and faults of rows that could not even be split into cells. */
export interface SourceTable {
  source: string;
  /** Column names in the header (CSV) or the table definition (PostgreSQL). */
  columns: string[];
  rows: SourceRow[];
  faults: RowFault[];
}
