import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils.js';
import { Worker } from '@temporalio/worker';
import { compiledPath, repoRoot } from '../../runtime/paths.js';

/**
 * Histories recorded from real runs (test/workflows/histories/record.ts) replayed against the
 * current workflow code: a change that would make running workflows non-deterministic (another
 * activity or child, a different order, a removed handler) fails here, before a deployment
 * strands the workflows in flight.
 */
const folder = join(repoRoot, 'test', 'workflows', 'histories');
const histories = readdirSync(folder)
  .filter((name) => name.endsWith('.json'))
  .map((name) => {
    const recorded = JSON.parse(readFileSync(join(folder, name), 'utf8')) as { workflowId: string; history: unknown };
    return { name, workflowId: recorded.workflowId, history: historyFromJSON(recorded.history) };
  });

test('every committed workflow history replays against the current workflows', async () => {
  expect(histories.map((h) => h.name).sort()).toEqual([
    'geocode-batch-chunk.json',
    'geocode-batch.json',
    'nightly-plan.json',
    'nightly-territory.json',
    'operation-task-canceled.json',
    'operation-task-completed.json',
    'operation-task-local-completed.json',
  ]);
  const failures: string[] = [];
  const replays = Worker.runReplayHistories(
    { workflowsPath: compiledPath('workflows', 'index.js'), replayName: 'committed-histories' },
    histories,
  );
  for await (const result of replays) if (result.error) failures.push(`${result.workflowId}: ${result.error.message}`);
  expect(failures).toEqual([]);
}, 120000);
