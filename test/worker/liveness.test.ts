import { heartbeat } from '@temporalio/activity';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { livenessBeats } from '../../worker/liveness.js';
import { waitUntil } from '../support/wait.js';

test("the worker's beats for an activity repeat the details of the activity's own last beat", async () => {
  const env = new MockActivityEnvironment(
    { heartbeatTimeoutMs: 30000 },
    { interceptors: [livenessBeats], logger: new DefaultLogger('ERROR', () => undefined) },
  );
  const beats: unknown[] = [];
  env.on('heartbeat', (details: unknown) => beats.push(details));
  let second = 0;
  await env.run(async () => {
    heartbeat(1000);
    await waitUntil('the worker beats', async () => (beats.length >= 2 ? true : undefined), { everyMs: 50 });
    second = beats.length;
    heartbeat(2000);
    await waitUntil('the worker beats again', async () => (beats.length >= second + 2 ? true : undefined), { everyMs: 50 });
  });
  expect(new Set(beats.slice(0, second))).toEqual(new Set([1000]));
  expect(new Set(beats.slice(second))).toEqual(new Set([2000]));
});
