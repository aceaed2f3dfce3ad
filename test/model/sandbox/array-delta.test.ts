import { MAX_SET_INDEX } from '../../../model/sandbox/array-delta.js';
import { apply, faultsOf } from './apply.js';

const jobs = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));
const before = {
  jobs,
  routes: [
    { id: 'r1', jobs: ['a', 'b'] },
    { id: 'r2', jobs: ['c', 'd'] },
  ],
};
const routeJobs = (route: string) => ['routes', { id: route }, 'jobs'];
const jobsOf = (problem: { routes?: { id: string; jobs?: unknown[] }[] }) =>
  Object.fromEntries((problem.routes ?? []).map((route) => [route.id, route.jobs]));

describe('array delta on route jobs', () => {
  test('insert at an index; without index at the end', () => {
    expect(jobsOf(apply(before, { $path: routeJobs('r1'), $collection: 'array', insert: ['e'], index: 1 }))).toEqual({
      r1: ['a', 'e', 'b'],
      r2: ['c', 'd'],
    });
    expect(jobsOf(apply(before, { $path: routeJobs('r1'), $collection: 'array', insert: ['e'] }))).toEqual({
      r1: ['a', 'b', 'e'],
      r2: ['c', 'd'],
    });
  });

  test('an index past the end inserts at the end', () => {
    expect(jobsOf(apply(before, { $path: routeJobs('r1'), $collection: 'array', insert: ['e'], index: 40 })).r1).toEqual(['a', 'b', 'e']);
  });

  test('inserting a job that is on another route moves it', () => {
    expect(jobsOf(apply(before, { $path: routeJobs('r1'), $collection: 'array', insert: ['c'], index: 0 }))).toEqual({
      r1: ['c', 'a', 'b'],
      r2: ['d'],
    });
  });

  test('moving within a route: the index counts the jobs after the job is taken off', () => {
    expect(jobsOf(apply(before, { $path: routeJobs('r2'), $collection: 'array', insert: ['c'], index: 1 })).r2).toEqual(['d', 'c']);
  });

  test('replace takes the named jobs off other routes; jobs it drops become unassigned', () => {
    expect(jobsOf(apply(before, { $path: routeJobs('r2'), $collection: 'array', replace: ['b', 'e'] }))).toEqual({
      r1: ['a'],
      r2: ['b', 'e'],
    });
  });

  test('remove by id string or by {id} selector', () => {
    expect(jobsOf(apply(before, { $path: routeJobs('r1'), $collection: 'array', remove: ['a', { id: 'b' }] })).r1).toEqual([]);
  });

  test('the singular alias works, an unknown route changes nothing, and an omitted $collection is the path’s', () => {
    expect(jobsOf(apply(before, { $path: ['route', { id: 'r1' }, 'jobs'], insert: ['e'] })).r1).toEqual(['a', 'b', 'e']);
    expect(apply(before, { $path: routeJobs('nope'), $collection: 'array', insert: ['e'] })).toEqual(before);
  });

  test('a job given inline is moved to the jobs collection (stored problems stay canonical)', () => {
    const after = apply(before, { $path: routeJobs('r1'), $collection: 'array', insert: [{ id: 'f', location: '5,5' }] });
    expect(after.routes![0]!.jobs).toEqual(['a', 'b', 'f']);
    expect(after.jobs!.at(-1)).toEqual({ id: 'f', location: '5,5' });
  });

  test('job stops are taken off too', () => {
    const withStops = {
      jobs,
      routes: [
        {
          id: 'r1',
          stops: [
            { type: 'job', job: 'a' },
            { type: 'job', job: 'b' },
          ],
        },
        { id: 'r2', jobs: [] },
      ],
    };
    const after = apply(withStops, { $path: routeJobs('r2'), $collection: 'array', insert: ['a'] });
    expect(after.routes).toEqual([
      { id: 'r1', stops: [{ type: 'job', job: 'b' }] },
      { id: 'r2', jobs: ['a'] },
    ]);
  });

  test('route jobs take replace, insert and remove only; exactly one; index only with insert', () => {
    expect(faultsOf(before, { $path: routeJobs('r1'), $collection: 'array', set: [{ index: 0, value: 'e' }] })).toMatchObject([
      { property: 'request.deltas[0].set', code: 'delta_operation_not_allowed_error' },
    ]);
    expect(faultsOf(before, { $path: routeJobs('r1'), $collection: 'array', insert: ['e'], remove: ['a'] })).toMatchObject([
      { code: 'mutually_exclusive_properties_error' },
    ]);
    expect(faultsOf(before, { $path: routeJobs('r1'), $collection: 'array' })).toMatchObject([{ code: 'required_property_missing_error' }]);
    expect(faultsOf(before, { $path: routeJobs('r1'), $collection: 'array', remove: ['a'], index: 0 })).toMatchObject([
      { property: 'request.deltas[0].index' },
    ]);
    expect(faultsOf(before, { $path: routeJobs('r1'), $collection: 'array', insert: ['e'], index: -1 })).toMatchObject([
      { property: 'request.deltas[0].index', code: 'value_out_of_range_error' },
    ]);
    expect(faultsOf(before, { $path: routeJobs('r1'), $collection: 'keyed_array', assign: [] })).toMatchObject([
      { code: 'delta_collection_mismatch_error', parameters: { expected: 'array' } },
    ]);
  });

  test('a job that does not exist is a reference fault pinned to the delta', () => {
    expect(faultsOf(before, { $path: routeJobs('r1'), $collection: 'array', insert: ['ghost'] })).toMatchObject([
      { property: 'request.deltas[0]', code: 'reference_not_found_error', parameters: { problem_property: 'request.routes[0].jobs[2]' } },
    ]);
  });
});

