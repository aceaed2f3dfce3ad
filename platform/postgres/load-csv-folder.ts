import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type pg from 'pg';
import { withTransaction } from '../../store/db.js';
import { INPUT_TABLES, type InputTable } from '../tables/table-columns.js';
import { createInputTables, insertInputRows, qualified } from './platform-schema.js';

/**
 * Fills a schema's input tables from a CSV folder (replacing their rows), so the same fleet can be
 * served by the PostgreSQL connector. Files that are absent leave their table empty; columns the
 * tables do not have are an error.
 */
export async function loadCsvFolder(pool: pg.Pool, schema: string, folder: string): Promise<Record<InputTable, number>> {
  const counts = {} as Record<InputTable, number>;
  return withTransaction(pool, async (client) => {
    await createInputTables(client, schema);
    for (const name of Object.keys(INPUT_TABLES) as InputTable[]) {
      await client.query(`DELETE FROM ${qualified(schema, name)}`);
      const text = await readFile(join(folder, `${name}.csv`), 'utf8').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return undefined;
        throw err;
      });
      const [header, ...rows] = text === undefined ? [] : (parse(text, { bom: true, skip_empty_lines: true }) as string[][]);
      counts[name] = rows.length;
      if (header === undefined) continue;
      const known: readonly string[] = [...INPUT_TABLES[name].required, ...INPUT_TABLES[name].optional];
      const unknown = header.filter((column) => !known.includes(column));
      if (unknown.length > 0) throw new Error(`${name}.csv has columns the ${name} table lacks: ${unknown.join(', ')}`);
      await insertInputRows(client, schema, name, header, rows);
    }
    return counts;
  });
}
