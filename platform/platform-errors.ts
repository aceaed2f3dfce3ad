/**
 * The platform itself is set up wrongly (a file or table missing, an output file wayplan cannot
 * read back): retrying does not help, a person has to look.
 */
export class PlatformSetupError extends Error {}

/**
 * A connection attempt to the platform's database outlasted the connect timeout. The message names
 * the host for the worker's log and the command line; clients get publicPlatformFault's wording.
 */
export class PlatformConnectTimeoutError extends Error {
  constructor(
    host: string,
    readonly timeoutMs: number,
  ) {
    super(`connecting to the platform database at ${host} timed out after ${seconds(timeoutMs)}`);
  }
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

export class UnknownTerritoryError extends Error {
  constructor(readonly territory: string) {
    super(`no territory "${territory}"`);
  }
}

const networkFaults: Record<string, string> = {
  ECONNREFUSED: 'the platform database refused the connection',
  ECONNRESET: 'the connection to the platform was reset',
  ENOTFOUND: 'the platform host name does not resolve',
  EAI_AGAIN: 'the platform host name does not resolve',
  ETIMEDOUT: 'the platform did not answer in time',
  EHOSTUNREACH: 'the platform host is unreachable',
  ENETUNREACH: 'the platform network is unreachable',
  ENOENT: 'a file or folder of the connection is missing',
  EACCES: 'the worker may not read or write a file of the connection',
  EPERM: 'the worker may not read or write a file of the connection',
};

/** PostgreSQL error codes (SQLSTATE), and their classes (its first two characters), that describe the platform database's side. */
const databaseFaults: Record<string, string> = {
  '57014': 'a statement on the platform database ran longer than the statement timeout or was cancelled there',
  '08': 'the platform database connection failed',
  '28': 'the platform database refused the credentials',
  '3D': 'the platform database does not exist',
  '53': 'the platform database is out of resources',
  '57': 'the platform database is shutting down or cancelled the statement',
};

/**
 * What a client may read about a platform fault of the moment: the kind of failure, never the
 * driver's own message, which names hosts, ports, files and database users (the worker's log has
 * it whole).
 */
export function publicPlatformFault(err: unknown): string {
  if (err instanceof PlatformConnectTimeoutError) return `connecting to the platform database timed out after ${seconds(err.timeoutMs)}`;
  const code = (err as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') {
    const known =
      networkFaults[code] ?? (/^[0-9A-Z]{5}$/.test(code) ? (databaseFaults[code] ?? databaseFaults[code.slice(0, 2)]) : undefined);
    if (known !== undefined) return known;
  }
  return 'the platform failed unexpectedly';
}
