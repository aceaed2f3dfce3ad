import { ENTITY_COLLECTIONS } from '../../../model/index.js';
import { apply, faultsOf } from './apply.js';

describe('top-level $path', () => {
  // Collections whose members are valid with an id alone (the others require more fields).
  const idOnly = ENTITY_COLLECTIONS.filter((collection) => !['markers', 'shift_patterns', 'schedules', 'zones'].includes(collection));

  test.each(idOnly)('%s and its singular are keyed arrays by id', (collection) => {
    const plural = apply({}, { $path: [collection], $collection: 'keyed_array', assign: [{ id: 'x' }] });
    const singular = apply({}, { $path: [collection.slice(0, -1)], $collection: 'keyed_array', assign: [{ id: 'x' }] });
    expect(plural).toEqual({ [collection]: [{ id: 'x' }] });
    expect(singular).toEqual(plural);
  });

  test('$path is required on top-level deltas and limited to the canonical places', () => {
    expect(faultsOf({}, { name: 'x' })).toMatchObject([
      { property: 'request.deltas[0]', code: 'required_property_missing_error', parameters: { property_name: '$path' } },
    ]);
    for (const path of [
      ['settings'],
      ['jobs', { id: 'j' }],
      ['jobs', { id: 'j' }, 'custom'],
      ['routes', { id: 'r' }, 'stops'],
      ['routes', 'r', 'jobs'],
      ['unknown'],
      'jobs',
    ]) {
      const faults = faultsOf({}, { $path: path, name: 'x' });
      expect(faults).toMatchObject([{ property: 'request.deltas[0].$path' }]);
    }
  });

  test('a $collection other than the path’s is refused', () => {
    expect(faultsOf({}, { $path: [], $collection: 'dict', assign: {} })).toMatchObject([
      { property: 'request.deltas[0].$collection', code: 'delta_collection_mismatch_error', parameters: { expected: 'object' } },
    ]);
    expect(faultsOf({}, { $path: ['jobs'], $collection: 'object', name: 'x' })).toMatchObject([
      { code: 'delta_collection_mismatch_error', parameters: { expected: 'keyed_array' } },
    ]);
  });

  test('deltas apply in order; a later delta sees the earlier ones', () => {
    const after = apply(
      {},
      { $path: ['jobs'], $collection: 'keyed_array', assign: [{ id: 'j1' }, { id: 'j2' }] },
      { $path: ['routes'], $collection: 'keyed_array', assign: [{ id: 'r' }] },
      { $path: ['routes', { id: 'r' }, 'jobs'], $collection: 'array', insert: ['j2', 'j1'] },
      { $path: ['jobs'], $collection: 'keyed_array', assign: [{ id: 'j1', name: 'first' }] },
    );
    expect(after).toEqual({ jobs: [{ id: 'j1', name: 'first' }, { id: 'j2' }], routes: [{ id: 'r', jobs: ['j2', 'j1'] }] });
  });
});
