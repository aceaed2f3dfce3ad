import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { bundleWorkflowCode, type Logger, type WorkflowBundleOption } from '@temporalio/worker';
import { compiledPath } from '../runtime/paths.js';

/** Relative imports of compiled code: `from './x.js'`, `import './x.js'`, `import('./x.js')`. */
const relativeImport = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** `entry` and every compiled file of ours it imports, directly or not: what webpack puts of ours in the bundle. */
function ownModules(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(relativeImport)) visit(resolve(dirname(file), specifier!));
  };
  visit(entry);
  return [...seen].sort();
}

/**
 * What the bundle is made of: our compiled workflow files and the installed packages (npm's record
 * of node_modules names every package's version). Undefined without that record: no reuse then.
 */
function bundleKey(entry: string): string | undefined {
  const sdk = createRequire(import.meta.url).resolve('@temporalio/workflow');
  const installed = join(sdk.slice(0, sdk.lastIndexOf('node_modules') + 'node_modules'.length), '.package-lock.json');
  if (!existsSync(installed)) return undefined;
  const hash = createHash('sha256').update(readFileSync(installed));
  for (const file of ownModules(entry)) hash.update(`\0${file}\0`).update(readFileSync(file));
  return hash.digest('hex').slice(0, 24);
}

/**
 * The workflow code bundled for Temporal's sandbox. Bundling takes seconds of CPU (webpack), so the
 * bundle is kept beside the compiled workflows under a key of what it is made of, and every later
 * start of a worker on the same build reads it; the next compile removes it with the other outputs
 * that have no source. Where it cannot be written, the worker goes on with the bundle in memory.
 */
export async function loadWorkflowBundle(logger: Logger): Promise<WorkflowBundleOption> {
  const workflowsPath = compiledPath('workflows', 'index.js');
  const key = bundleKey(workflowsPath);
  const codePath = key && compiledPath('workflows', 'bundles', `${key}.js`);
  if (codePath && existsSync(codePath)) return { codePath };
  const { code } = await bundleWorkflowCode({ workflowsPath, logger });
  if (codePath) {
    try {
      // Written whole, then renamed: a worker starting alongside reads either no file or all of it.
      mkdirSync(dirname(codePath), { recursive: true });
      const partial = `${codePath.slice(0, -'.js'.length)}-${process.pid}.js`;
      writeFileSync(partial, code);
      renameSync(partial, codePath);
    } catch (err) {
      logger.warn(`the workflow bundle is not kept for the next start: ${(err as Error).message}`);
    }
  }
  return { code };
}
