import type {
  Revision,
  RevisionCreatedResponse,
  RevisionResponse,
  SandboxAclResponse,
  SandboxGrant,
  SandboxPermission,
  SandboxResponse,
} from '../../model/sandbox/index.js';
import type { RevisionRecord, SandboxRecord } from '../../store/sandboxes.js';

export function revisionResponse(revision: RevisionRecord): RevisionResponse {
  return {
    // Stored deltas are the ones that applied, so they are deltas of the documented kinds.
    ...(revision.body as Revision),
    revision: revision.revision,
    created_time: revision.createdTime.toISOString(),
    ...(revision.tag === undefined ? {} : { tag: revision.tag }),
  };
}

export function sandboxResponse(sandbox: SandboxRecord, revisions?: RevisionRecord[]): SandboxResponse {
  return {
    sandbox_id: sandbox.id,
    sandbox_name: sandbox.name,
    customer: sandbox.account,
    owner: sandbox.creator,
    created_time: sandbox.createdTime.toISOString(),
    updated_time: sandbox.updatedTime.toISOString(),
    active_revision: sandbox.activeRevision,
    latest_revision: sandbox.latestRevision,
    ...(revisions === undefined ? {} : { revisions: revisions.map(revisionResponse) }),
  };
}

export function revisionCreatedResponse(sandboxId: string, revision: RevisionRecord): RevisionCreatedResponse {
  return { sandbox_id: sandboxId, revision: revision.revision, created_time: revision.createdTime.toISOString() };
}

export function aclResponse(sandbox: SandboxRecord, permission: SandboxPermission, grants: SandboxGrant[]): SandboxAclResponse {
  return { sandbox_id: sandbox.id, owner: sandbox.creator, permission, grants };
}
