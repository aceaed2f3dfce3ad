import type { Problem } from '../types/problem.js';
import type { RevisionBody, RevisionKind } from './revision.js';
import { stateAfterDeltas } from './revision.js';

/** Every this many revisions a deltas revision stores its whole state, so no retrieval replays more than this. */
export const CHECKPOINT_INTERVAL = 16;

/** A revision as the store keeps it; `state` is set on checkpoints. */
export interface StoredRevision {
  revision: number;
  kind: RevisionKind;
  body: RevisionBody;
  state: Problem | undefined;
}

/**
 * Whether a new revision stores its whole state. A snapshot's body is its state already; an
 * undo/redo keeps a copy so retrieval never chases the revision it restored.
 */
export function storesState(revision: number, kind: RevisionKind): boolean {
  return kind === 'undo_redo' || (kind === 'deltas' && revision % CHECKPOINT_INTERVAL === 0);
}

/** Whether retrieval can start at this revision without looking further back. */
export function isMaterialized(revision: Pick<StoredRevision, 'kind' | 'state'>): boolean {
  return revision.kind === 'snapshot' || revision.state !== undefined;
}

function materializedState(revision: StoredRevision): Problem {
  return revision.state ?? (revision.body as { snapshot: Problem }).snapshot;
}

/**
 * The state at the last of `revisions`, which run in order from a materialized revision: its state,
 * then each deltas revision applied exactly as when it was written.
 */
export function replayRevisions(revisions: StoredRevision[]): Problem {
  const [first, ...rest] = revisions;
  if (first === undefined || !isMaterialized(first)) throw new Error('replay must start at a snapshot or a stored state');
  let state = materializedState(first);
  for (const revision of rest) {
    state = isMaterialized(revision)
      ? materializedState(revision)
      : stateAfterDeltas(state, (revision.body as { deltas: unknown[] }).deltas);
  }
  return state;
}
