import { applyDeltasRevision, RevisionRejectedError, type SandboxFault } from '../../../model/sandbox/index.js';
import type { Problem } from '../../../model/index.js';

/** The state after one deltas revision, for before/after tests. */
export function apply(before: unknown, ...deltas: unknown[]): Problem {
  return applyDeltasRevision(JSON.stringify(before), deltas);
}

/** The faults of a deltas revision that must be rejected; fails the test if it applies. */
export function faultsOf(before: unknown, ...deltas: unknown[]): SandboxFault[] {
  try {
    applyDeltasRevision(JSON.stringify(before), deltas);
  } catch (err) {
    if (err instanceof RevisionRejectedError) return err.faults;
    throw err;
  }
  throw new Error('the revision applied');
}
