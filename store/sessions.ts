import { createHash, randomUUID } from 'node:crypto';
import type { Pool } from './db.js';
import type { Identity } from './users.js';

function hashSessionId(id: string): Buffer {
  return createHash('sha256').update(id).digest();
}

export class SessionStore {
  constructor(
    private readonly pool: Pool,
    private readonly ttlSeconds: number,
  ) {}

  async create(identity: Identity): Promise<string> {
    const id = randomUUID();
    await this.pool.query(
      `INSERT INTO sessions(id_hash, account, user_name, expires_time) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [hashSessionId(id), identity.account, identity.user, this.ttlSeconds],
    );
    return id;
  }

  /** The session's identity, extending its lifetime by the TTL; undefined when unknown or expired. */
  async touch(id: string): Promise<Identity | undefined> {
    const result = await this.pool.query(
      `UPDATE sessions s SET expires_time = now() + make_interval(secs => $2)
         FROM users u
        WHERE s.id_hash = $1 AND s.expires_time > now() AND u.account = s.account AND u.name = s.user_name
        RETURNING s.account, s.user_name, u.role`,
      [hashSessionId(id), this.ttlSeconds],
    );
    const row = result.rows[0];
    return row ? { account: row.account, user: row.user_name, role: row.role } : undefined;
  }

  async deleteExpired(): Promise<number> {
    const result = await this.pool.query('DELETE FROM sessions WHERE expires_time <= now()');
    return result.rowCount ?? 0;
  }
}
