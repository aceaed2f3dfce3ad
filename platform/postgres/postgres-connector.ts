import pg from 'pg';
import type { DateRange } from '../../model/types/common.js';
import { withCancellableTransaction } from '../../store/db.js';
import type { PlatformConnector, PullResult, SyncPlan, SyncResult, Territory } from '../connector.js';
import { PlatformSetupError } from '../platform-errors.js';
import type { PlatformLimits } from '../platform-limits.js';
import { assembleProblem, readTerritories, type SourceTables } from '../tables/assemble-problem.js';
import { planRows, routeCells, stopCells } from '../tables/plan-rows.js';
import {
  INPUT_TABLES,
  OPTIONAL_TABLES,
  ROUTE_COLUMNS,
  STOP_COLUMNS,
  type InputTable,
  type SourceRow,
  type SourceTable,
} from '../tables/table-columns.js';
import { platformPool, type PlatformPool } from './platform-pool.js';
import { createOutputTables, OUTPUT_COLUMN_TYPES, qualified, type Queryable } from './platform-schema.js';

/** Faults of the database's setup (no such schema, no privilege) rather than of the moment. */
const setupErrorCodes = new Set(['3F000', '42501', '42P01', '42703']);

function permanentAsSetupError(err: unknown): unknown {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && setupErrorCodes.has(code) ? new PlatformSetupError(`schema: ${(err as Error).message}`) : err;
}

/** A cell of any column type as the text a CSV file would hold. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(cellText).join(';');
  return JSON.stringify(value);
}

/** Output column as text, formatted as planRows formats it, so stored and new rows compare equal. */
function readBack(column: string): string {
  const name = pg.escapeIdentifier(column);
  return OUTPUT_COLUMN_TYPES[column] === 'date' ? `coalesce(to_char(${name}, 'YYYY-MM-DD'), '')` : `coalesce(${name}::text, '')`;
}

function insertSql(table: string, columns: readonly string[]): string {
  const list = columns.map((column) => pg.escapeIdentifier(column)).join(', ');
  const values = columns
    .map((column, i) => {
      const type = OUTPUT_COLUMN_TYPES[column];
      return type === undefined ? `u.c${i}` : `NULLIF(u.c${i}, '')::${type}`;
    })
    .join(', ');
  const arrays = columns.map((_, i) => `$${i + 1}::text[]`).join(', ');
  return `INSERT INTO ${table} (${list}) SELECT ${values} FROM unnest(${arrays}) AS u(${columns.map((_, i) => `c${i}`).join(', ')})`;
}

function sortedKeys(rows: readonly string[][]): string[] {
  return rows.map((row) => JSON.stringify(row)).sort();
}

function sameRowSets(a: readonly string[][], b: readonly string[][]): boolean {
  const left = sortedKeys(a);
  const right = sortedKeys(b);
  return left.length === right.length && left.every((row, i) => row === right[i]);
}

/**
 * The platform tables in a schema of any reachable PostgreSQL database (platform/FORMATS.md).
 * Columns may be text or typed; a row's faults name it by its id. wayplan creates and writes
 * only the routes and stops tables.
 */
export class PostgresConnector implements PlatformConnector {
  private readonly connections: PlatformPool;

  constructor(
    url: string,
    readonly schema: string,
    private readonly limits: PlatformLimits,
  ) {
    // Two: one to work on, one to cancel its statement with.
    this.connections = platformPool(url, limits, 2);
  }

  /**
   * Runs `work` in a transaction of its own whose statements the platform database cancels after
   * the statement timeout: a table locked by someone else would otherwise hold one for ever when
   * nobody cancels the task. When `signal` aborts, the connection attempt in progress ends at once,
   * and a running statement is cancelled there (withCancellableTransaction).
   */
  private async transaction<T>(signal: AbortSignal | undefined, work: (client: Queryable) => Promise<T>): Promise<T> {
    // Added before withCancellableTransaction adds its own listener, which opens a connection to
    // cancel the running statement: this one has run by then and leaves that connection be.
    const stopConnecting = (): void => this.connections.stopConnecting(signal?.reason);
    signal?.addEventListener('abort', stopConnecting, { once: true });
    try {
      return await withCancellableTransaction(this.connections.pool, signal, async (client) => {
        // For this transaction only, not as a startup parameter: poolers in front of the database
        // (PgBouncer) refuse those, and a session setting would outlive us on a pooled connection.
        await client.query("SELECT set_config('statement_timeout', $1, true)", [String(Math.round(this.limits.statementTimeoutMs))]);
        return await work(client);
      });
    } finally {
      signal?.removeEventListener('abort', stopConnecting);
    }
  }

