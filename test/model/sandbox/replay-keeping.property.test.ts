import fc from 'fast-check';
import { replayRevisions, stateAfterDeltas, type StoredRevision } from '../../../model/sandbox/index.js';
import type { Problem } from '../../../model/index.js';

/**
 * Replay canonicalizes again only the top-level entities a revision's deltas can have changed.
 * Checked here against replaying as each revision was written (apply to a copy, canonicalize the
 * whole result), on histories whose deltas move inline entities to their collections, make
 * collections null or not arrays and arrays again, edit by template and by another key, and
 * move jobs between routes: the same JSON text at every revision.
 */

const id = (prefix: string, count: number) => fc.integer({ min: 0, max: count - 1 }).map((n) => `${prefix}${n}`);
const jobId = id('j', 5);
const driverId = id('d', 3);
const markerId = id('m', 2);
const routeId = id('r', 3);
const scheduleId = id('s', 2);
const latlon = fc.constantFrom('47.6, -122.3', '47.7,-122.4', ' 47.5 ,-122.1');

const marker = fc.oneof(latlon, markerId, fc.record({ id: markerId, location: latlon }), fc.record({ location: latlon }));
const driver = fc.oneof(driverId, fc.record({ id: driverId, name: fc.constantFrom('Ann', 'Bo') }, { requiredKeys: ['id'] }));
const inlineJob = fc.record({ id: jobId, location: marker, name: fc.constantFrom('x', 'y') }, { requiredKeys: ['id'] });
const routeJob = fc.oneof(jobId, inlineJob);

/** What an assign entry sets on a job: null removes the field. */
const jobFields = fc.record(
  {
    name: fc.option(fc.constantFrom('a', 'b', 'c'), { nil: null }),
    location: fc.option(marker, { nil: null }),
    time_on_site: fc.constantFrom('00:05:00', '0:5:0', '01:00:00.5'),
    required_driver: fc.option(driver, { nil: null }),
    job_attributes: fc.record({ $collection: fc.constant('set'), add: fc.subarray(['cold', 'heavy']) }),
    unknown_field: fc.constant(1),
  },
  { requiredKeys: [] },
);

const jobs = (operation: Record<string, unknown>) => ({ $path: ['jobs'], $collection: 'keyed_array', ...operation });
const delta: fc.Arbitrary<unknown> = fc.oneof(
  {
    arbitrary: fc
      .array(fc.tuple(jobId, jobFields), { minLength: 1, maxLength: 2 })
      .map((entries) => jobs({ assign: entries.map(([job, fields]) => ({ id: job, ...fields })) })),
    weight: 6,
  },
  fc.array(jobId, { minLength: 1, maxLength: 2 }).map((ids) => jobs({ unassign: ids })),
  fc.tuple(fc.array(jobId, { minLength: 1, maxLength: 3 }), jobFields).map(([ids, fields]) => jobs({ assign_template: fields, ids })),
  fc.tuple(fc.array(jobId, { minLength: 1, maxLength: 2 }), jobFields).map(([ids, fields]) => jobs({ assign: fields, ids })),
  fc.tuple(fc.constantFrom('a', 'b'), latlon).map(([name, location]) => jobs({ key: 'name', assign: [{ name, location }] })),
  fc.tuple(fc.constantFrom('a', 'b'), jobFields).map(([name, fields]) => jobs({ key: 'name', assign_template: fields, ids: [name] })),
  fc
    .record({ id: routeId, driver, jobs: fc.array(routeJob, { maxLength: 3 }) }, { requiredKeys: ['id'] })
    .map((route) => ({ $path: ['routes'], $collection: 'keyed_array', assign: [route] })),
  fc
    .tuple(routeId, fc.array(routeJob, { minLength: 1, maxLength: 2 }), fc.nat({ max: 3 }))
    .map(([route, values, index]) => ({ $path: ['routes', { id: route }, 'jobs'], $collection: 'array', insert: values, index })),
  fc.tuple(routeId, jobId).map(([route, job]) => ({ $path: ['routes', { id: route }, 'jobs'], remove: [job] })),
  fc
    .record({ id: scheduleId, jobs: fc.array(jobId, { maxLength: 2 }) })
    .map((schedule) => ({ $path: ['schedules'], $collection: 'keyed_array', assign: [schedule] })),
  fc
    .tuple(scheduleId, routeJob)
    .map(([schedule, value]) => ({ $path: ['schedules', { id: schedule }, 'jobs'], $collection: 'array', set: [{ index: 0, value }] })),
  fc
    .tuple(
      fc.constantFrom('jobs', 'drivers', 'markers', 'routes'),
      fc.oneof(
        fc.constant(null),
        fc.constant([]),
        fc.array(inlineJob, { maxLength: 2 }),
        fc.record({ $collection: fc.constant('keyed_array'), assign: fc.array(inlineJob, { minLength: 1, maxLength: 1 }) }),
      ),
    )
    .map(([key, value]) => ({ $path: [], [key]: value })),
  fc.constantFrom('jobs', 'drivers', 'markers').map((key) => ({ $path: [], [key]: { $collection: 'keyed_array', unassign: ['j0'] } })),
  fc.constant({ $path: [], custom: { $collection: 'dict', assign: { b: '2', a: '1', __proto__: null } } }),
);

/** A start state as a materialized revision may hold it: not necessarily canonical. */
const start = fc.record(
  {
    jobs: fc.oneof(fc.array(inlineJob, { maxLength: 4 }), fc.constant(null)),
    routes: fc.array(fc.record({ id: routeId, driver, jobs: fc.array(routeJob, { maxLength: 3 }) }, { requiredKeys: ['id'] }), {
      maxLength: 2,
    }),
    drivers: fc.constant(null),
  },
  { requiredKeys: [] },
);

/** Each revision's state as written: the deltas on a copy of the previous state, canonicalized whole; a revision that cannot apply is left out. */
function written(state: Problem, revisions: unknown[][]): { kept: unknown[][]; states: Problem[] } {
  const kept: unknown[][] = [];
  const states: Problem[] = [];
  for (const deltas of revisions) {
    try {
      state = stateAfterDeltas(state, deltas);
    } catch {
      continue;
    }
    kept.push(deltas);
    states.push(state);
  }
  return { kept, states };
}

describe('replay keeps the entities a revision does not touch', () => {
  test('random delta histories from a stored state: the same JSON at every revision as canonicalizing each whole', () => {
    fc.assert(
      fc.property(start, fc.array(fc.array(delta, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 15 }), (first, drawn) => {
        const { kept, states } = written(first as Problem, drawn);
        const stored: StoredRevision[] = [
          { revision: 0, kind: 'deltas', body: { deltas: [] }, state: structuredClone(first) as Problem },
          ...kept.map((deltas, n): StoredRevision => ({ revision: n + 1, kind: 'deltas', body: { deltas }, state: undefined })),
        ];
        states.forEach((state, n) => expect(JSON.stringify(replayRevisions(stored.slice(0, n + 2)))).toBe(JSON.stringify(state)));
        // Replay leaves what it was given as it was.
        expect(stored[0]!.state).toEqual(first);
      }),
      { numRuns: 300, seed: 20261129 },
    );
  });
});
