import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { DateRange } from '../../model/types/common.js';
import type { PlatformConnector, PullResult, SyncPlan, SyncResult, Territory } from '../connector.js';
import { PlatformSetupError } from '../platform-errors.js';
import { assembleProblem, readTerritories, type SourceTables } from '../tables/assemble-problem.js';
import { planRows, routeCells, stopCells } from '../tables/plan-rows.js';
import { INPUT_TABLES, OPTIONAL_TABLES, ROUTE_COLUMNS, STOP_COLUMNS, type InputTable, type SourceTable } from '../tables/table-columns.js';
import { writeFileAtomic } from './atomic-write.js';
import { withFolderLock } from './folder-lock.js';
import { readCsvTable } from './read-csv-table.js';

async function readText(path: string, signal?: AbortSignal): Promise<string | undefined> {
  try {
    return await readFile(path, { encoding: 'utf8', signal });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Output rows as cell arrays in our column order, whatever order the file's header has. */
function readOutput(text: string | undefined, file: string, columns: readonly string[]): string[][] {
  if (text === undefined) return [];
  const [header, ...records] = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  if (header === undefined) return [];
  const positions = columns.map((column) => header.indexOf(column));
  const missing = columns.filter((_, i) => positions[i] === -1);
  // Someone else's file, or an older layout: never overwrite what we cannot read back.
  if (missing.length > 0)
    throw new PlatformSetupError(`${file} lacks the columns ${missing.join(', ')}; move it away to let wayplan write a new one`);
  return records.map((record) => positions.map((position) => record[position] ?? ''));
}

function sameRows(a: readonly string[][], b: readonly string[][]): boolean {
  return a.length === b.length && a.every((row, i) => row.length === b[i]!.length && row.every((cell, j) => cell === b[i]![j]));
}

function toCsv(columns: readonly string[], rows: readonly string[][]): string {
  return stringify([[...columns], ...rows]);
}

/**
 * A folder of CSV files, the nightly file drop (platform/FORMATS.md): reads the input tables,
 * writes routes.csv and stops.csv. Every call reads the files afresh.
 */
export class CsvFolderConnector implements PlatformConnector {
  constructor(readonly folder: string) {}

  private async table(name: InputTable, signal?: AbortSignal): Promise<SourceTable> {
    const file = `${name}.csv`;
    const text = await readText(join(this.folder, file), signal);
    if (text === undefined) {
      if (OPTIONAL_TABLES.has(name)) return { source: file, columns: [...INPUT_TABLES[name].required], rows: [], faults: [] };
      throw new PlatformSetupError(`${file} does not exist in the connection's folder`);
    }
    return readCsvTable(text, file);
  }

  async listTerritories(): Promise<Territory[]> {
    return readTerritories(await this.table('territories'));
  }

  async pull(territory: string, range: DateRange, signal?: AbortSignal): Promise<PullResult> {
    const names = Object.keys(INPUT_TABLES) as InputTable[];
    const tables = await Promise.all(names.map((name) => this.table(name, signal)));
    return assembleProblem(Object.fromEntries(names.map((name, i) => [name, tables[i]!])) as SourceTables, territory, range);
  }

  async sync(plan: SyncPlan, signal?: AbortSignal): Promise<SyncResult> {
    const rows = planRows(plan);
    const routeRows = rows.routes.map(routeCells);
    const stopRows = rows.stops.map(stopCells);
    const routesPath = join(this.folder, 'routes.csv');
    const stopsPath = join(this.folder, 'stops.csv');
    const ofThisRun = (cells: string[]): boolean => cells[0] === plan.runId && cells[1] === plan.territory;
    // Relative to the connection's folder: clients of the API never learn server paths.
    const result = { routes: routeRows.length, stops: stopRows.length, destination: 'routes.csv, stops.csv' };
    return withFolderLock(this.folder, signal, async () => {
      const routes = readOutput(await readText(routesPath, signal), 'routes.csv', ROUTE_COLUMNS);
      const stops = readOutput(await readText(stopsPath, signal), 'stops.csv', STOP_COLUMNS);
      if (sameRows(routes.filter(ofThisRun), routeRows) && sameRows(stops.filter(ofThisRun), stopRows)) {
        return { ...result, unchanged: true };
      }
      // The last point to stop at: once stops.csv is replaced, routes.csv follows it.
      signal?.throwIfAborted();
      // Stops first: a crash between the two renames leaves stops of routes not yet listed, which
      // the retried sync then writes again; never routes without their stops.
      await writeFileAtomic(stopsPath, toCsv(STOP_COLUMNS, [...stops.filter((r) => !ofThisRun(r)), ...stopRows]));
      await writeFileAtomic(routesPath, toCsv(ROUTE_COLUMNS, [...routes.filter((r) => !ofThisRun(r)), ...routeRows]));
      return { ...result, unchanged: false };
    });
  }

  async close(): Promise<void> {}
}
