import { apply, faultsOf } from './apply.js';

describe('dict delta', () => {
  const before = { routes: [{ id: 'r', custom: { a: '1', b: '2', c: '3' } }] };
  const custom = (delta: object) =>
    apply(before, { $path: ['routes'], $collection: 'keyed_array', assign: [{ id: 'r', custom: { $collection: 'dict', ...delta } }] })
      .routes![0]!.custom;

  test('unassign → move → assign, in that order', () => {
    // b is deleted before the move, so moving b does nothing; a moves to z, then assign overwrites z.
    expect(custom({ unassign: ['b'], move: { a: 'z', b: 'y' }, assign: { z: 'new', d: '4' } })).toEqual({ c: '3', z: 'new', d: '4' });
  });

  test('assign null deletes a key; a missing dict is created', () => {
    expect(custom({ assign: { a: null } })).toEqual({ b: '2', c: '3' });
    expect(apply({}, { $path: [], custom: { $collection: 'dict', assign: { k: 'v' } } })).toEqual({ custom: { k: 'v' } });
  });

  test('a problem-level custom through the root path; bad fields are reported', () => {
    expect(apply({ custom: { x: '1' } }, { $path: [], custom: { $collection: 'dict', move: { x: 'y' } } })).toEqual({ custom: { y: '1' } });
    expect(faultsOf(before, { $path: [], custom: { $collection: 'dict', move: { x: 1 } } })).toMatchObject([
      { property: 'request.deltas[0].custom.move.x', code: 'invalid_type_error' },
    ]);
    expect(faultsOf(before, { $path: [], custom: { $collection: 'dict', add: ['x'] } })).toMatchObject([
      { property: 'request.deltas[0].custom.add', code: 'unknown_delta_field_error' },
    ]);
  });
});

describe('set delta', () => {
  const before = { jobs: [{ id: 'j', allowed_days_of_week: null, job_attributes: ['a', 'b'] }] };
  const edit = (field: string, delta: object) =>
    apply(before, { $path: ['jobs'], $collection: 'keyed_array', assign: [{ id: 'j', [field]: { $collection: 'set', ...delta } }] })
      .jobs![0] as Record<string, unknown>;

  test('remove → add; adding a member twice keeps one', () => {
    expect(edit('job_attributes', { remove: ['a'], add: ['c', 'b', 'a'] }).job_attributes).toEqual(['b', 'c', 'a']);
  });

  test('a null target starts from $default: removing one weekday from "all days"', () => {
    const week = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
    expect(edit('allowed_days_of_week', { $default: week, remove: ['sun'] }).allowed_days_of_week).toEqual(week.slice(0, 6));
    expect(edit('required_route_attributes', { add: ['x'] }).required_route_attributes).toEqual(['x']);
  });

  test('members are strings', () => {
    expect(
      faultsOf(before, {
        $path: ['jobs'],
        $collection: 'keyed_array',
        assign: [{ id: 'j', job_attributes: { $collection: 'set', add: [3] } }],
      }),
    ).toMatchObject([{ property: 'request.deltas[0].assign[0].job_attributes.add[0]', code: 'invalid_type_error' }]);
  });
});
