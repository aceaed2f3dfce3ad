import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  countAggregates,
  EXPIRY_INTERVALS,
  parseRevision,
  RevisionRejectedError,
  SANDBOX_PERMISSIONS,
  snapshotState,
  type AllSandboxAclResponse,
  type SandboxAtRevisionEnvelope,
  type SandboxCreatedResponse,
  type SuccessResponse,
} from '../../model/sandbox/index.js';
import type { Problem } from '../../model/index.js';
import { SandboxGrantStore } from '../../store/sandboxes-acl.js';
import { SandboxNameTakenError, SandboxStore, type NewRevision, type SandboxRecord } from '../../store/sandboxes.js';
import type { Identity } from '../../store/users.js';
import type { ApiContext } from '../context.js';
import { ApiError, ValidationFailedError } from '../errors.js';
import { resource } from '../resource.js';
import { SandboxAccess, sandboxNotFound } from '../sandboxes/access.js';
import { sandboxDocs } from '../sandboxes/docs.js';
import { oneOf, optionalParameter, revisionNumber, sandboxName } from '../sandboxes/query.js';
import { aclResponse, revisionCreatedResponse, sandboxResponse } from '../sandboxes/responses.js';
import { waitForRevision } from '../sandboxes/revision-wait.js';
import { queryFlag } from '../tasks/task-service.js';
import { requireJsonBody } from './operations.js';
import { randomId } from '../../store/ids.js';

type Query = Record<string, unknown>;

const success: SuccessResponse = { success: true };

/** 16 random bytes as 22 URL-safe base64 characters, like task ids. */
function newSandboxId(): string {
  return randomId(16);
}

function identityOf(request: FastifyRequest): Identity {
  return request.identity!;
}

function sandboxId(request: FastifyRequest): string {
  return (request.params as { sandboxId: string }).sandboxId;
}

/** Faults of a revision (or of a problem given whole) answer 400 like any validation failure. */
async function asValidationFailure<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof RevisionRejectedError) throw new ValidationFailedError(err.faults, err.faults.length);
    if (err instanceof SandboxNameTakenError) {
      throw new ValidationFailedError([
        { property: 'name', code: 'duplicate_sandbox_name_error', message: 'Another sandbox of the account has this name.' },
      ]);
    }
    throw err;
  }
}

/**
 * The sandbox endpoints. Each handler checks the sandbox first (404 without
 * access, 403 with too little), then the request (415, 400), then does its work.
 */
