import { availableParallelism } from 'node:os';
import { ConfigError, loadConfig } from '../../runtime/config.js';

describe('loadConfig', () => {
  test('WAYPLAN_SOLVER_THREADS: the machine’s cores by default, at least 1', () => {
    expect(loadConfig({}).solverThreads).toBe(availableParallelism());
    expect(loadConfig({ WAYPLAN_SOLVER_THREADS: '3' }).solverThreads).toBe(3);
    expect(() => loadConfig({ WAYPLAN_SOLVER_THREADS: '0' })).toThrow(ConfigError);
  });

  test('WAYPLAN_SEARCH_ITERATIONS: unset by default (the engine sizes the search), else an integer of at least 1', () => {
    expect(loadConfig({}).searchIterations).toBeUndefined();
    expect(loadConfig({ WAYPLAN_SEARCH_ITERATIONS: '5000' }).searchIterations).toBe(5000);
    expect(() => loadConfig({ WAYPLAN_SEARCH_ITERATIONS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ WAYPLAN_SEARCH_ITERATIONS: 'many' })).toThrow(ConfigError);
  });

  test('WAYPLAN_PLATFORM_CONNECT_TIMEOUT and WAYPLAN_PLATFORM_STATEMENT_TIMEOUT: seconds, 5 and 60 by default', () => {
    expect(loadConfig({}).platformLimits).toEqual({ connectTimeoutMs: 5000, statementTimeoutMs: 60_000, keepAliveIdleMs: 30_000 });
    expect(loadConfig({ WAYPLAN_PLATFORM_CONNECT_TIMEOUT: '0.5', WAYPLAN_PLATFORM_STATEMENT_TIMEOUT: '300' }).platformLimits).toEqual({
      connectTimeoutMs: 500,
      statementTimeoutMs: 300_000,
      keepAliveIdleMs: 30_000,
    });
    expect(() => loadConfig({ WAYPLAN_PLATFORM_CONNECT_TIMEOUT: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ WAYPLAN_PLATFORM_STATEMENT_TIMEOUT: 'soon' })).toThrow(ConfigError);
  });

  test('WAYPLAN_TRAVEL_BLOCK and WAYPLAN_TRAVEL_CONCURRENCY: an engine asked in blocks of 50 × 50, 4 at a time, by default', () => {
    expect(loadConfig({}).travel.matrixRequests).toEqual({ blockSize: 50, inFlight: 4 });
    expect(loadConfig({ WAYPLAN_TRAVEL_BLOCK: '100', WAYPLAN_TRAVEL_CONCURRENCY: '8' }).travel.matrixRequests).toEqual({
      blockSize: 100,
      inFlight: 8,
    });
    expect(() => loadConfig({ WAYPLAN_TRAVEL_BLOCK: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ WAYPLAN_TRAVEL_CONCURRENCY: 'all' })).toThrow(ConfigError);
  });

  test('WAYPLAN_CONNECT_TIMEOUT and WAYPLAN_KEEPALIVE_IDLE: seconds, 2 and 30 by default; the connect timeout also reaching Temporal, the keepalive also on platform connections', () => {
    expect(loadConfig({}).databaseLimits).toEqual({ connectTimeoutMs: 2000, keepAliveIdleMs: 30_000 });
    expect(loadConfig({}).temporalConnectTimeoutMs).toBe(2000);
    const set = loadConfig({ WAYPLAN_CONNECT_TIMEOUT: '1.1', WAYPLAN_KEEPALIVE_IDLE: '120' });
    expect(set.databaseLimits).toEqual({ connectTimeoutMs: 1100, keepAliveIdleMs: 120_000 });
    expect(set.temporalConnectTimeoutMs).toBe(1100);
    expect(set.platformLimits.keepAliveIdleMs).toBe(120_000);
    expect(() => loadConfig({ WAYPLAN_CONNECT_TIMEOUT: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ WAYPLAN_KEEPALIVE_IDLE: '0.5' })).toThrow(ConfigError);
  });
});
