import { availableParallelism } from 'node:os';
import { ConfigError, loadConfig } from '../../runtime/config.js';

describe('loadConfig', () => {
  test('WAYPLAN_SOLVER_THREADS: the machine’s cores by default, at least 1', () => {
    expect(loadConfig({}).solverThreads).toBe(availableParallelism());
    expect(loadConfig({ WAYPLAN_SOLVER_THREADS: '3' }).solverThreads).toBe(3);
    expect(() => loadConfig({ WAYPLAN_SOLVER_THREADS: '0' })).toThrow(ConfigError);
  });
});
