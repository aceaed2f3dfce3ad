/**
 * The reader of the rows of a SELECT list: each column (or its `AS` name) becomes the camelCase
 * field of the same name, and SQL NULL becomes undefined, so one list of columns states both what
 * a query selects and what record it makes. Columns the list does not name are left out. The
 * record type states what the columns hold; the table's schema is what guarantees it.
 */
export function rowReader<T>(selectList: string): (row: Record<string, unknown>) => T {
  const columns = selectList.split(',').map((item) =>
    item
      .trim()
      .split(/\s+AS\s+/i)
      .at(-1)!,
  );
  const fields = columns.map((column) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()));
  return (row) => {
    const record: Record<string, unknown> = {};
    columns.forEach((column, k) => (record[fields[k]!] = row[column] ?? undefined));
    return record as T;
  };
}
