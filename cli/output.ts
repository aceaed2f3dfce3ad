/** Prints rows as an aligned table on a terminal, or as JSON for scripts (`--json`). */
export function printRows(rows: Record<string, unknown>[], json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  if (rows.length === 0) {
    process.stdout.write('(none)\n');
    return;
  }
  const headers = Object.keys(rows[0]!);
  const text = (v: unknown): string =>
    v === undefined || v === null ? '' : v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);
  const widths = headers.map((h) => Math.max(h.length, ...rows.map((r) => text(r[h]).length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  process.stdout.write(`${line(headers)}\n${line(widths.map((w) => '-'.repeat(w)))}\n`);
  for (const row of rows) process.stdout.write(`${line(headers.map((h) => text(row[h])))}\n`);
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
