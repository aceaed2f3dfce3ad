import pg from 'pg';
import { DatabaseConnectTimeoutError } from './connection-bounds.js';

/**
 * Socket failures: the connection to PostgreSQL could not be made or was lost. They reach callers
 * as Node's own errors (`connect ECONNREFUSED host:port`, `read ETIMEDOUT` once keepalive gives up).
 */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * SQLSTATEs of a server that cannot serve at the moment: class 08 (connection exception), too
 * many clients, and a server shutting down, crashed or starting up.
 */
const unavailableStates = new Set(['53300', '57P01', '57P02', '57P03']);

/** pg's own words for a connection that ended under a query (they name no host). */
const lostConnection = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
]);

function socketCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && socketCodes.has(code) ? code : undefined;
}

/**
 * Whether `err` says that wayplan's PostgreSQL could not be reached or served nothing (refused,
 * timed out, cut, full, restarting), as opposed to a fault of the statement (a SQL error, a
 * constraint): the first is the service being unavailable for a while, the second a bug.
 */
export function databaseUnreachable(err: unknown): boolean {
  if (err instanceof DatabaseConnectTimeoutError) return true;
  if (err instanceof pg.DatabaseError) return err.code?.startsWith('08') === true || unavailableStates.has(err.code ?? '');
  return socketCode(err) !== undefined || (err instanceof Error && lostConnection.has(err.message));
}

/**
 * What failed, in words fit for an unauthenticated client: no host, port, user or database name,
 * which Node's socket errors and many of PostgreSQL's messages carry (the log keeps the error).
 */
export function describeDatabaseFault(err: unknown): string {
  if (err instanceof DatabaseConnectTimeoutError) return `connect timed out after ${err.timeoutMs / 1000} s`;
  if (err instanceof pg.DatabaseError) return `PostgreSQL error ${err.code ?? 'without a code'}`;
  const code = socketCode(err);
  if (code) return `connection failed: ${code}`;
  if (err instanceof Error && lostConnection.has(err.message)) return err.message;
  return 'failed (the log has the error)';
}
