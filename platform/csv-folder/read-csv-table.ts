import { parse } from 'csv-parse/sync';
import type { RowFault } from '../connector.js';
import type { SourceTable } from '../tables/table-columns.js';

interface ParsedRecord {
  cells: string[];
  /** Physical line the record ends on (a quoted cell may span lines). */
  endLine: number;
}

/** Offsets where each physical line starts: index 0 is line 1. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function isBlank(text: string, starts: number[], line: number): boolean {
  const from = starts[line - 1]!;
  const to = line < starts.length ? starts[line]! : text.length;
  return text.slice(from, to).trim() === '';
}

/**
 * Every record of a CSV text. A record csv-parse cannot read (a stray or unclosed quote) becomes a
 * fault at its first line, and reading resumes on the next physical line, so one broken record
 * never hides the ones after it.
 */
function parseRecords(text: string, source: string, faults: RowFault[]): ParsedRecord[] {
  const starts = lineStarts(text);
  const records: ParsedRecord[] = [];
  let fromLine = 1;
  while (fromLine <= starts.length) {
    const offset = fromLine - 1;
    let lastEnd = offset;
    try {
      parse(text.slice(starts[offset]!), {
        bom: fromLine === 1,
        relax_column_count: true,
        skip_empty_lines: true,
        on_record: (record: string[], context: { lines: number }) => {
          lastEnd = offset + context.lines;
          records.push({ cells: record, endLine: lastEnd });
          return null;
        },
      });
      return records;
    } catch (err) {
      let badLine = lastEnd + 1;
      while (badLine < starts.length && isBlank(text, starts, badLine)) badLine += 1;
      const reason = err instanceof Error ? err.message.replace(/ at line \d+/, '') : String(err);
      faults.push({ source, line: badLine, message: `unreadable CSV record: ${reason}` });
      fromLine = badLine + 1;
    }
  }
  return records;
}

/**
 * A CSV table: the first record is the header (column names, trimmed); each later record becomes
 * a row keyed by column, numbered by the line it starts on. A record with more or fewer cells than
 * the header is reported, not guessed at.
 */
export function readCsvTable(text: string, source: string): SourceTable {
  const faults: RowFault[] = [];
  const records = parseRecords(text, source, faults);
  const [header, ...body] = records;
  if (header === undefined) return { source, columns: [], rows: [], faults };
  const columns = header.cells.map((cell) => cell.trim());
  const rows: SourceTable['rows'] = [];
  for (const record of body) {
    // A record starts as many lines before its end as its quoted cells hold line breaks.
    const line = record.endLine - record.cells.reduce((sum, cell) => sum + cell.split('\n').length - 1, 0);
    if (record.cells.length !== columns.length) {
      faults.push({ source, line, message: `${record.cells.length} cells where the header has ${columns.length}` });
      continue;
    }
    rows.push({ line, cells: Object.fromEntries(columns.map((column, i) => [column, record.cells[i]!])) });
  }
  return { source, columns, rows, faults };
}
