import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';

/** Which CSV columns hold an address: one free-text column, or its parts. */
export interface AddressColumns {
  query?: string;
  houseNumber?: string;
  street?: string;
  postcode?: string;
  city?: string;
  country?: string;
}

export interface CsvTable {
  headers: string[];
  rows: Record<string, string>[];
}

export function readCsv(file: string, delimiter: string): CsvTable {
  const rows = parse(readFileSync(file), {
    columns: true,
    skip_empty_lines: true,
    bom: true,
    delimiter,
    trim: true,
    relax_column_count: true,
  }) as Record<string, string>[];
  const headers = rows.length ? Object.keys(rows[0]!) : [];
  return { headers, rows };
}

/** The free-text column when none is named: a column called address or query, in any case. */
export function resolveColumns(columns: AddressColumns, headers: readonly string[]): AddressColumns {
  const named = Object.values(columns).filter((c): c is string => typeof c === 'string');
  const missing = named.filter((c) => !headers.includes(c));
  if (missing.length) throw new Error(`no column ${missing.map((c) => `"${c}"`).join(', ')} in the file (columns: ${headers.join(', ')})`);
  if (columns.query || columns.street) return columns;
  const guess = headers.find((h) => /^(address|query)$/i.test(h));
  if (!guess)
    throw new Error(
      'name the address column (--query-column) or its parts (--street-column, --house-number-column, --postcode-column, --city-column)',
    );
  return { ...columns, query: guess };
}

/** The query text of a row: the free-text column, or "number street, postcode city". */
export function addressText(row: Record<string, string>, columns: AddressColumns): string {
  if (columns.query) return row[columns.query] ?? '';
  const part = (name: string | undefined): string => (name ? (row[name] ?? '').trim() : '');
  const first = [part(columns.houseNumber), part(columns.street)].filter(Boolean).join(' ');
  const second = [part(columns.postcode), part(columns.city)].filter(Boolean).join(' ');
  return [first, second].filter(Boolean).join(', ');
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvText(headers: readonly string[], rows: readonly Record<string, string>[]): string {
  return [headers, ...rows.map((row) => headers.map((h) => row[h] ?? ''))].map((cells) => cells.map(csvField).join(',')).join('\n') + '\n';
}
