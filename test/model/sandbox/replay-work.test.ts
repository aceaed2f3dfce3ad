import { replayRevisions, snapshotState, type StoredRevision } from '../../../model/sandbox/index.js';
import { CHECKPOINT_INTERVAL } from '../../../model/sandbox/replay.js';
import { OPERATIONS, type Problem } from '../../../model/index.js';
import { schemaNode } from '../../../model/types/schema.js';
import { countSchemaVisits } from '../../support/schema-visits.js';

const jobCount = 300;
const jobSchema = schemaNode(OPERATIONS.canonicalize.body).properties!.jobs!.items!;
const problem = { jobs: Array.from({ length: jobCount }, (_, j) => ({ id: `j${j}`, location: `47.${6000 + j}, -122.3` })) };
const editJob = (k: number): unknown[] => [
  { $path: ['jobs'], $collection: 'keyed_array', assign: [{ id: `j${k}`, time_on_site: `00:${String(k).padStart(2, '0')}:00` }] },
];

describe('what sandbox reads and snapshots canonicalize', () => {
  test('a read as far from its checkpoint as there is canonicalizes the plan once, then only the job each revision edits', () => {
    const checkpoint = snapshotState(problem);
    const deltas = CHECKPOINT_INTERVAL - 1;
    const revisions: StoredRevision[] = [
      { revision: CHECKPOINT_INTERVAL, kind: 'deltas', body: { deltas: editJob(0) }, state: checkpoint },
      ...Array.from({ length: deltas }, (_, k): StoredRevision => ({
        revision: CHECKPOINT_INTERVAL + k + 1,
        kind: 'deltas',
        body: { deltas: editJob(k + 1) },
        state: undefined,
      })),
    ];
    let state: Problem | undefined;
    // Canonicalizing each replayed revision whole visited all the jobs 15 times.
    expect(countSchemaVisits(jobSchema, () => (state = replayRevisions(revisions)))).toBe(jobCount + deltas - 1);
    expect(state!.jobs!.slice(0, deltas + 2).map((job) => job.time_on_site)).toEqual([
      undefined,
      ...Array.from({ length: deltas }, (_, k) => `00:${String(k + 1).padStart(2, '0')}:00`),
      undefined,
    ]);
  });

  test("a snapshot walks its jobs twice: to put them in validation's form, which is the canonical form, and to validate them", () => {
    let state: Problem | undefined;
    // Canonicalizing after validating walked them a third time.
    expect(countSchemaVisits(jobSchema, () => (state = snapshotState(problem)))).toBe(2 * jobCount);
    expect(state!.jobs![0]).toEqual({ id: 'j0', location: '47.6000,-122.3' });
  });
});
