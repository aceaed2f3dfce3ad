export { countAggregates } from './aggregates.js';
export { RevisionRejectedError, SANDBOX_VALIDATION_CODES, type SandboxFault, type SandboxValidationCode } from './codes.js';
export { isMaterialized, replayRevisions, storesState, type StoredRevision } from './replay.js';
export {
  applyDeltasRevision,
  checkUndoTarget,
  parseRevision,
  snapshotState,
  stateAfterDeltas,
  type ParsedRevision,
  type RevisionBody,
  type RevisionKind,
} from './revision.js';
export * from './schemas.js';
