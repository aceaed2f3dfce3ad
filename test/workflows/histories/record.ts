import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils.js';
import pg from 'pg';
import { writeSyntheticFleet } from '../../../bench/nightly/synthetic-fleet.js';
import { randomId } from '../../../store/ids.js';
import { repoRoot } from '../../../runtime/paths.js';
import { connectTemporal } from '../../../runtime/temporal-client.js';
import { addPlatformConnection } from '../../../store/platform-connections.js';
import { workflowTypes, type Workflows } from '../../../workflows/contract.js';
import { FakeUpstream } from '../../geo/geocoding/fake-upstream.js';
import globalSetup from '../../support/global-setup.js';
import globalTeardown from '../../support/global-teardown.js';
import { postJson, request } from '../../support/http.js';
import { sequenceProblem } from '../../support/problems.js';
import { TestStack } from '../../support/stack.js';

/**
 * Records the workflow histories that `replay.test.ts` replays, from real runs on a real stack
 * (PostgreSQL, the Temporal dev server, the API and a worker, as the e2e suite starts them).
 * Record again only after a deliberate, versioned change of a workflow:
 *   node scripts/prepare.mjs && node dist/test/workflows/histories/record.js
 * The JSON files are written beside this script's source, in test/workflows/histories/.
 */
const target = join(repoRoot, 'test', 'workflows', 'histories');
const queuePrefix = `record-${randomId(6).toLowerCase()}`;
const planDate = '2026-12-01';

await globalSetup();
const upstream = await new FakeUpstream().start();
const stack = await TestStack.start({
  WAYPLAN_TASK_QUEUE_PREFIX: queuePrefix,
  WAYPLAN_GEOCODER: 'nominatim',
  WAYPLAN_GEOCODER_URL: upstream.url,
  WAYPLAN_GEOCODER_MAX_ATTEMPTS: '1',
  WAYPLAN_GEOCODER_BREAKER_FAILURES: '1000',
});
const { connection, client } = await connectTemporal(process.env.WAYPLAN_TEST_TEMPORAL_ADDRESS!, 'default');
const pool = new pg.Pool({ connectionString: process.env.WAYPLAN_TEST_DATABASE_URL, max: 2 });
const fleet = mkdtempSync(join(tmpdir(), 'wayplan-record-'));

async function save(name: string, workflowId: string): Promise<void> {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  // The workflow id goes with the history: workflows derive their children's ids from it.
  writeFileSync(join(target, `${name}.json`), `{"workflowId":${JSON.stringify(workflowId)},"history":${historyToJSON(history)}}\n`);
  process.stdout.write(`${name}: ${history.events?.length ?? 0} events\n`);
}

try {
  const user = await stack.createUser();
  const auth = { authorization: user.basic };

  // An API task that completes.
  const done = await postJson(`${stack.baseUrl}/v1/sequence`, sequenceProblem(8, { routes: 2 }), auth);
  await client.workflow.getHandle(done.body.task_id as string).result();
  await save('operation-task-completed', done.body.task_id as string);

  // An API task canceled while its operation runs.
  const long = await postJson(`${stack.baseUrl}/v1/sequence`, sequenceProblem(200, { timeLimit: '00:01:00' }), auth);
  const longId = long.body.task_id as string;
  while ((await request(`${stack.baseUrl}/v1/tasks/${longId}`, { headers: auth })).body.progress === undefined) await new Promise((r) => setTimeout(r, 200));
  await request(`${stack.baseUrl}/v1/tasks/${longId}/cancel`, { method: 'POST', headers: auth });
  await client.workflow.getHandle(longId).result().catch(() => undefined);
  await save('operation-task-canceled', longId);

  // A quick operation's task: its workflow on the solve queue runs the operation as a local activity.
  const quick = await postJson(`${stack.baseUrl}/v1/evaluate`, sequenceProblem(8, { routes: 2 }), auth);
  await client.workflow.getHandle(quick.body.task_id as string).result();
  await save('operation-task-local-completed', quick.body.task_id as string);

  // A nightly run of one territory whose addresses are geocoded through a batch; the geocoder
  // refuses every address's first request, so the chunk is retried, and never finds one address.
  writeSyntheticFleet(fleet, { territories: 1, jobsPerTerritory: 12, driversPerTerritory: 2, date: planDate, addressEvery: 3 });
  await addPlatformConnection(pool, user.account, 'fleet', { kind: 'csv_folder', settings: { path: fleet } });
  const lost = '6 Boulevard du Test T01, 98000 Monaco';
  upstream.behaviour = ({ key, attempt }) => (key === lost ? { kind: 'status', status: 400 } : attempt <= 1 ? { kind: 'status', status: 503 } : { kind: 'ok' });
  const nightly = `nightly:${user.account}:fleet:${planDate}`;
  await client.workflow.execute<Workflows['nightlyPlan']>(workflowTypes.nightlyPlan, {
    workflowId: nightly,
    taskQueue: `${queuePrefix}-io`,
    args: [
      {
        account: user.account,
        connection: 'fleet',
        date: planDate,
        days: 1,
        runId: randomId(9),
        trigger: 'manual',
        solveQueue: `${queuePrefix}-solve`,
        solve: { randomSeed: 1 },
        geocode: { attempts: 4, retryIntervalMs: 200 },
      },
    ],
  });
  await save('nightly-plan', nightly);
  await save('nightly-territory', `${nightly}:T01`);
  await save('geocode-batch', `${nightly}:T01:geocode`);
  await save('geocode-batch-chunk', `${nightly}:T01:geocode:chunk-0`);
} finally {
  await connection.close();
  await pool.end();
  await stack.stop();
  await upstream.stop();
  await globalTeardown();
  rmSync(fleet, { recursive: true, force: true });
}
