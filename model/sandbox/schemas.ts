import { Type, type Static } from '@sinclair/typebox';
import { Problem } from '../types/problem.js';
import { Timestamp } from '../types/meta.js';
import { StringEnum } from '../types/schema.js';
import { MAX_SET_INDEX } from './array-delta.js';
import { DELTA_COLLECTIONS } from './nested.js';
import { MAX_REVISION } from './revision-number.js';

const DeltaPath = Type.Array(Type.Union([Type.String(), Type.Object({ id: Type.String() })]), {
  description:
    'From the problem root; top-level deltas only. Allowed: [], ["jobs"|"routes"|"drivers"|"schedules"|... (singular accepted)], ["routes", {"id"}, "jobs"], ["schedules", {"id"}, "jobs"].',
});

const common = {
  $path: Type.Optional(DeltaPath),
};

export const ObjectDelta = Type.Object(
  {
    $collection: Type.Optional(Type.Literal('object')),
    ...common,
    $create: Type.Optional(
      Type.Boolean({ description: 'Default true: create the target object when missing; false: then change nothing.' }),
    ),
  },
  {
    $id: 'object_delta',
    additionalProperties: true,
    description:
      'Any other field is assigned into the target: a JSON object is a sub-delta (its own $collection, default object), null removes the field, other values replace it.',
  },
);

export const KeyedArrayDelta = Type.Object(
  {
    $collection: Type.Literal('keyed_array'),
    ...common,
    $create: Type.Optional(Type.Boolean({ description: 'Default true: create missing elements.' })),
    key: Type.Optional(Type.String({ description: 'Default "id" ("metric" for loads, load_capacities).' })),
    unassign: Type.Optional(Type.Array(Type.String())),
    assign: Type.Optional(
      Type.Union([Type.Array(ObjectDelta), ObjectDelta], {
        description: 'Object deltas naming their element by key; one object together with ids = assign_template.',
      }),
    ),
    assign_template: Type.Optional(ObjectDelta),
    ids: Type.Optional(Type.Array(Type.String())),
  },
  { $id: 'keyed_array_delta', description: 'Order unassign → assign → assign_template; top-level collections take exactly one of them.' },
);

export const ArrayDelta = Type.Object(
  {
    $collection: Type.Literal('array'),
    ...common,
    replace: Type.Optional(Type.Array(Type.Unknown())),
    insert: Type.Optional(Type.Array(Type.Unknown())),
    index: Type.Optional(Type.Integer({ minimum: 0, description: 'Insert position; default the end; past the end = the end.' })),
    remove: Type.Optional(Type.Array(Type.Unknown(), { description: 'Selectors: an id string or an object of fields to match.' })),
    set: Type.Optional(
      Type.Array(Type.Object({ index: Type.Integer({ minimum: 0, maximum: MAX_SET_INDEX }), value: Type.Unknown() }), {
        description: 'Past the end pads with null.',
      }),
    ),
  },
  {
    $id: 'array_delta',
    description:
      'Exactly one of replace, insert, set, remove. Route jobs take replace/insert/remove and move jobs between routes; schedule jobs take set.',
  },
);

export const DictDelta = Type.Object(
  {
    $collection: Type.Literal('dict'),
    ...common,
    unassign: Type.Optional(Type.Array(Type.String())),
    move: Type.Optional(Type.Record(Type.String(), Type.String(), { description: '{old key: new key}' })),
    assign: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'null deletes the key.' })),
  },
  { $id: 'dict_delta', description: 'Order unassign → move → assign.' },
);

export const SetDelta = Type.Object(
  {
    $collection: Type.Literal('set'),
    ...common,
    $default: Type.Optional(
      Type.Array(Type.String(), { description: 'The starting value when the target is absent or null; default [].' }),
    ),
    remove: Type.Optional(Type.Array(Type.String())),
    add: Type.Optional(Type.Array(Type.String())),
  },
  { $id: 'set_delta', description: 'Order remove → add.' },
);

export const Delta = Type.Union([ObjectDelta, KeyedArrayDelta, ArrayDelta, DictDelta, SetDelta], {
  $id: 'delta',
  description: `$collection (${DELTA_COLLECTIONS.join(', ')}) picks the kind.`,
});