export function sandboxRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const sandboxes = new SandboxStore(ctx.pool);
  const grants = new SandboxGrantStore(ctx.pool);
  const access = new SandboxAccess(sandboxes, grants);

  async function append(id: string, revision: NewRevision, tag: string | undefined) {
    const created = await asValidationFailure(() => sandboxes.append(id, revision, tag));
    if (created === undefined) throw sandboxNotFound(id);
    return revisionCreatedResponse(id, created);
  }

  resource(app, '/v1/sandboxes', {
    GET: {
      doc: sandboxDocs.list,
      handler: async (request) => {
        const identity = identityOf(request);
        return (await sandboxes.listVisible(identity.account, identity.user, identity.role === 'owner')).map((sandbox) =>
          sandboxResponse(sandbox),
        );
      },
    },
    POST: {
      doc: sandboxDocs.create,
      handler: async (request): Promise<SandboxCreatedResponse> => {
        const identity = identityOf(request);
        const body = requireJsonBody(request);
        const name = sandboxName((request.query as Query).name);
        const created = await asValidationFailure(() =>
          sandboxes.create({ id: newSandboxId(), account: identity.account, creator: identity.user, name, state: snapshotState(body) }),
        );
        return { sandbox_id: created.id, created_time: created.createdTime.toISOString() };
      },
    },
  });

  /** The problem text at the requested revision (default the latest) with the metadata it goes with. */
  async function stateView(
    sandbox: SandboxRecord,
    requested: string | undefined,
  ): Promise<{ sandbox: SandboxRecord; revision: number; text: string }> {
    const revision = requested === undefined ? undefined : revisionNumber(requested, 'revision');
    if (revision !== undefined && revision > sandbox.latestRevision) {
      throw new ApiError(
        404,
        'not_found_error',
        `Sandbox ${sandbox.id} has no revision ${revision}; its latest is ${sandbox.latestRevision}.`,
      );
    }
    if (revision === undefined || revision === sandbox.latestRevision) {
      // The latest state is stored whole: no replay. A revision written since the check above is replayed instead.
      const latest = await sandboxes.latest(sandbox.id);
      if (latest === undefined) throw sandboxNotFound(sandbox.id);
      if (revision === undefined) return { sandbox: latest.sandbox, revision: latest.sandbox.latestRevision, text: latest.state };
      if (latest.sandbox.latestRevision === revision) return { sandbox, revision, text: latest.state };
    }
    return { sandbox, revision, text: JSON.stringify(await sandboxes.stateAt(sandbox.id, revision)) };
  }

  resource(app, '/v1/sandboxes/:sandboxId', {
    GET: {
      doc: sandboxDocs.retrieve,
      handler: async (request, reply) => {
        const { sandbox } = await access.require(identityOf(request), sandboxId(request), 'read');
        const query = request.query as Query;
        const view = await stateView(sandbox, optionalParameter(query.revision, 'revision'));
        // Stored problems are canonical text already: a plain retrieval sends them as they are.
        if (!queryFlag(query.aggregate) && !queryFlag(query.envelope)) return reply.type('application/json').send(view.text);
        const state = JSON.parse(view.text) as Problem;
        if (queryFlag(query.aggregate)) return countAggregates(state);
        const revision = (await sandboxes.revision(sandbox.id, view.revision))!;
        const envelope: SandboxAtRevisionEnvelope = {
          sandbox: sandboxResponse(view.sandbox),
          snapshot: state,
          snapshot_created_time: revision.createdTime.toISOString(),
          snapshot_revision: view.revision,
          ...(revision.tag === undefined ? {} : { snapshot_tag: revision.tag }),
        };
        return envelope;
      },
    },
    POST: {
      doc: sandboxDocs.update,
      handler: async (request) => {
        const { sandbox } = await access.require(identityOf(request), sandboxId(request), 'write');
        const body = requireJsonBody(request);
        const state = await asValidationFailure(() => snapshotState(body));
        return append(sandbox.id, { kind: 'snapshot', state }, undefined);
      },
    },
    DELETE: {
      doc: sandboxDocs.delete,
      handler: async (request) => {
        const { sandbox } = await access.require(identityOf(request), sandboxId(request), 'admin');
        await sandboxes.delete(sandbox.id);
        return success;
      },
    },
  });

  resource(app, '/v1/sandboxes/:sandboxId/rename', {
    POST: {
      doc: sandboxDocs.rename,
      handler: async (request) => {
        const { sandbox } = await access.require(identityOf(request), sandboxId(request), 'write');
        const name = sandboxName((request.query as Query).name);
        await asValidationFailure(() => sandboxes.rename(sandbox.id, name));
        return success;
      },
    },
  });

  resource(app, '/v1/sandboxes/:sandboxId/revisions', {
    GET: {
      doc: sandboxDocs.revisions,
      handler: async (request, reply) => {
        const { sandbox } = await access.require(identityOf(request), sandboxId(request), 'read');
        const query = request.query as Query;
        const fromText = optionalParameter(query.from, 'from');
        const from = fromText === undefined ? 0 : revisionNumber(fromText, 'from');
        let current = sandbox;
        if (queryFlag(query.wait) && sandbox.latestRevision < from) {
          const waited = await waitForRevision(ctx.sandboxEvents, sandboxes, sandbox.id, from, ctx.config.waitSeconds * 1000, reply);
          if (waited.outcome === 'disconnected') return reply;
          if (waited.outcome === 'deleted') throw sandboxNotFound(sandbox.id);
          current = waited.sandbox;
        }
        return sandboxResponse(current, await sandboxes.revisions(current.id, from, current.latestRevision));
      },
    },
    POST: {
      doc: sandboxDocs.addRevision,
      handler: async (request) => {
        const { sandbox } = await access.require(identityOf(request), sandboxId(request), 'write');
        const body = requireJsonBody(request);
        const tag = optionalParameter((request.query as Query).tag, 'tag');
        const revision = await asValidationFailure((): NewRevision => {
          const parsed = parseRevision(body);
          return parsed.kind === 'snapshot' ? { kind: 'snapshot', state: snapshotState(parsed.snapshot, 'request.snapshot') } : parsed;
        });
        return append(sandbox.id, revision, tag);
      },
    },
  });

  resource(app, '/v1/sandboxes/:sandboxId/expiry', {
    POST: {
      doc: sandboxDocs.expiry,
      handler: async (request) => {
        const { sandbox } = await access.require(identityOf(request), sandboxId(request), 'admin');
        const interval = oneOf((request.query as Query).interval, EXPIRY_INTERVALS, 'interval');
        await sandboxes.setExpiry(sandbox.id, interval);
        return success;
      },
    },
  });

  resource(app, '/v1/sandboxes/all/acl', {
    GET: {
      doc: sandboxDocs.allAcl,
      handler: async (request): Promise<AllSandboxAclResponse> => {
        const identity = identityOf(request);
        const visible = await sandboxes.listVisible(identity.account, identity.user, identity.role === 'owner');
        const granted = await grants.grants(visible.map((sandbox) => sandbox.id));
        const entries = await Promise.all(
          visible.map(async (sandbox) => aclResponse(sandbox, (await access.permission(identity, sandbox))!, granted.get(sandbox.id)!)),
        );
        return { sandboxes: entries };
      },
    },
  });

  resource(app, '/v1/sandboxes/:sandboxId/acl', {
    GET: {
      doc: sandboxDocs.acl,
      handler: async (request) => {
        const { sandbox, permission } = await access.require(identityOf(request), sandboxId(request), 'read');
        return aclResponse(sandbox, permission, (await grants.grants([sandbox.id])).get(sandbox.id)!);
      },
    },
    POST: {
      doc: sandboxDocs.grant,
      handler: async (request) => {
        const identity = identityOf(request);
        const query = request.query as Query;
        const { sandbox } = await access.require(identity, sandboxId(request), 'admin');
        const permission = oneOf(query.permission, SANDBOX_PERMISSIONS, 'permission');
        const subuser = optionalParameter(query.subuser, 'subuser') ?? null;
        if (!(await grants.grant(sandbox.id, identity.account, subuser, permission))) {
          throw new ValidationFailedError([
            {
              property: 'subuser',
              code: 'unknown_subuser_error',
              message: `${subuser} is not a user of account ${identity.account}.`,
              attempted_value: subuser,
            },
          ]);
        }
        return success;
      },
    },
    DELETE: {
      doc: sandboxDocs.revoke,
      // A viewer may give up its own grant; the handler checks the rest.
      role: 'viewer',
      handler: async (request) => {
        const identity = identityOf(request);
        const query = request.query as Query;
        const subuser = optionalParameter(query.subuser, 'subuser') ?? null;
        // Anyone who can see the sandbox may give up their own grant; other grants need admin.
        const { sandbox } = await access.require(identity, sandboxId(request), subuser === identity.user ? 'read' : 'admin');
        const permission = oneOf(query.permission, SANDBOX_PERMISSIONS, 'permission');
        await grants.revoke(sandbox.id, subuser, permission);
        return success;
      },
    },
  });
}
