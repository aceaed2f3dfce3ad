import type { SandboxGrant, SandboxPermission } from '../model/sandbox/index.js';
import type { Pool } from './db.js';

/** Sandbox permissions granted to every subuser (subuser null) or one subuser of the sandbox's account. */
export class SandboxGrantStore {
  constructor(private readonly pool: Pool) {}

  async grants(sandboxIds: string[]): Promise<Map<string, SandboxGrant[]>> {
    const rows = await this.pool.query(
      'SELECT sandbox_id, subuser, permission FROM sandbox_grants WHERE sandbox_id = ANY($1) ORDER BY sandbox_id, subuser NULLS FIRST, permission',
      [sandboxIds],
    );
    const bySandbox = new Map<string, SandboxGrant[]>(sandboxIds.map((id) => [id, []]));
    for (const row of rows.rows) bySandbox.get(row.sandbox_id)!.push({ subuser: row.subuser, permission: row.permission });
    return bySandbox;
  }

  /** The permissions this user holds through grants (to them or to everyone). */
  async permissionsOf(sandboxId: string, user: string): Promise<SandboxPermission[]> {
    const rows = await this.pool.query(
      'SELECT DISTINCT permission FROM sandbox_grants WHERE sandbox_id = $1 AND (subuser IS NULL OR subuser = $2)',
      [sandboxId, user],
    );
    return rows.rows.map((row) => row.permission as SandboxPermission);
  }

  /** Idempotent. False when the subuser is not a user of the account. */
  async grant(sandboxId: string, account: string, subuser: string | null, permission: SandboxPermission): Promise<boolean> {
    if (subuser !== null) {
      const user = await this.pool.query('SELECT 1 FROM users WHERE account = $1 AND name = $2', [account, subuser]);
      if (!user.rowCount) return false;
    }
    await this.pool.query(
      `INSERT INTO sandbox_grants(sandbox_id, subuser, permission) VALUES ($1, $2, $3)
       ON CONFLICT (sandbox_id, COALESCE(subuser, ''), permission) DO NOTHING`,
      [sandboxId, subuser, permission],
    );
    return true;
  }

  /** Removes exactly this grant (the everyone-grant when subuser is null); idempotent. */
  async revoke(sandboxId: string, subuser: string | null, permission: SandboxPermission): Promise<void> {
    await this.pool.query('DELETE FROM sandbox_grants WHERE sandbox_id = $1 AND subuser IS NOT DISTINCT FROM $2 AND permission = $3', [
      sandboxId,
      subuser,
      permission,
    ]);
  }
}
