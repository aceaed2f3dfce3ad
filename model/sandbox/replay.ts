import { canonicalize, canonicalizeKeeping, inlineEntityCollections } from '../canonical.js';
import type { JsonObject } from '../json.js';
import type { Problem } from '../types/problem.js';
import { applyDeltas } from './apply-deltas.js';
import type { RevisionBody, RevisionKind } from './revision.js';
import { stateAfterDeltas } from './revision.js';
import { touchedEntities, untouchedEntities } from './touched-entities.js';

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
 * stateAfterDeltas on a canonical state that replay made and nothing else holds: the deltas apply
 * in place, and the top-level entities they cannot have changed stay as they are, so only the rest
 * is canonicalized again (the same result as canonicalizing it all).
 */
function stateAfterOwnDeltas(state: Problem, deltas: unknown[]): Problem {
  const targets = inlineEntityCollections(state).join();
  const applied = applyDeltas(state as JsonObject, deltas, 'request.deltas') as Problem;
  if (inlineEntityCollections(applied).join() !== targets) return canonicalize(applied);
  return canonicalizeKeeping(applied, untouchedEntities(applied, touchedEntities(deltas)));
}

/**
 * The state at the last of `revisions`, which run in order from a materialized revision: its state,
 * then each deltas revision applied exactly as when it was written. The first deltas revision after
 * a materialized state canonicalizes the whole result (a stored state is the caller's, and may
 * predate the current canonical form); the later ones only what they touch.
 */
export function replayRevisions(revisions: StoredRevision[]): Problem {
  const [first, ...rest] = revisions;
  if (first === undefined || !isMaterialized(first)) throw new Error('replay must start at a snapshot or a stored state');
  let state = materializedState(first);
  let own = false;
  for (const revision of rest) {
    if (isMaterialized(revision)) {
      state = materializedState(revision);
      own = false;
      continue;
    }
    const deltas = (revision.body as { deltas: unknown[] }).deltas;
    state = own ? stateAfterOwnDeltas(state, deltas) : stateAfterDeltas(state, deltas);
    own = true;
  }
  return state;
}
