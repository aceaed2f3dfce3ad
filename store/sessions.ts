import { createHash, randomUUID } from 'node:crypto';
import type { Pool } from './db.js';
import type { Identity } from './users.js';

function hashSessionId(id: string): Buffer {
  return createHash('sha256').update(id).digest();
}

/**
 * Login sessions: each use extends a session by the inactivity TTL, but never past `maxAgeSeconds`
 * after login. Expired sessions are deleted at each login, so the table holds little more than the
 * live ones.
 */
export class SessionStore {
  constructor(
    private readonly pool: Pool,
    private readonly ttlSeconds: number,
    private readonly maxAgeSeconds: number,
  ) {}

  async create(identity: Identity): Promise<string> {
    await this.deleteExpired();
    const id = randomUUID();
    await this.pool.query(
      `INSERT INTO sessions(id_hash, account, user_name, expires_time) VALUES ($1, $2, $3, now() + make_interval(secs => LEAST($4::float8, $5::float8)))`,
      [hashSessionId(id), identity.account, identity.user, this.ttlSeconds, this.maxAgeSeconds],
    );
    return id;
  }

  /** The session's identity, extending its lifetime by the TTL up to its absolute limit; undefined when unknown or expired. */
  async touch(id: string): Promise<Identity | undefined> {
    const result = await this.pool.query(
      `UPDATE sessions s SET expires_time = LEAST(now() + make_interval(secs => $2::float8), s.created_time + make_interval(secs => $3::float8))
         FROM users u
        WHERE s.id_hash = $1 AND s.expires_time > now() AND u.account = s.account AND u.name = s.user_name
        RETURNING s.account, s.user_name, u.role`,
      [hashSessionId(id), this.ttlSeconds, this.maxAgeSeconds],
    );
    const row = result.rows[0];
    return row ? { account: row.account, user: row.user_name, role: row.role } : undefined;
  }

  /** Logout: the session is gone whether or not it was still valid. */
  async end(id: string): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE id_hash = $1', [hashSessionId(id)]);
  }

  async deleteExpired(): Promise<number> {
    const result = await this.pool.query('DELETE FROM sessions WHERE expires_time <= now()');
    return result.rowCount ?? 0;
  }
}
