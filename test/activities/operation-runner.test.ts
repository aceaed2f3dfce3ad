import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'prom-client';
import { OperationPool, type OperationRun } from '../../activities/operation-runner.js';
import { sequenceProblem } from '../support/problems.js';

const mapsDir = mkdtempSync(join(tmpdir(), 'wayplan-runner-'));
let pool: OperationPool;

beforeAll(() => {
  // One thread, so the thread that runs an operation is the pool's only one.
  pool = new OperationPool({ provider: 'straight_line', map: undefined, mapsDir }, 1);
});
afterAll(async () => {
  await pool.close();
  rmSync(mapsDir, { recursive: true, force: true });
});

const evaluate: OperationRun = { operation: 'evaluate', request: JSON.stringify(sequenceProblem(6, { routes: 2 })), options: {} };
const threadIds = () => pool.workers.map((worker) => worker.threadId);

test('operations run one after the other on the same warm thread', async () => {
  const first = await pool.run(evaluate, () => undefined, new AbortController().signal);
  const before = threadIds();
  const second = await pool.run(evaluate, () => undefined, new AbortController().signal);
  expect(first.kind).toBe('result');
  expect(second).toEqual(first);
  expect(JSON.parse((first as { body: string }).body).routes).toHaveLength(2);
  expect(before).toHaveLength(1);
  expect(threadIds()).toEqual(before);
});

test('an operation that refuses its request answers its error_response', async () => {
  const problem = sequenceProblem(2);
  const tooMany = Array.from({ length: 1001 }, (_, i) => ({ id: `extra-${i}`, location: '47.6, -122.3' }));
  const outcome = await pool.run(
    { operation: 'insert', request: JSON.stringify({ ...problem, jobs_to_insert: tooMany }), options: {} },
    () => undefined,
    new AbortController().signal,
  );
  expect(outcome.kind).toBe('rejected');
  expect(JSON.parse((outcome as { body: string }).body)).toMatchObject({ status_code: 400, error_code: 'too_many_jobs_to_insert_error' });
});

test('cancel terminates the busy thread at once; the next operation gets a fresh one', async () => {
  const [busy] = pool.workers;
  const exited = once(busy!, 'exit');
  const abort = new AbortController();
  // An hour's budget: only the termination of its thread can end this search before the test times out.
  const long: OperationRun = {
    operation: 'sequence',
    request: JSON.stringify(sequenceProblem(40, { timeLimit: '01:00:00' })),
    options: {},
  };
  let reported!: () => void;
  const searching = new Promise<void>((resolve) => (reported = resolve));
  const running = pool.run(long, () => reported(), abort.signal);
  await searching;
  abort.abort(new Error('canceled by the test'));
  await expect(running).rejects.toThrow('canceled by the test');
  await exited;
  expect(pool.workers).toHaveLength(0);
  const after = await pool.run(evaluate, () => undefined, new AbortController().signal);
  expect(after.kind).toBe('result');
  expect(pool.workers).toHaveLength(1);
  expect(pool.workers[0]!.threadId).not.toBe(busy!.threadId);
});

test('warm starts every thread, each having run the engine, ahead of the first operation, which then starts none', async () => {
  const warmed = new OperationPool({ provider: 'straight_line', map: undefined, mapsDir }, 2);
  try {
    // Each thread ran the engine on its warm-up plan (20 evaluations of 3 routes) as it started.
    expect(await warmed.warm()).toEqual([60, 60, 60]);
    const started = warmed.workers.map((worker) => worker.threadId);
    expect(started).toHaveLength(2);
    await Promise.all([evaluate, evaluate].map((run) => warmed.run(run, () => undefined, new AbortController().signal)));
    expect(warmed.workers.map((worker) => worker.threadId).sort()).toEqual([...started].sort());
  } finally {
    await warmed.close();
  }
});

test('searchIterations sets the iterations of each build or optimize search in place of the default for the size', async () => {
  const iterationsOf = async (operation: string): Promise<number> => {
    const values = (await register.getSingleMetric('wayplan_solver_iterations_total')?.get())?.values ?? [];
    return values.find((value) => value.labels.operation === operation)?.value ?? 0;
  };
  // Two routes of 15 jobs and an hour's limit: without searchIterations the search runs the engine's 7,000.
  const optimize: OperationRun = {
    operation: 'optimize',
    request: JSON.stringify(sequenceProblem(15, { routes: 2, timeLimit: '01:00:00' })),
    options: {},
  };
  const bounded = new OperationPool({ provider: 'straight_line', map: undefined, mapsDir }, 1, 300);
  try {
    const before = await iterationsOf('optimize');
    const outcome = await bounded.run(optimize, () => undefined, new AbortController().signal);
    expect(outcome.kind).toBe('result');
    expect((await iterationsOf('optimize')) - before).toBe(300);
    const unbounded = await iterationsOf('optimize');
    await pool.run(optimize, () => undefined, new AbortController().signal);
    expect((await iterationsOf('optimize')) - unbounded).toBe(7000);
  } finally {
    await bounded.close();
  }
});
