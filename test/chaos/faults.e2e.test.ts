import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client, Connection } from '@temporalio/client';
import { writeSyntheticFleet } from '../../bench/nightly/synthetic-fleet.js';
import { connectTemporal } from '../../runtime/temporal-client.js';
import { FakeUpstream } from '../geo/geocoding/fake-upstream.js';
import { runCli, type CliRun } from '../support/cli.js';
import { postJson, request, type JsonResponse } from '../support/http.js';
import { PrivateInfra } from '../support/private-infra.js';
import { sequenceProblem } from '../support/problems.js';
import { TestStack, type TestUser } from '../support/stack.js';

/**
 * Faults in the middle of work, on a stack (one API, two workers on the same queues) with its own
 * PostgreSQL and Temporal: each round starts a nightly run (CLI, one territory), a geocode batch
 * (CLI, 320 addresses against a slow upstream) and a build task (API), waits until all three are
 * running, injects one fault, and then requires each to end with its full, correct result and
 * nothing left running. Each round prints when the fault was injected and how long each piece of
 * work took to finish after it.
 */

const planDate = '2026-12-01';
const batchSize = 320;
const buildJobs = 150;

let infra: PrivateInfra;
let stack: TestStack;
let upstream: FakeUpstream;
let user: TestUser;
let folder: string;
let temporal: { connection: Connection; client: Client } | undefined;
let beforeTheFault = false;
const queuePrefix = `test-chaos-${process.pid}`;

const cliEnv = (): Record<string, string> => ({
  DATABASE_URL: infra.databaseUrl,
  TEMPORAL_ADDRESS: infra.temporalAddress,
  WAYPLAN_TASK_QUEUE_PREFIX: queuePrefix,
  WAYPLAN_DATA_DIR: process.env.WAYPLAN_TEST_DATA_DIR!,
});
const cli = (args: string[]): Promise<CliRun> => runCli(args, cliEnv());

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'wayplan-chaos-work-'));
  infra = await PrivateInfra.start();
  upstream = await new FakeUpstream().start();
  // Slow answers keep a batch busy for several seconds; slower ones (still well inside the
  // geocoder's timeout) until the fault, so that the geocoding work is still running when the
  // last of the three starts, however busy the machine.
  upstream.behaviour = () => ({ kind: 'ok', delayMs: beforeTheFault ? 1500 : 250 });
  stack = await TestStack.start(
    {
      DATABASE_URL: infra.databaseUrl,
      TEMPORAL_ADDRESS: infra.temporalAddress,
      WAYPLAN_TASK_QUEUE_PREFIX: queuePrefix,
      WAYPLAN_GEOCODER: 'nominatim',
      WAYPLAN_GEOCODER_URL: upstream.url,
      WAYPLAN_GEOCODER_TIMEOUT_MS: '3000',
      WAYPLAN_GEOCODER_CONCURRENCY: '4',
      WAYPLAN_GEOCODER_BREAKER_FAILURES: '1000',
    },
    { workers: 2 },
  );
  user = await stack.createUser();
}, 300000);