export const Revision = Type.Object(
  {
    snapshot: Type.Optional(Problem),
    deltas: Type.Optional(Type.Array(Delta)),
    undo_redo_to_revision: Type.Optional(
      Type.Integer({ minimum: 0, maximum: MAX_REVISION, description: 'A snapshot or deltas revision to restore.' }),
    ),
  },
  { $id: 'revision', description: 'Exactly one field.' },
);

export const RevisionResponse = Type.Object(
  {
    ...Revision.properties,
    revision: Type.Integer(),
    created_time: Timestamp,
    tag: Type.Optional(Type.String()),
  },
  { $id: 'revision_response' },
);

export const RevisionCreatedResponse = Type.Object(
  { sandbox_id: Type.String(), revision: Type.Integer(), created_time: Timestamp },
  { $id: 'revision_created_response' },
);

export const SandboxResponse = Type.Object(
  {
    sandbox_id: Type.String(),
    sandbox_name: Type.String(),
    customer: Type.String({ description: 'The account.' }),
    owner: Type.String({ description: 'The user who created the sandbox.' }),
    created_time: Timestamp,
    updated_time: Timestamp,
    active_revision: Type.Integer({ description: 'The revision whose content is in force: the latest, or the one an undo/redo restored.' }),
    latest_revision: Type.Integer(),
    revisions: Type.Optional(Type.Array(RevisionResponse, { description: 'Only from the revisions endpoint.' })),
  },
  { $id: 'sandbox_response' },
);

export const SandboxCreatedResponse = Type.Object(
  { sandbox_id: Type.String(), created_time: Timestamp },
  { $id: 'sandbox_created_response' },
);

export const SandboxAtRevisionEnvelope = Type.Object(
  {
    sandbox: SandboxResponse,
    snapshot: Problem,
    snapshot_created_time: Timestamp,
    snapshot_revision: Type.Integer(),
    snapshot_tag: Type.Optional(Type.String()),
  },
  { $id: 'sandbox_at_revision_envelope' },
);

export const SuccessResponse = Type.Object(
  { success: Type.Boolean() },
  { $id: 'sandbox_success_response', description: 'sandbox_renamed_response, sandbox_expire_response, grants.' },
);

export const SANDBOX_PERMISSIONS = ['read', 'write', 'admin'] as const;
export type SandboxPermission = (typeof SANDBOX_PERMISSIONS)[number];

export const EXPIRY_INTERVALS = ['month', 'year', 'five_years', 'never'] as const;
export type ExpiryInterval = (typeof EXPIRY_INTERVALS)[number];

export const SandboxGrant = Type.Object(
  {
    subuser: Type.Union([Type.String(), Type.Null()], { description: 'null: every subuser of the account.' }),
    permission: StringEnum(SANDBOX_PERMISSIONS),
  },
  { $id: 'sandbox_grant' },
);

export const SandboxAclResponse = Type.Object(
  {
    sandbox_id: Type.String(),
    owner: Type.String({ description: 'The creator, who always has admin, as the account owner does.' }),
    permission: StringEnum(SANDBOX_PERMISSIONS, { description: "The caller's own permission." }),
    grants: Type.Array(SandboxGrant),
  },
  { $id: 'sandbox_acl_response' },
);

export const AllSandboxAclResponse = Type.Object({ sandboxes: Type.Array(SandboxAclResponse) }, { $id: 'all_sandbox_acl_response' });

export type Revision = Static<typeof Revision>;
export type RevisionResponse = Static<typeof RevisionResponse>;
export type RevisionCreatedResponse = Static<typeof RevisionCreatedResponse>;
export type SandboxResponse = Static<typeof SandboxResponse>;
export type SandboxCreatedResponse = Static<typeof SandboxCreatedResponse>;
export type SandboxAtRevisionEnvelope = Static<typeof SandboxAtRevisionEnvelope>;
export type SuccessResponse = Static<typeof SuccessResponse>;
export type SandboxGrant = Static<typeof SandboxGrant>;
export type SandboxAclResponse = Static<typeof SandboxAclResponse>;
export type AllSandboxAclResponse = Static<typeof AllSandboxAclResponse>;
