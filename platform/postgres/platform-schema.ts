import pg from 'pg';
import { INPUT_TABLES, ROUTE_COLUMNS, STOP_COLUMNS, type InputTable } from '../tables/table-columns.js';

export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** Column types of the input tables; columns not listed are text. Time columns are text (`hh:mm[:ss]`). */
const INPUT_COLUMN_TYPES: Record<string, string> = {
  lat: 'double precision',
  lon: 'double precision',
  load_capacity: 'numeric',
  cost_per_km: 'numeric',
  fixed_cost: 'numeric',
  cost_per_hour: 'numeric',
  overtime_cost_per_hour: 'numeric',
  load: 'numeric',
  interval: 'integer',
  frequency: 'integer',
  date: 'date',
  pattern_start_date: 'date',
  pattern_end_date: 'date',
  earliest_date: 'date',
  base_date: 'date',
};

/** Column types of the tables wayplan writes; the rest are text. */
export const OUTPUT_COLUMN_TYPES: Record<string, string> = {
  date: 'date',
  stops: 'integer',
  jobs: 'integer',
  sequence: 'integer',
  distance_meters: 'bigint',
  distance_to_meters: 'bigint',
  cost: 'numeric(14,2)',
};

export function qualified(schema: string, table: string): string {
  return `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(table)}`;
}

function columnDefinitions(columns: readonly string[], types: Record<string, string>, required: readonly string[]): string {
  return columns
    .map((column) => `${pg.escapeIdentifier(column)} ${types[column] ?? 'text'}${required.includes(column) ? ' NOT NULL' : ''}`)
    .join(', ');
}

/** Creates the schema and the input tables (if missing), as FORMATS.md describes them. */
export async function createInputTables(db: Queryable, schema: string): Promise<void> {
  await db.query(`CREATE SCHEMA IF NOT EXISTS ${pg.escapeIdentifier(schema)}`);
  for (const [name, spec] of Object.entries(INPUT_TABLES) as [InputTable, (typeof INPUT_TABLES)[InputTable]][]) {
    const columns = [...spec.required, ...spec.optional];
    await db.query(
      `CREATE TABLE IF NOT EXISTS ${qualified(schema, name)} (${columnDefinitions(columns, INPUT_COLUMN_TYPES, spec.required)})`,
    );
  }
}

/** Creates the routes and stops tables wayplan writes (if missing). */
export async function createOutputTables(db: Queryable, schema: string): Promise<void> {
  await db.query(
    `CREATE TABLE IF NOT EXISTS ${qualified(schema, 'routes')} (${columnDefinitions(ROUTE_COLUMNS, OUTPUT_COLUMN_TYPES, ['run_id', 'territory', 'route_id'])},
       PRIMARY KEY (run_id, territory, route_id))`,
  );
  await db.query(
    `CREATE TABLE IF NOT EXISTS ${qualified(schema, 'stops')} (${columnDefinitions(STOP_COLUMNS, OUTPUT_COLUMN_TYPES, ['run_id', 'territory', 'route_id', 'sequence'])},
       PRIMARY KEY (run_id, territory, route_id, sequence))`,
  );
}

/**
 * Inserts rows given as cell text (as a CSV file holds them) into an input table, each cell cast
 * to its column's type; an empty cell is NULL.
 */
export async function insertInputRows(
  db: Queryable,
  schema: string,
  table: InputTable,
  columns: readonly string[],
  rows: readonly string[][],
): Promise<void> {
  if (rows.length === 0) return;
  const list = columns.map((column) => pg.escapeIdentifier(column)).join(', ');
  const values = columns.map((column, i) => `NULLIF(u.c${i}, '')::${INPUT_COLUMN_TYPES[column] ?? 'text'}`).join(', ');
  const arrays = columns.map((_, i) => `$${i + 1}::text[]`).join(', ');
  const names = columns.map((_, i) => `c${i}`).join(', ');
  await db.query(
    `INSERT INTO ${qualified(schema, table)} (${list}) SELECT ${values} FROM unnest(${arrays}) AS u(${names})`,
    columns.map((_, i) => rows.map((row) => row[i] ?? '')),
  );
}
