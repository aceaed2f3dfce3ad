import type { Pool } from './db.js';

/** A folder of CSV files (the nightly file drop); `path` is absolute. */
export interface CsvFolderSettings {
  path: string;
}

/** A schema in any reachable PostgreSQL database; `url` may carry a password. */
export interface PostgresSettings {
  url: string;
  schema: string;
}

interface ConnectionBase {
  account: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

export type PlatformConnection =
  | (ConnectionBase & { kind: 'csv_folder'; settings: CsvFolderSettings })
  | (ConnectionBase & { kind: 'postgres'; settings: PostgresSettings });

export type PlatformConnectionKind = PlatformConnection['kind'];

/** What a new or replaced connection is made of. */
export type PlatformConnectionInput =
  { kind: 'csv_folder'; settings: CsvFolderSettings } | { kind: 'postgres'; settings: PostgresSettings };

export class UnknownConnectionError extends Error {
  constructor(
    readonly account: string,
    readonly connection: string,
  ) {
    super(`no platform connection named "${connection}"`);
  }
}

export class ConnectionExistsError extends Error {
  constructor(
    readonly account: string,
    readonly connection: string,
  ) {
    super(`a platform connection named "${connection}" already exists`);
  }
}

interface ConnectionRow {
  account: string;
  name: string;
  kind: PlatformConnectionKind;
  settings: CsvFolderSettings | PostgresSettings;
  created_at: Date;
  updated_at: Date;
}

function fromRow(row: ConnectionRow): PlatformConnection {
  const base = { account: row.account, name: row.name, createdAt: row.created_at, updatedAt: row.updated_at };
  return row.kind === 'csv_folder'
    ? { ...base, kind: 'csv_folder', settings: row.settings as CsvFolderSettings }
    : { ...base, kind: 'postgres', settings: row.settings as PostgresSettings };
}

/**
 * Adds a connection; `replace` overwrites one of the same name (keeping its creation time), else
 * a name already taken is a ConnectionExistsError.
 */
export async function addPlatformConnection(
  pool: Pool,
  account: string,
  name: string,
  input: PlatformConnectionInput,
  replace = false,
): Promise<PlatformConnection> {
  const conflict = replace
    ? `ON CONFLICT (account, name) DO UPDATE SET kind = EXCLUDED.kind, settings = EXCLUDED.settings,
         updated_at = date_trunc('milliseconds', clock_timestamp())`
    : 'ON CONFLICT DO NOTHING';
  const result = await pool.query<ConnectionRow>(
    `INSERT INTO platform_connections(account, name, kind, settings) VALUES ($1, $2, $3, $4) ${conflict}
     RETURNING account, name, kind, settings, created_at, updated_at`,
    [account, name, input.kind, JSON.stringify(input.settings)],
  );
  const row = result.rows[0];
  if (!row) throw new ConnectionExistsError(account, name);
  return fromRow(row);
}

export async function getPlatformConnection(pool: Pool, account: string, name: string): Promise<PlatformConnection> {
  const result = await pool.query<ConnectionRow>(
    'SELECT account, name, kind, settings, created_at, updated_at FROM platform_connections WHERE account = $1 AND name = $2',
    [account, name],
  );
  const row = result.rows[0];
  if (!row) throw new UnknownConnectionError(account, name);
  return fromRow(row);
}

/** The account's connections by name; `account` undefined lists every account's. */
export async function listPlatformConnections(pool: Pool, account?: string): Promise<PlatformConnection[]> {
  const result = await pool.query<ConnectionRow>(
    `SELECT account, name, kind, settings, created_at, updated_at FROM platform_connections
     WHERE $1::text IS NULL OR account = $1 ORDER BY account, name`,
    [account ?? null],
  );
  return result.rows.map(fromRow);
}

/** Deletes a connection; false when there was none of that name. */
export async function removePlatformConnection(pool: Pool, account: string, name: string): Promise<boolean> {
  const result = await pool.query('DELETE FROM platform_connections WHERE account = $1 AND name = $2', [account, name]);
  return (result.rowCount ?? 0) > 0;
}

/** The settings with secrets replaced by `***`, for anything a person or client sees. */
export function maskedSettings(connection: PlatformConnectionInput): Record<string, string> {
  if (connection.kind === 'csv_folder') return { path: connection.settings.path };
  return { url: maskUrlPassword(connection.settings.url), schema: connection.settings.schema };
}

function maskUrlPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    for (const key of [...parsed.searchParams.keys()]) {
      if (/pass|secret|key|token/i.test(key)) parsed.searchParams.set(key, '***');
    }
    return parsed.toString();
  } catch {
    // Not a URL we can take apart (a libpq keyword string): show nothing that could be a secret.
    return '***';
  }
}
