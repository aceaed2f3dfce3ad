import { apply, faultsOf } from './apply.js';

describe('object delta', () => {
  const before = {
    name: 'plan',
    settings: { default_time_on_site: '00:05:00', clustering: 'natural' },
    jobs: [{ id: 'j1', location: '1,2', time_window: { start: '08:00:00', end: '12:00:00' }, custom: { a: 'x', b: 'y' } }],
  };

  test('assigns root fields, merges nested objects as sub-deltas, null unsets', () => {
    expect(apply(before, { $path: [], name: 'renamed', settings: { clustering: 'centroid', default_time_on_site: null } })).toEqual({
      name: 'renamed',
      settings: { clustering: 'centroid' },
      jobs: before.jobs,
    });
  });

  test('fields the delta does not name are kept, also inside a collection element', () => {
    const after = apply(before, {
      $path: ['jobs'],
      $collection: 'keyed_array',
      assign: [{ id: 'j1', time_window: { end: '13:00:00' }, custom: { b: null, c: 'z' } }],
    });
    expect(after.jobs).toEqual([
      { id: 'j1', location: '1,2', time_window: { start: '08:00:00', end: '13:00:00' }, custom: { a: 'x', c: 'z' } },
    ]);
  });

  test('arrays, strings and numbers replace the value', () => {
    const after = apply(before, {
      $path: ['jobs'],
      $collection: 'keyed_array',
      assign: [{ id: 'j1', job_attributes: ['fragile'], load: 3, location: '3,4' }],
    });
    expect(after.jobs![0]).toMatchObject({ job_attributes: ['fragile'], load: 3, location: '3,4' });
  });

  test('$create creates a missing object by default; $create false leaves it missing', () => {
    expect(apply({}, { $path: [], settings: { clustering: 'natural' } }).settings).toEqual({ clustering: 'natural' });
    expect(apply({}, { $path: [], settings: { $create: false, clustering: 'natural' } })).toEqual({});
  });

  test('unknown $ fields, a $path on a sub-delta and a wrong target type are rejected where they are', () => {
    expect(faultsOf(before, { $path: [], $merge: true })).toMatchObject([
      { property: 'request.deltas[0].$merge', code: 'unknown_delta_field_error' },
    ]);
    expect(faultsOf(before, { $path: [], settings: { $path: ['x'] } })).toMatchObject([
      { property: 'request.deltas[0].settings.$path', code: 'delta_path_not_allowed_error' },
    ]);
    expect(faultsOf(before, { $path: [], name: { first: 'x' } })).toMatchObject([
      { property: 'request.deltas[0].name', code: 'delta_target_type_error' },
    ]);
    expect(faultsOf(before, { $path: [], settings: { $create: 'yes' } })).toMatchObject([
      { property: 'request.deltas[0].settings.$create', code: 'invalid_type_error' },
    ]);
    expect(faultsOf(before, { $path: [], settings: { $collection: 'tree' } })).toMatchObject([
      { property: 'request.deltas[0].settings.$collection', code: 'invalid_enum_value_error' },
    ]);
  });

  test('a "__proto__" field is data, never the prototype', () => {
    const delta = JSON.parse('{"$path": [], "custom": {"__proto__": "yes"}}') as unknown;
    const after = apply({}, delta);
    expect(Object.getPrototypeOf(after.custom)).toBe(Object.prototype);
    expect(Object.entries(after.custom!)).toEqual([['__proto__', 'yes']]);
  });
});
