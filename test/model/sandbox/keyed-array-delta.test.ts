import { apply, faultsOf } from './apply.js';

const before = {
  jobs: [
    {
      id: 'j1',
      location: '1,1',
      loads: [
        { metric: 'kg', amount: 5 },
        { metric: 'boxes', amount: 1 },
      ],
    },
    { id: 'j2', location: '2,2' },
    { id: 'j3', location: '3,3' },
  ],
};

describe('keyed array delta', () => {
  test('assign creates missing elements at the end and updates existing ones in place', () => {
    const after = apply(before, {
      $path: ['jobs'],
      $collection: 'keyed_array',
      assign: [
        { id: 'j4', location: '4,4' },
        { id: 'j2', time_on_site: '00:10:00' },
      ],
    });
    expect(after.jobs).toEqual([
      before.jobs[0],
      { id: 'j2', location: '2,2', time_on_site: '00:10:00' },
      before.jobs[2],
      { id: 'j4', location: '4,4' },
    ]);
  });

  test('unassign removes elements by key', () => {
    expect(apply(before, { $path: ['jobs'], $collection: 'keyed_array', unassign: ['j1', 'j3', 'missing'] }).jobs).toEqual([
      before.jobs[1],
    ]);
  });

  test('assign_template applies one object delta to every element of ids, creating missing ones', () => {
    const after = apply(before, {
      $path: ['jobs'],
      $collection: 'keyed_array',
      ids: ['j2', 'j9'],
      assign_template: { time_on_site: '00:03:00' },
    });
    expect(after.jobs!.slice(1)).toEqual([
      { id: 'j2', location: '2,2', time_on_site: '00:03:00' },
      before.jobs[2],
      { id: 'j9', time_on_site: '00:03:00' },
    ]);
  });

  test('ids with assign given as one object works like assign_template (the documented examples)', () => {
    const quirk = apply(before, { $path: ['jobs'], $collection: 'keyed_array', ids: ['j2', 'j3'], assign: { custom: { batch: '7' } } });
    const template = apply(before, {
      $path: ['jobs'],
      $collection: 'keyed_array',
      ids: ['j2', 'j3'],
      assign_template: { custom: { batch: '7' } },
    });
    expect(quirk).toEqual(template);
    expect(quirk.jobs![2]).toEqual({ id: 'j3', location: '3,3', custom: { batch: '7' } });
  });

  test('$create false updates existing elements only', () => {
    const after = apply(before, {
      $path: ['jobs'],
      $collection: 'keyed_array',
      $create: false,
      assign: [
        { id: 'j9', location: '9,9' },
        { id: 'j3', name: 'three' },
      ],
    });
    expect(after.jobs!.map((job) => job.id)).toEqual(['j1', 'j2', 'j3']);
    expect(after.jobs![2]).toMatchObject({ name: 'three' });
  });

  test('nested keyed arrays take another key and do unassign → assign → assign_template in one delta', () => {
    const after = apply(before, {
      $path: ['jobs'],
      $collection: 'keyed_array',
      assign: [
        {
          id: 'j1',
          loads: {
            $collection: 'keyed_array',
            key: 'metric',
            unassign: ['boxes'],
            assign: [
              { metric: 'kg', amount: 7 },
              { metric: 'pallets', amount: 2 },
            ],
            ids: ['litres'],
            assign_template: { amount: 1 },
          },
        },
      ],
    });
    expect(after.jobs![0]!.loads).toEqual([
      { metric: 'kg', amount: 7 },
      { metric: 'pallets', amount: 2 },
      { metric: 'litres', amount: 1 },
    ]);
  });

  test('a missing collection is created', () => {
    expect(apply({}, { $path: ['drivers'], $collection: 'keyed_array', assign: [{ id: 'd1' }] })).toEqual({ drivers: [{ id: 'd1' }] });
  });

  test('top-level collections take exactly one of unassign, assign, assign_template', () => {
    expect(faultsOf(before, { $path: ['jobs'], $collection: 'keyed_array', unassign: ['j1'], assign: [{ id: 'j5' }] })).toMatchObject([
      { property: 'request.deltas[0]', code: 'delta_operation_not_allowed_error', parameters: { property_names: ['unassign', 'assign'] } },
    ]);
    expect(faultsOf(before, { $path: ['jobs'], $collection: 'keyed_array' })).toMatchObject([
      { code: 'delta_operation_not_allowed_error' },
    ]);
  });

  test('malformed entries are reported at their path', () => {
    expect(faultsOf(before, { $path: ['jobs'], $collection: 'keyed_array', assign: [{ id: 'j5' }, { location: '1,1' }] })).toMatchObject([
      { property: 'request.deltas[0].assign[1]', code: 'required_property_missing_error', parameters: { property_name: 'id' } },
    ]);
    expect(faultsOf(before, { $path: ['jobs'], $collection: 'keyed_array', assign: ['j5'] })).toMatchObject([
      { property: 'request.deltas[0].assign[0]', code: 'invalid_type_error' },
    ]);
    const loads = (delta: object) => ({
      $path: ['jobs'],
      $collection: 'keyed_array',
      assign: [{ id: 'j1', loads: { $collection: 'keyed_array', key: 'metric', ...delta } }],
    });
    expect(faultsOf(before, loads({ ids: ['kg'] }))).toMatchObject([
      { property: 'request.deltas[0].assign[0].loads.ids', code: 'required_property_missing_error' },
    ]);
    expect(faultsOf(before, loads({ assign_template: { amount: 1 } }))).toMatchObject([
      { property: 'request.deltas[0].assign[0].loads', code: 'required_property_missing_error' },
    ]);
    expect(faultsOf(before, loads({ assign: { amount: 1 } }))).toMatchObject([
      { property: 'request.deltas[0].assign[0].loads.assign', code: 'invalid_type_error' },
    ]);
    expect(faultsOf(before, { $path: ['jobs'], $collection: 'keyed_array', ids: ['j1'], assign_template: { id: 'x' } })).toMatchObject([
      { property: 'request.deltas[0].assign_template.id', code: 'delta_operation_not_allowed_error' },
    ]);
    expect(faultsOf(before, { $path: ['jobs'], $collection: 'keyed_array', assign: [{ id: 'j1', $collection: 'dict' }] })).toMatchObject([
      { property: 'request.deltas[0].assign[0].$collection', code: 'delta_collection_mismatch_error' },
    ]);
    expect(faultsOf(before, { $path: ['jobs'], $collection: 'keyed_array', remove: ['j1'] })).toMatchObject([
      { property: 'request.deltas[0].remove', code: 'unknown_delta_field_error' },
    ]);
  });
});
