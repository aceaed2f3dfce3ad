import { EXPIRY_INTERVALS, SANDBOX_PERMISSIONS } from '../../model/sandbox/index.js';
import type { OperationDoc } from '../openapi/catalog.js';
import { COMMON_ERRORS, errorResponse, json, okResponse, pathParameter, query, ref } from '../openapi/describe.js';

// The sandbox operations as the OpenAPI document lists them.

const id = pathParameter('sandboxId', 'The sandbox_id from create.');
const errors = {
  ...COMMON_ERRORS,
  '403': errorResponse('permission_denied_error: the caller may see the sandbox but lacks the permission.'),
  '404': errorResponse('not_found_error: no such sandbox, or the caller may not see it.'),
};
const success = okResponse('Done.', ref('sandbox_success_response'));
const permission = query('permission', { type: 'string', enum: [...SANDBOX_PERMISSIONS] }, true, 'read, write or admin.');
const subuser = query('subuser', { type: 'string' }, false, 'One user of the account; without it, everyone.');
const problemBody = { required: true, content: json(ref('problem')) };

function doc(
  operationId: string,
  description: string,
  responses: Record<string, unknown>,
  extra: Partial<OperationDoc> = {},
): OperationDoc {
  return { operationId, tags: ['sandboxes'], description, ...extra, responses: { ...responses, ...errors } };
}

export const sandboxDocs = {
  list: doc('list_sandboxes', 'The sandboxes the caller may see.', {
    '200': okResponse('Sandboxes.', { type: 'array', items: ref('sandbox_response') }),
  }),
  create: doc(
    'create_sandbox',
    'A new sandbox holding the body (canonical form) as revision 0.',
    { '200': okResponse('Created.', ref('sandbox_created_response')) },
    {
      parameters: [query('name', { type: 'string', minLength: 1 }, true, 'Unique within the account.')],
      requestBody: problemBody,
    },
  ),
  retrieve: doc(
    'retrieve_sandbox',
    'The canonical problem at a revision (default the latest).',
    {
      '200': okResponse('The problem; with envelope=1 the sandbox_at_revision_envelope; with aggregate=1 the problem_aggregates.', {
        anyOf: [ref('problem'), ref('sandbox_at_revision_envelope'), ref('problem_aggregates')],
      }),
    },
    {
      parameters: [
        id,
        query('revision', { type: 'integer', minimum: 0 }, false, 'The state at this revision.'),
        query('envelope', { type: 'integer', enum: [0, 1] }, false, '1: the problem with the sandbox and revision metadata.'),
        query('aggregate', { type: 'integer', enum: [0, 1] }, false, '1: problem_aggregates (wins over envelope).'),
      ],
    },
  ),
  update: doc(
    'update_sandbox',
    'Appends a snapshot revision holding the body.',
    { '200': okResponse('The new revision.', ref('revision_created_response')) },
    { parameters: [id], requestBody: problemBody },
  ),
  delete: doc('delete_sandbox', 'Deletes the sandbox (admin). No body.', { '200': success }, { parameters: [id] }),
  rename: doc(
    'rename_sandbox',
    'No body.',
    { '200': success },
    { parameters: [id, query('name', { type: 'string', minLength: 1 }, true, 'The new unique name.')] },
  ),
  revisions: doc(
    'list_sandbox_revisions',
    'The sandbox with its revisions numbered from `from`; with wait=1 held until one exists.',
    { '200': okResponse('The sandbox and revisions.', ref('sandbox_response')) },
    {
      parameters: [
        id,
        query('from', { type: 'integer', minimum: 0 }, false, 'First revision (default 0).'),
        query('wait', { type: 'integer', enum: [0, 1] }, false, '1: hold until revision `from` exists.'),
      ],
    },
  ),
  addRevision: doc(
    'add_sandbox_revision',
    'Applies a revision: deltas, a snapshot, or an undo/redo.',
    { '200': okResponse('The new revision.', ref('revision_created_response')) },
    {
      parameters: [id, query('tag', { type: 'string' }, false, 'Opaque, kept with the revision.')],
      requestBody: { required: true, content: json(ref('revision')) },
    },
  ),
  expiry: doc(
    'set_sandbox_expiry',
    'Deleted after this much inactivity (admin). No body.',
    { '200': success },
    {
      parameters: [id, query('interval', { type: 'string', enum: [...EXPIRY_INTERVALS] }, true, 'month, year, five_years or never.')],
    },
  ),
  allAcl: doc('list_sandbox_permissions', 'Permissions on every sandbox the caller may see.', {
    '200': okResponse('Grants per sandbox.', ref('all_sandbox_acl_response')),
  }),
  acl: doc(
    'get_sandbox_permissions',
    "The sandbox's grants and the caller's permission.",
    { '200': okResponse('Grants.', ref('sandbox_acl_response')) },
    { parameters: [id] },
  ),
  grant: doc(
    'grant_sandbox_permission',
    'Grants a permission to one subuser or everyone (admin); idempotent. No body.',
    { '200': success },
    { parameters: [id, subuser, permission] },
  ),
  revoke: doc(
    'revoke_sandbox_permission',
    'Revokes a grant (admin, or the subuser for their own). No body.',
    { '200': success },
    { parameters: [id, subuser, permission] },
  ),
};
