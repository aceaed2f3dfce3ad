import { createHash } from 'node:crypto';
import { withTransaction, type Pool, type PoolClient } from './db.js';
import { hashPassword, verifyPassword } from './passwords.js';

/** What a user may do in its account (README "Users and roles"); each role includes the ones after it. */
export const roles = ['owner', 'planner', 'viewer'] as const;
export type Role = (typeof roles)[number];

export function isRole(value: string): value is Role {
  return (roles as readonly string[]).includes(value);
}

/** True when `held` includes `needed`: owner > planner > viewer. */
export function roleIncludes(held: Role, needed: Role): boolean {
  return roles.indexOf(held) <= roles.indexOf(needed);
}

export interface Identity {
  account: string;
  user: string;
  role: Role;
}

export interface UserRow extends Identity {
  createdTime: Date;
}

/** `account:user` as sent, with the colon possibly percent-encoded (`acme%3Aops`). */
export function splitUsername(username: string): { account: string; user: string } | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(username);
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(':');
  // No name holds a NUL: PostgreSQL text cannot, so such a name is simply unknown.
  if (colon <= 0 || colon === decoded.length - 1 || decoded.includes('\0')) return undefined;
  return { account: decoded.slice(0, colon), user: decoded.slice(colon + 1) };
}

export class UserExistsError extends Error {}
export class UnknownUserError extends Error {}

/** Scrypt is deliberately slow; Basic auth checks on every request, so remember recent successes briefly. */
const verifiedCacheMs = 60000;

/** Creates the account when it does not exist yet (an account may exist before it has users). */
export async function ensureAccount(pool: Pool, account: string): Promise<void> {
  await pool.query('INSERT INTO accounts(name) VALUES ($1) ON CONFLICT DO NOTHING', [account]);
}

export class UserStore {
  private readonly verified = new Map<string, number>();

  constructor(private readonly pool: Pool) {}

  async add(account: string, user: string, password: string, role: Role): Promise<void> {
    const hash = await hashPassword(password);
    await withTransaction(this.pool, async (client) => {
      await client.query('INSERT INTO accounts(name) VALUES ($1) ON CONFLICT DO NOTHING', [account]);
      if (role === 'owner') await this.requireNoOwner(client, account);
      const inserted = await client.query(
        'INSERT INTO users(account, name, password_hash, role) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
        [account, user, hash, role],
      );
      if (inserted.rowCount === 0) throw new UserExistsError(`user ${account}:${user} already exists`);
    });
  }

  private async requireNoOwner(client: Pool | PoolClient, account: string, except?: string): Promise<void> {
    const owner = await client.query("SELECT name FROM users WHERE account = $1 AND role = 'owner' AND name IS DISTINCT FROM $2", [
      account,
      except ?? null,
    ]);
    if (owner.rowCount) throw new UserExistsError(`account ${account} already has an owner (${owner.rows[0].name})`);
  }

  /** Changes a user's role; an account keeps at most one owner (demote the old one first). */
  async setRole(account: string, user: string, role: Role): Promise<void> {
    if (role === 'owner') await this.requireNoOwner(this.pool, account, user);
    const updated = await this.pool.query('UPDATE users SET role = $3 WHERE account = $1 AND name = $2', [account, user, role]);
    if (updated.rowCount === 0) throw new UnknownUserError(`no user ${account}:${user}`);
  }

  /** Creates the user unless it exists; the bootstrap admin of `wayplan start`. */
  async ensure(account: string, user: string, password: string, role: Role): Promise<boolean> {
    const found = await this.pool.query('SELECT 1 FROM users WHERE account = $1 AND name = $2', [account, user]);
    if (found.rowCount) return false;
    try {
      await this.add(account, user, password, role);
      return true;
    } catch (err) {
      // Two processes bootstrapping at once: the other one won.
      if (err instanceof UserExistsError) return false;
      throw err;
    }
  }

  async setPassword(account: string, user: string, password: string): Promise<void> {
    const hash = await hashPassword(password);
    const updated = await this.pool.query('UPDATE users SET password_hash = $3 WHERE account = $1 AND name = $2', [account, user, hash]);
    if (updated.rowCount === 0) throw new UnknownUserError(`no user ${account}:${user}`);
    await this.pool.query('DELETE FROM sessions WHERE account = $1 AND user_name = $2', [account, user]);
  }

  async list(account?: string): Promise<UserRow[]> {
    const rows = await this.pool.query(
      'SELECT account, name, role, created_time FROM users WHERE ($1::text IS NULL OR account = $1) ORDER BY account, name',
      [account ?? null],
    );
    return rows.rows.map((r) => ({ account: r.account, user: r.name, role: r.role, createdTime: r.created_time }));
  }

  /** The identity for these credentials, or undefined when the user is unknown or the password wrong. */
  async authenticate(account: string, user: string, password: string): Promise<Identity | undefined> {
    const row = await this.pool.query('SELECT password_hash, role FROM users WHERE account = $1 AND name = $2', [account, user]);
    const stored: string | undefined = row.rows[0]?.password_hash;
    if (!stored) {
      // Same work for unknown users as for known ones, so timing does not reveal which users exist.
      await verifyPassword(password, 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=');
      return undefined;
    }
    const cacheKey = createHash('sha256').update(stored).update('\0').update(password).digest('base64');
    const seen = this.verified.get(cacheKey);
    if (seen === undefined || Date.now() - seen > verifiedCacheMs) {
      if (!(await verifyPassword(password, stored))) return undefined;
      if (this.verified.size > 10000) this.verified.clear();
      this.verified.set(cacheKey, Date.now());
    }
    return { account, user, role: row.rows[0].role };
  }
}
