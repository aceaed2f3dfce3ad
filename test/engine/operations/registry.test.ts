import { engineOperation, operations, taskRecords } from '../../../engine/operations/registry.js';
import { isOperationName, OPERATIONS } from '../../../model/operations.js';

describe('operation registry', () => {
  test('every record is filed under its own name', () => {
    for (const [name, record] of Object.entries(operations)) expect(record.name).toBe(name);
  });

  test('every operation but the platform tasks has its request schema in the model; engine tasks take a problem', () => {
    for (const record of Object.values(operations)) {
      if (record.mode === 'task' && record.runner === 'platform') continue;
      expect(isOperationName(record.name)).toBe(true);
      if (record.mode === 'task' && record.runner === 'engine') expect(OPERATIONS[record.name].problem).toBe(true);
    }
  });

  test('engine tasks run on the solve queue, the geocoder and platform tasks on the io queue', () => {
    const queues = Object.fromEntries(taskRecords().map((record) => [record.name, record.queue]));
    expect(queues).toEqual({
      sequence: 'solve',
      build: 'solve',
      optimize: 'solve',
      evaluate: 'solve',
      geocode: 'io',
      reverse_geocode: 'io',
      recommend: 'solve',
      insert: 'solve',
      assignment_restrictions: 'solve',
      centroids: 'solve',
      zones: 'solve',
      consolidate_by_job_restrictions: 'solve',
      consolidate_by_route_assignments: 'solve',
      platform_pull: 'io',
      platform_sync: 'io',
    });
  });

  test('the dispatcher finds engine tasks only', () => {
    expect(engineOperation('build')?.name).toBe('build');
    expect(engineOperation('geocode')).toBeUndefined();
    expect(engineOperation('path')).toBeUndefined();
    expect(engineOperation('toString')).toBeUndefined();
  });
});
