import {
  applyDeltasRevision,
  checkUndoTarget,
  countAggregates,
  parseRevision,
  RevisionRejectedError,
  snapshotState,
} from '../../../model/sandbox/index.js';
import type { Problem } from '../../../model/index.js';
import { faultsOf } from './apply.js';

function rejection(work: () => unknown): RevisionRejectedError {
  try {
    work();
  } catch (err) {
    if (err instanceof RevisionRejectedError) return err;
    throw err;
  }
  throw new Error('not rejected');
}

describe('revision', () => {
  test('has exactly one of snapshot, deltas, undo_redo_to_revision', () => {
    expect(parseRevision({ deltas: [] })).toEqual({ kind: 'deltas', deltas: [] });
    expect(parseRevision({ snapshot: {}, tag: 'ignored' })).toEqual({ kind: 'snapshot', snapshot: {} });
    expect(parseRevision({ undo_redo_to_revision: 3 })).toEqual({ kind: 'undo_redo', target: 3 });
    expect(rejection(() => parseRevision({})).faults).toMatchObject([{ property: 'request', code: 'required_property_missing_error' }]);
    expect(rejection(() => parseRevision({ deltas: [], undo_redo_to_revision: 1 })).faults).toMatchObject([
      { code: 'mutually_exclusive_properties_error', parameters: { property_names: ['deltas', 'undo_redo_to_revision'] } },
    ]);
    expect(rejection(() => parseRevision({ undo_redo_to_revision: -1 })).faults).toMatchObject([
      { property: 'request.undo_redo_to_revision' },
    ]);
    // Revision numbers live in a 32-bit column: larger ones are out of range, not a database fault.
    for (const huge of [2 ** 31, 2 ** 53]) {
      expect(rejection(() => parseRevision({ undo_redo_to_revision: huge })).faults).toMatchObject([
        { property: 'request.undo_redo_to_revision', code: 'value_out_of_range_error' },
      ]);
    }
    expect(rejection(() => parseRevision({ deltas: {} })).faults).toMatchObject([
      { property: 'request.deltas', code: 'invalid_type_error' },
    ]);
    expect(rejection(() => parseRevision([])).faults).toMatchObject([{ property: 'request', code: 'invalid_type_error' }]);
  });

  test('a snapshot is stored canonical; its faults are reported under request.snapshot', () => {
    expect(snapshotState({ routes: [{ id: 'r', jobs: [{ id: 'j', location: '1,2' }] }], unrouted_jobs: [{ id: 'j' }] })).toEqual({
      jobs: [{ id: 'j', location: '1,2' }],
      routes: [{ id: 'r', jobs: ['j'] }],
    });
    expect(
      rejection(() => snapshotState({ jobs: [{ id: 'j', location: { location: '95,200' } }] }, 'request.snapshot')).faults,
    ).toMatchObject([{ property: 'request.snapshot.jobs[0].location.location', code: 'invalid_latlon_error' }]);
  });

  test('all deltas or none: a later unusable delta rejects the whole revision', () => {
    const faults = faultsOf(
      { jobs: [{ id: 'a' }] },
      { $path: ['jobs'], $collection: 'keyed_array', assign: [{ id: 'b' }] },
      { $path: ['nowhere'] },
    );
    expect(faults).toMatchObject([{ property: 'request.deltas[1].$path', code: 'delta_path_not_allowed_error' }]);
  });

  test('a fault of the resulting problem is pinned to the delta that introduced it', () => {
    const faults = faultsOf(
      { jobs: [{ id: 'a' }] },
      { $path: ['jobs'], $collection: 'keyed_array', assign: [{ id: 'b' }] },
      { $path: ['jobs'], $collection: 'keyed_array', assign: [{ id: 'c' }] },
      { $path: ['jobs'], $collection: 'keyed_array', assign: [{ id: 'a', time_on_site: 'soon' }] },
      { $path: ['jobs'], $collection: 'keyed_array', assign: [{ id: 'd' }] },
    );
    expect(faults).toEqual([
      expect.objectContaining({
        property: 'request.deltas[2]',
        code: 'invalid_timespan_error',
        parameters: expect.objectContaining({ problem_property: 'request.jobs[0].time_on_site' }),
      }),
    ]);
  });

  test('a state with faults from older rules still takes revisions that add none', () => {
    const legacy = { jobs: [{ id: 'a', time_on_site: 'soon' }] } as unknown as Problem;
    expect(applyDeltasRevision(JSON.stringify(legacy), [{ $path: [], name: 'x' }])).toEqual({ name: 'x', jobs: legacy.jobs });
  });

  test('undo/redo targets a snapshot or deltas revision that exists', () => {
    expect(() => checkUndoTarget(2, 'deltas')).not.toThrow();
    expect(() => checkUndoTarget(0, 'snapshot')).not.toThrow();
    expect(rejection(() => checkUndoTarget(5, undefined)).faults).toMatchObject([{ code: 'revision_not_found_error' }]);
    expect(rejection(() => checkUndoTarget(3, 'undo_redo')).faults).toMatchObject([
      { property: 'request.undo_redo_to_revision', code: 'undo_redo_target_error' },
    ]);
  });
});

describe('aggregates', () => {
  test('counts routes, placed and unplaced jobs, drivers of routes with jobs, and loads of placed jobs', () => {
    const problem: Problem = {
      drivers: [{ id: 'd1' }, { id: 'd2' }],
      jobs: [
        { id: 'a', load: 2, loads: [{ metric: 'kg', amount: 5 }] },
        { id: 'b', load: 3 },
        {
          id: 'c',
          loads: [
            { metric: 'kg', amount: 1 },
            { metric: 'boxes', amount: 4 },
          ],
        },
        { id: 'u', load: 100 },
      ],
      routes: [
        { id: 'r1', driver: 'd1', jobs: ['a', 'b'] },
        { id: 'r2', driver: 'd2', jobs: [] },
        { id: 'r3', stops: [{ type: 'job', job: 'c' }] },
      ],
    };
    expect(countAggregates(problem)).toEqual({
      num_assigned_jobs: 3,
      num_unassigned_jobs: 1,
      num_drivers_used: 1,
      num_routes: 3,
      load: 5,
      loads: [
        { metric: 'kg', amount: 6 },
        { metric: 'boxes', amount: 4 },
      ],
    });
    expect(countAggregates({})).toEqual({ num_assigned_jobs: 0, num_unassigned_jobs: 0, num_drivers_used: 0, num_routes: 0 });
  });
});