afterAll(async () => {
  await temporal?.connection.close();
  await stack?.stop();
  await upstream?.stop();
  await infra?.stop();
  rmSync(folder, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Retries `attempt` through refused connections and outages until it gives a value. */
async function eventually<T>(what: string, attempt: () => Promise<T | undefined>, timeoutMs = 240000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await attempt();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    await sleep(250);
  }
  throw new Error(`${what} did not happen (last error: ${String(last)})`);
}

async function temporalClient(): Promise<Client> {
  temporal ??= await connectTemporal(infra.temporalAddress, 'default');
  return temporal.client;
}

interface Work {
  name: string;
  /** True once running, else what is seen of it. */
  running(): Promise<true | string>;
  finish(): Promise<void>;
}

/** The build task: started once the slower work runs, so that it is still searching at the fault. */
interface BuildWork extends Work {
  taskId(): string | undefined;
}

function startBuild(round: string): BuildWork {
  // The fault lands within a poll of the build's first progress, and the geocode batch, not the
  // build, ends most rounds: 8 s of search cover the one and spare the CPU the round shares with it
  // (with 15 s the build ended 13 s after the fault, the batch 12-29 s after it).
  const problem = sequenceProblem(buildJobs / 3, { routes: 3, seed: round.length, timeLimit: '00:00:08' });
  const body = {
    jobs: problem.routes.flatMap((r) => r.jobs),
    routes: problem.routes.map((r) => ({ ...r, jobs: [] })),
    settings: problem.settings,
  };
  const auth = { authorization: user.basic };
  let id: string | undefined;
  const started = postJson(`${stack.baseUrl}/v1/build`, body, auth).then((r) => (id = r.body.task_id as string));
  const status = () => request(`${stack.baseUrl}/v1/tasks/${id}`, { headers: auth });
  return {
    name: 'build task',
    taskId: () => id,
    running: async () => {
      if ((await started) === undefined) return 'not started';
      const now = (await status()).body;
      return now.progress !== undefined || `task ${now.status}, no progress yet`;
    },
    finish: async () => {
      let last = '';
      let response: JsonResponse = await eventually('the build result', async () => {
        const r = await request(`${stack.baseUrl}/v1/tasks/${id}/result?wait=1`, { headers: auth });
        last = `${r.status} ${r.text.slice(0, 300)}`;
        return r.status === 200 ? r : undefined;
      }).catch(async (err: Error) => {
        const row = (await stack.query('SELECT status, progress IS NOT NULL AS progressed FROM tasks WHERE id = $1', [id])).rows[0];
        const pending = (await (await temporalClient()).workflow.getHandle(id!).describe()).raw.pendingActivities;
        throw new Error(`${err.message}; last answer ${last}; task ${JSON.stringify(row)}; pending activities ${JSON.stringify(pending)}`);
      });
      expect(response.status).toBe(200);
      const placed = (response.body.routes as { stops: { type: string; id: string }[] }[]).flatMap((r) =>
        r.stops.filter((s) => s.type === 'job').map((s) => s.id),
      );
      const unrouted = (response.body.unrouted_jobs ?? []) as { id: string }[];
      expect([...placed, ...unrouted.map((j) => j.id)].sort()).toEqual(body.jobs.map((j) => j.id).sort());
      response = await status();
      expect(response.body.status).toBe('completed');
    },
  };
}

function startBatch(round: string): Work {
  const file = join(folder, `${round}.csv`);
  writeFileSync(
    file,
    ['id,address', ...Array.from({ length: batchSize }, (_, i) => `${i},"${i} avenue ${round}, 98000 Monaco"`)].join('\n') + '\n',
  );
  const run = cli(['geocode', file, '--json', '--batch-size', '40', '--window', '2']);
  const counts = async () => {
    const rows = await stack.query(
      `SELECT b.status, count(*) FILTER (WHERE a.status <> 'pending')::int AS done FROM geocode_batches b JOIN geocode_batch_addresses a ON a.batch_id = b.id WHERE b.source = $1 GROUP BY b.status`,
      [`${round}.csv`],
    );
    return rows.rows[0] as { status: string; done: number } | undefined;
  };
  return {
    name: 'geocode batch',
    running: async () => {
      const now = await counts();
      return (now !== undefined && now.status === 'running' && now.done > 0) || `batch ${JSON.stringify(now)}`;
    },
    finish: async () => {
      const done = await run;
      expect(done.stderr).toBe('');
      expect(done.code).toBe(0);
      expect(JSON.parse(done.stdout)).toMatchObject({ total: batchSize, geocoded: batchSize, failed: 0, pending: 0 });
      expect(await counts()).toEqual({ status: 'completed', done: batchSize });
    },
  };
}

async function startNightly(round: string): Promise<Work> {
  const fleet = join(folder, `fleet-${round}`);
  writeSyntheticFleet(fleet, {
    territories: 1,
    jobsPerTerritory: 60,
    driversPerTerritory: 3,
    date: planDate,
    addressEvery: 4,
    seed: round.length + 11,
  });
  await stack.query(`INSERT INTO platform_connections(account, name, kind, settings) VALUES ($1, $2, 'csv_folder', $3)`, [
    user.account,
    round,
    JSON.stringify({ path: fleet }),
  ]);
  const started = await cli([
    'run',
    'nightly',
    '--connection',
    round,
    '--account',
    user.account,
    '--date',
    planDate,
    '--json',
    // Long enough to outlast the geocoding batch's start (a CLI process, then answers slowed to 1.5 s):
    // with 3 s the run ended before the batch's first answer on a busy machine, and the two never ran together.
    '--time-limit',
    '20',
  ]);
  expect(started.code).toBe(0);
  const { run_id: runId, workflow_id: workflowId } = JSON.parse(started.stdout) as { run_id: string; workflow_id: string };
  const row = async () =>
    (
      await stack.query(
        'SELECT r.status, t.step, t.jobs, t.routed, t.unrouted FROM pipeline_runs r LEFT JOIN pipeline_run_territories t ON t.run_id = r.id WHERE r.id = $1',
        [runId],
      )
    ).rows[0];
  return {
    name: 'nightly run',
    running: async () => {
      const now = await row();
      return (now?.status === 'running' && now.step !== null) || `run ${JSON.stringify(now)}`;
    },
    finish: async () => {
      const outcome = await eventually('the nightly result', async () => (await temporalClient()).workflow.getHandle(workflowId).result());
      expect(outcome).toMatchObject({ runId, status: 'completed' });
      const done = await row();
      expect(done.status).toBe('completed');
      expect(done.jobs).toBe(60);
      expect(done.routed + done.unrouted.length).toBe(60);
    },
  };
}

/** One round: the three pieces of work, the fault once all are running, then every outcome. */
async function round(name: string, inject: (build: BuildWork) => Promise<void>): Promise<void> {
  const start = Date.now();
  beforeTheFault = true;
  const allRunning = async (work: Work[]): Promise<void> => {
    let waiting: string[] = [];
    await eventually(
      'all work running',
      async () => {
        const states = await Promise.all(work.map((w) => w.running().catch((err: unknown) => String(err))));
        waiting = states.flatMap((state, i) => (state === true ? [] : [`${work[i]!.name}: ${state}`]));
        return waiting.length === 0 ? true : undefined;
      },
      120000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}; not running: ${waiting.join('; ')}`);
    });
  };
  const slower = [await startNightly(name), startBatch(name)];
  await allRunning(slower);
  const build = startBuild(name);
  const work = [...slower, build];
  await allRunning(work);
  const faultAt = Date.now();
  beforeTheFault = false;
  await inject(build);
  const back = Date.now();
  const finished = await Promise.all(work.map(async (w) => (await w.finish(), Date.now())));
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = work.map((w, i) => `${w.name} done ${seconds(finished[i]! - faultAt)} after the fault`);
  process.stdout.write(
    `chaos ${name}: injected ${seconds(faultAt - start)} after the work started, service back after ${seconds(back - faultAt)}; ${lines.join('; ')}\n`,
  );
  // Nothing is left running: tasks, batches and runs all reached a final state.
  const running = await stack.query(
    `SELECT (SELECT count(*) FROM tasks WHERE status = 'running')::int + (SELECT count(*) FROM geocode_batches WHERE status = 'running')::int
          + (SELECT count(*) FROM pipeline_runs WHERE status = 'running')::int AS n`,
  );
  expect(running.rows[0].n).toBe(0);
  // Only the processes the fault killed went away.
  expect(stack.crashes).toEqual([]);
}

test(
  'SIGKILL of the API in the middle of the work',
  () =>
    round('api-kill', async () => {
      await stack.killApi('SIGKILL');
      await sleep(1000);
      await stack.startApi();
    }),
  400000,
);

test(
  'SIGKILL of the worker running the build, in the middle of the work; the other worker and the restarted one finish it',
  () =>
    round('worker-kill', async (build) => {
      const description = await (await temporalClient()).workflow.getHandle(build.taskId()!).describe();
      // Temporal names a worker `<pid>@<host>`.
      const pid = Number((description.raw.pendingActivities?.[0]?.lastWorkerIdentity ?? '').split('@')[0]);
      const victim = [0, 1].find((i) => stack.workerPid(i) === pid);
      expect(victim).toBeDefined();
      await stack.killWorker('SIGKILL', victim);
      await sleep(1000);
      stack.startWorker(victim);
    }),
  400000,
);

test(
  'SIGKILL of the Temporal server in the middle of the work',
  () =>
    round('temporal-kill', async () => {
      await infra.killTemporal(1000);
    }),
  400000,
);

test(
  'a restart of PostgreSQL in the middle of the work',
  () =>
    round('postgres-restart', async () => {
      await infra.restartPostgres(1000);
    }),
  400000,
);
