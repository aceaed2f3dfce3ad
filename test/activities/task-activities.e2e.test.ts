import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { createTaskActivities, type TaskActivities } from '../../activities/task-activities.js';
import { loadConfig } from '../../runtime/config.js';
import { randomId } from '../../store/ids.js';
import { ChangeEvents } from '../../store/change-events.js';
import { createPool, type Pool } from '../../store/db.js';
import { taskChannel, TaskStore } from '../../store/tasks.js';
import { failureTypes } from '../../workflows/contract.js';
import { sequenceProblem } from '../support/problems.js';

/**
 * The task activity on its own, in Temporal's mock activity context against the suite's
 * PostgreSQL: no workflow, no worker. Only the public factory is used, so the tests hold for any
 * way of running the operation's thread.
 */
let pool: Pool;
let tasks: TaskStore;
let activities: TaskActivities;
const account = `activity-${randomId(6)}`;

beforeAll(async () => {
  pool = createPool(process.env.WAYPLAN_TEST_DATABASE_URL!, 4);
  await pool.query('INSERT INTO accounts(name) VALUES ($1)', [account]);
  tasks = new TaskStore(pool);
  activities = createTaskActivities({ tasks, travel: { provider: 'straight_line', map: undefined, mapsDir: tmpdir() } });
});
afterAll(async () => {
  await pool.query('DELETE FROM accounts WHERE name = $1', [account]);
  await pool.end();
});

async function storedTask(operation: string, request: unknown): Promise<string> {
  const id = randomId(16);
  await tasks.create({ id, account, user: 'tester', operation, options: {}, request: JSON.stringify(request) });
  return id;
}

/** Threads of this process, other than the main one, that are on a CPU or waiting for one (Linux). */
function busyThreads(): number[] {
  return readdirSync('/proc/self/task')
    .map(Number)
    .filter((tid) => tid !== process.pid && threadState(tid) === 'R');
}

function threadState(tid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // The state follows the command name, which is in parentheses and may itself hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined; // the thread ended while being read
  }
}

/** Checks `condition` up to `tries` times, a short pause apart; true as soon as it holds. */
async function eventually(condition: () => boolean, tries = 600): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** An activity context whose SDK log lines (the failures these tests provoke) are dropped. */
function mockEnvironment(): MockActivityEnvironment {
  return new MockActivityEnvironment(undefined, { logger: new DefaultLogger('ERROR', () => undefined) });
}

/** Resolves with the details of the first heartbeat that carries the operation's progress. */
function progressBeat(env: MockActivityEnvironment): Promise<unknown> {
  return new Promise((resolve) => {
    const onBeat = (details: unknown): void => {
      if (details === undefined) return;
      env.off('heartbeat', onBeat);
      resolve(details);
    };
    env.on('heartbeat', onBeat);
  });
}

describe('runOperation (task activity)', () => {
  test('heartbeats carry the progress of the stored operation while it runs, then its result is stored', async () => {
    const problem = sequenceProblem(200, { timeLimit: '00:00:02' });
    const id = await storedTask('sequence', problem);
    const env = mockEnvironment();
    const beats: unknown[] = [];
    env.on('heartbeat', (details: unknown) => beats.push(details));
    const progressed = progressBeat(env);

    await env.run(activities.runOperation, id);

    expect(await progressed).toMatchObject({ phase: expect.any(String) });
    // The first beat goes out before the thread starts; the later ones carry its progress.
    expect(beats.length).toBeGreaterThanOrEqual(2);
    expect((await tasks.getById(id))?.status).toBe('completed');
    const result = JSON.parse((await tasks.payload(id, 'result'))!) as { routes: { stops: unknown[] }[] };
    expect(result.routes).toHaveLength(1);
  });

  test('a quick operation (a local activity) stores its result and no progress: nothing wakes a waiting client before the result', async () => {
    const id = await storedTask('evaluate', sequenceProblem(6, { routes: 2 }));
    const env = new MockActivityEnvironment({ isLocal: true }, { logger: new DefaultLogger('ERROR', () => undefined) });
    const beats: unknown[] = [];
    env.on('heartbeat', (details: unknown) => beats.push(details));

    await env.run(activities.runOperation, id);

    const task = await tasks.getById(id);
    expect(task?.status).toBe('completed');
    // Progress is stored at most every 2 s, the first time 2 s after the start: one write, one
    // notification and one re-read by a waiting API fewer for every operation that ends sooner.
    expect(task?.progress).toBeUndefined();
    expect(beats).toEqual([]);
    expect(JSON.parse((await tasks.payload(id, 'result'))!).routes).toHaveLength(2);
  });

  test('cancel stops the thread at once: the activity rejects with a cancellation and stores no result', async () => {
    const id = await storedTask('sequence', sequenceProblem(200, { timeLimit: '00:01:00', seed: 7 }));
    const env = mockEnvironment();
    const progressed = progressBeat(env);
    const running = env.run(activities.runOperation, id);
    running.catch(() => undefined);

    await progressed;
    expect(await eventually(() => busyThreads().length > 0)).toBe(true);
    env.cancel();
    await expect(running).rejects.toBeInstanceOf(CancelledFailure);
    // A minute of search was asked for: only a terminated thread goes quiet this soon.
    expect(await eventually(() => busyThreads().length === 0)).toBe(true);
    // Putting the record in its final state is the workflow's part (finishTask), not this activity's.
    expect((await tasks.getById(id))?.status).toBe('running');
    expect(await tasks.payload(id, 'result')).toBeUndefined();
  });

  test('as a local activity (no heartbeats), a cancel through the task record stops the thread at once and stores no result', async () => {
    const changes = new ChangeEvents(process.env.WAYPLAN_TEST_DATABASE_URL!, taskChannel, loadConfig({}).databaseLimits);
    await changes.start();
    try {
      const watching = createTaskActivities({ tasks, travel: { provider: 'straight_line', map: undefined, mapsDir: tmpdir() }, changes });
      const id = await storedTask('sequence', sequenceProblem(200, { timeLimit: '00:01:00', seed: 8 }));
      const env = new MockActivityEnvironment({ isLocal: true }, { logger: new DefaultLogger('ERROR', () => undefined) });
      const beats: unknown[] = [];
      env.on('heartbeat', (details: unknown) => beats.push(details));
      const running = env.run(watching.runOperation, id);
      running.catch(() => undefined);

      expect(await eventually(() => busyThreads().length > 0)).toBe(true);
      // What the API's cancel does: the record's final state first, announced on the task channel.
      expect(await tasks.finish(id, 'canceled')).toBe(true);
      await expect(running).resolves.toBeUndefined();
      // A minute of search was asked for: only a terminated thread goes quiet this soon.
      expect(await eventually(() => busyThreads().length === 0)).toBe(true);
      expect(beats).toEqual([]);
      expect((await tasks.getById(id))?.status).toBe('canceled');
      expect(await tasks.payload(id, 'result')).toBeUndefined();
    } finally {
      await changes.close();
    }
  });

  test('a task that is not stored fails without retries (TaskMissing)', async () => {
    const env = mockEnvironment();
    const outcome = env.run(activities.runOperation, randomId(16));
    await expect(outcome).rejects.toBeInstanceOf(ApplicationFailure);
    await expect(outcome).rejects.toMatchObject({ type: failureTypes.taskMissing, nonRetryable: true });
  });
});
