import type { ValidationCode } from '../validation/codes.js';

/**
 * Validation codes that only sandbox revisions emit, in addition to the model's own
 * (`invalid_type_error`, `required_property_missing_error`, ...). Kept here because the model's list
 * describes problems; a revision's faults point into `request.deltas[i]` or `request.snapshot`.
 */
export const SANDBOX_VALIDATION_CODES = {
  unknown_delta_field_error:
    'A delta has a `$` field this kind does not know, or a field its kind does not take (parameters.property_name).',
  delta_path_not_allowed_error: 'A top-level `$path` is not one of the allowed paths, or a nested sub-delta has a `$path`.',
  delta_collection_mismatch_error: 'A top-level delta names a `$collection` other than the one its `$path` requires (parameters.expected).',
  delta_operation_not_allowed_error:
    'The delta uses an operation its target does not allow: more than one of unassign/assign/assign_template on a top-level collection, set on route jobs, anything but set on schedule jobs.',
  delta_target_type_error: 'The value a delta changes exists but is not of the type the delta kind edits (object, array, ...).',
  revision_not_found_error: 'undo_redo_to_revision names a revision the sandbox does not have.',
  undo_redo_target_error: 'undo_redo_to_revision names a revision that is itself an undo/redo revision.',
  duplicate_sandbox_name_error: 'Another sandbox of the account has this name (query parameter `name`).',
  unknown_subuser_error: 'The `subuser` of a grant is not a user of the account.',
} as const;

export type SandboxValidationCode = keyof typeof SANDBOX_VALIDATION_CODES;

/** One fault of a revision or sandbox request, shaped like a validation_error. */
export interface SandboxFault {
  property: string;
  code: SandboxValidationCode | ValidationCode;
  message: string;
  parameters?: Record<string, unknown>;
  attempted_value?: unknown;
}

/** A revision that cannot be applied: the whole revision is rejected with these faults. */
export class RevisionRejectedError extends Error {
  constructor(readonly faults: SandboxFault[]) {
    super(faults[0]?.message ?? 'The revision was rejected.');
  }
}

/** Throws the single fault that makes a delta unusable: applying stops at the first one. */
export function reject(
  property: string,
  code: SandboxFault['code'],
  message: string,
  details: Pick<SandboxFault, 'parameters' | 'attempted_value'> = {},
): never {
  const fault: SandboxFault = { property, code, message };
  if (details.parameters !== undefined) fault.parameters = details.parameters;
  if (isSmallScalar(details.attempted_value)) fault.attempted_value = details.attempted_value;
  throw new RevisionRejectedError([fault]);
}

// Echo only small scalars back, as the model's validation does.
function isSmallScalar(value: unknown): boolean {
  return (
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    (typeof value === 'string' && value.length <= 200)
  );
}