describe('array delta on schedule jobs', () => {
  const scheduled = { jobs: [{ id: 's1' }, { id: 's2' }], schedules: [{ id: 'weekly', type: 'weekly', jobs: ['s1'] }] };

  test('set writes by index and pads with null', () => {
    const after = apply(scheduled, {
      $path: ['schedules', { id: 'weekly' }, 'jobs'],
      $collection: 'array',
      set: [{ index: 3, value: 's2' }],
    });
    expect(after.schedules![0]!.jobs).toEqual(['s1', null, null, 's2']);
  });

  test('only set is allowed', () => {
    expect(faultsOf(scheduled, { $path: ['schedule', { id: 'weekly' }, 'jobs'], $collection: 'array', insert: ['s2'] })).toMatchObject([
      { property: 'request.deltas[0].insert', code: 'delta_operation_not_allowed_error', parameters: { allowed: ['set'] } },
    ]);
    expect(
      faultsOf(scheduled, { $path: ['schedules', { id: 'weekly' }, 'jobs'], $collection: 'array', set: [{ value: 's2' }] }),
    ).toMatchObject([{ property: 'request.deltas[0].set[0].index', code: 'required_property_missing_error' }]);
  });

  test('a set index past the limit is refused before anything is padded', () => {
    const path = ['schedules', { id: 'weekly' }, 'jobs'];
    expect(
      faultsOf(scheduled, {
        $path: path,
        $collection: 'array',
        set: [
          { index: 0, value: 's2' },
          { index: 3_000_000, value: 's2' },
        ],
      }),
    ).toEqual([
      expect.objectContaining({
        property: 'request.deltas[0].set[1].index',
        code: 'value_out_of_range_error',
        parameters: { property_name: 'index', minimum: 0, maximum: MAX_SET_INDEX },
      }),
    ]);
    expect(
      apply(scheduled, { $path: path, $collection: 'array', set: [{ index: MAX_SET_INDEX, value: 's2' }] }).schedules![0]!.jobs,
    ).toHaveLength(MAX_SET_INDEX + 1);
  });
});

describe('array delta as a sub-delta', () => {
  test('edits any array field: replace, insert, remove by value, set', () => {
    const before = { routes: [{ id: 'r', route_attributes: ['x', 'y'] }] };
    const edit = (delta: object) =>
      apply(before, {
        $path: ['routes'],
        $collection: 'keyed_array',
        assign: [{ id: 'r', route_attributes: { $collection: 'array', ...delta } }],
      }).routes![0]!.route_attributes;
    expect(edit({ replace: ['z'] })).toEqual(['z']);
    expect(edit({ insert: ['w'], index: 0 })).toEqual(['w', 'x', 'y']);
    expect(edit({ remove: ['x'] })).toEqual(['y']);
    expect(edit({ set: [{ index: 1, value: 'q' }] })).toEqual(['x', 'q']);
  });

  test('nested in a job sub-delta, a huge set index is refused too', () => {
    const before = { jobs: [{ id: 'j', custom: { tags: ['a'] } }] };
    const faults = faultsOf(before, {
      $path: ['jobs'],
      $collection: 'keyed_array',
      assign: [{ id: 'j', custom: { tags: { $collection: 'array', set: [{ index: 3_000_000, value: 'b' }] } } }],
    });
    expect(faults).toMatchObject([{ code: 'value_out_of_range_error', property: 'request.deltas[0].assign[0].custom.tags.set[0].index' }]);
  });
});
