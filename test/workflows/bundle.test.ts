import { bundleWorkflowCode } from '@temporalio/worker';
import { compiledPath } from '../../runtime/paths.js';

test('workflow code bundles for the Temporal sandbox (no Node built-ins, no activity values)', async () => {
  const bundle = await bundleWorkflowCode({
    workflowsPath: compiledPath('workflows', 'index.js'),
    logger: {
      log: () => undefined,
      trace: () => undefined,
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
    },
  });
  expect(bundle.code).toContain('operationTask');
}, 120000);
