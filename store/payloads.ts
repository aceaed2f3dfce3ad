import { randomId } from './ids.js';
import type { Pool } from './db.js';

export class UnknownPayloadError extends Error {
  constructor(readonly id: string) {
    super(`no payload ${id}`);
  }
}

/** A new payload id: 16 random bytes, URL-safe base64. */
export function newPayloadId(): string {
  return randomId(16);
}

/**
 * Stores a large value (a task's request or result, a pulled problem, a plan) and answers its id,
 * so that workflows pass a short reference instead of megabytes through Temporal history and task
 * rows stay small. `kind` says what it is (e.g. `request`, `problem`, `build_result`); payloads
 * are immutable.
 */
export async function putPayload(pool: Pool, account: string, kind: string, value: unknown): Promise<string> {
  const id = newPayloadId();
  await pool.query('INSERT INTO payloads(id, account, kind, body) VALUES ($1, $2, $3, $4)', [id, account, kind, JSON.stringify(value)]);
  return id;
}

/** The value stored under `id` for this account; another account's payload is as missing as none. */
export async function getPayload<T>(pool: Pool, account: string, id: string): Promise<T> {
  const result = await pool.query<{ body: string }>('SELECT body FROM payloads WHERE id = $1 AND account = $2', [id, account]);
  const row = result.rows[0];
  if (!row) throw new UnknownPayloadError(id);
  return JSON.parse(row.body) as T;
}
