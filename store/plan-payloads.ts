import { randomId } from '../runtime/ids.js';
import type { Pool } from './db.js';

export class UnknownPlanPayloadError extends Error {
  constructor(readonly id: string) {
    super(`no plan payload ${id}`);
  }
}

/**
 * Stores a large value (a pulled problem, a plan) and answers its id, so workflows pass a short
 * reference instead of megabytes through Temporal history. `kind` says what it is (e.g.
 * `problem`, `plan_response`); payloads are immutable.
 */
export async function putPlanPayload(pool: Pool, account: string, kind: string, value: unknown): Promise<string> {
  const id = randomId(16);
  await pool.query('INSERT INTO plan_payloads(id, account, kind, body) VALUES ($1, $2, $3, $4)', [id, account, kind, JSON.stringify(value)]);
  return id;
}

/** The value stored under `id` for this account; another account's payload is as missing as none. */
export async function getPlanPayload<T>(pool: Pool, account: string, id: string): Promise<T> {
  const result = await pool.query<{ body: string }>('SELECT body FROM plan_payloads WHERE id = $1 AND account = $2', [id, account]);
  const row = result.rows[0];
  if (!row) throw new UnknownPlanPayloadError(id);
  return JSON.parse(row.body) as T;
}