  private async table(db: Queryable, name: InputTable): Promise<SourceTable> {
    const columns = await db.query<{ column_name: string }>(
      'SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position',
      [this.schema, name],
    );
    if (columns.rowCount === 0) {
      if (OPTIONAL_TABLES.has(name)) return { source: name, columns: [...INPUT_TABLES[name].required], rows: [], faults: [] };
      throw new PlatformSetupError(`table ${this.schema}.${name} does not exist`);
    }
    const result = await db.query<{ row: Record<string, unknown> }>(`SELECT to_jsonb(t) AS row FROM ${qualified(this.schema, name)} t`);
    const rows: SourceRow[] = result.rows.map(({ row }, index) => {
      const cells = Object.fromEntries(Object.entries(row).map(([column, value]) => [column, cellText(value)]));
      return { line: cells.id || `row ${index + 1}`, cells };
    });
    // Tables have no order; sorting by id makes every pull of the same rows the same problem.
    rows.sort((a, b) => String(a.line).localeCompare(String(b.line)));
    return { source: name, columns: columns.rows.map((c) => c.column_name), rows, faults: [] };
  }

  async listTerritories(): Promise<Territory[]> {
    return readTerritories(await this.transaction(undefined, (client) => this.table(client, 'territories')));
  }

  async pull(territory: string, range: DateRange, signal?: AbortSignal): Promise<PullResult> {
    const names = Object.keys(INPUT_TABLES) as InputTable[];
    const tables = await this.transaction(signal, async (client) => {
      const read: SourceTable[] = [];
      for (const name of names) {
        signal?.throwIfAborted();
        read.push(await this.table(client, name));
      }
      return read;
    });
    return assembleProblem(Object.fromEntries(names.map((name, i) => [name, tables[i]!])) as SourceTables, territory, range);
  }

  async sync(plan: SyncPlan, signal?: AbortSignal): Promise<SyncResult> {
    const rows = planRows(plan);
    const routeRows = rows.routes.map(routeCells);
    const stopRows = rows.stops.map(stopCells);
    const routes = qualified(this.schema, 'routes');
    const stops = qualified(this.schema, 'stops');
    const result = { routes: routeRows.length, stops: stopRows.length, destination: `${this.schema}.routes, ${this.schema}.stops` };
    try {
      return await this.transaction(signal, async (client) => {
        // One sync per schema at a time: creating the tables and replacing a run's rows must not interleave.
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`wayplan-sync:${this.schema}`]);
        await createOutputTables(client, this.schema);
        const key = [plan.runId, plan.territory];
        const storedRoutes = await client.query<{ cells: string[] }>(
          `SELECT ARRAY[${ROUTE_COLUMNS.map(readBack).join(', ')}] AS cells FROM ${routes} WHERE run_id = $1 AND territory = $2`,
          key,
        );
        const storedStops = await client.query<{ cells: string[] }>(
          `SELECT ARRAY[${STOP_COLUMNS.map(readBack).join(', ')}] AS cells FROM ${stops} WHERE run_id = $1 AND territory = $2`,
          key,
        );
        if (
          sameRowSets(
            storedRoutes.rows.map((r) => r.cells),
            routeRows,
          ) &&
          sameRowSets(
            storedStops.rows.map((r) => r.cells),
            stopRows,
          )
        ) {
          return { ...result, unchanged: true };
        }
        // The last point to stop at before writing: past it the run's rows are replaced whole or not at all.
        signal?.throwIfAborted();
        await client.query(`DELETE FROM ${stops} WHERE run_id = $1 AND territory = $2`, key);
        await client.query(`DELETE FROM ${routes} WHERE run_id = $1 AND territory = $2`, key);
        if (routeRows.length > 0)
          await client.query(
            insertSql(routes, ROUTE_COLUMNS),
            ROUTE_COLUMNS.map((_, i) => routeRows.map((row) => row[i]!)),
          );
        if (stopRows.length > 0)
          await client.query(
            insertSql(stops, STOP_COLUMNS),
            STOP_COLUMNS.map((_, i) => stopRows.map((row) => row[i]!)),
          );
        return { ...result, unchanged: false };
      });
    } catch (err) {
      throw permanentAsSetupError(err);
    }
  }

  async close(): Promise<void> {
    await this.connections.pool.end();
  }
}
