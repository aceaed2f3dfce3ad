import type { SandboxPermission } from '../../model/sandbox/index.js';
import type { SandboxGrantStore } from '../../store/sandboxes-acl.js';
import type { SandboxRecord, SandboxStore } from '../../store/sandboxes.js';
import type { Identity } from '../../store/users.js';
import { ApiError } from '../errors.js';

const rank: Record<SandboxPermission, number> = { read: 1, write: 2, admin: 3 };

/** Each permission includes the ones below it: admin > write > read. */
export function includes(held: SandboxPermission, needed: SandboxPermission): boolean {
  return rank[held] >= rank[needed];
}

function strongest(permissions: SandboxPermission[]): SandboxPermission | undefined {
  return permissions.reduce<SandboxPermission | undefined>((best, p) => (best === undefined || rank[p] > rank[best] ? p : best), undefined);
}

export function sandboxNotFound(id: string): ApiError {
  return new ApiError(404, 'not_found_error', `No sandbox ${id}.`);
}

/**
 * Who may do what with a sandbox: the account owner and the creator always have
 * admin; other users of the account what they were granted, a viewer at most read; other accounts
 * nothing. No access
 * answers 404 (a sandbox one cannot see does not exist for them), too little access 403.
 */
export class SandboxAccess {
  constructor(
    private readonly sandboxes: SandboxStore,
    private readonly grants: SandboxGrantStore,
  ) {}

  async permission(identity: Identity, sandbox: SandboxRecord): Promise<SandboxPermission | undefined> {
    if (identity.account !== sandbox.account) return undefined;
    if (identity.role === 'owner') return 'admin';
    const held = identity.user === sandbox.creator ? 'admin' : strongest(await this.grants.permissionsOf(sandbox.id, identity.user));
    // A viewer only reads, whatever it was granted (or created while it was a planner).
    return identity.role === 'viewer' && held !== undefined ? 'read' : held;
  }

  /** The sandbox if the caller holds `needed` on it; every such use counts as activity for expiry. */
  async require(
    identity: Identity,
    id: string,
    needed: SandboxPermission,
  ): Promise<{ sandbox: SandboxRecord; permission: SandboxPermission }> {
    const sandbox = await this.sandboxes.get(id);
    const permission = sandbox === undefined ? undefined : await this.permission(identity, sandbox);
    if (sandbox === undefined || permission === undefined) throw sandboxNotFound(id);
    if (!includes(permission, needed)) {
      throw new ApiError(403, 'permission_denied_error', `This needs ${needed} permission on sandbox ${id}; you have ${permission}.`);
    }
    await this.sandboxes.touch(id);
    return { sandbox, permission };
  }
}
