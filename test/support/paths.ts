import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The compiled CLI next to the compiled tests (tests run from the build folder). */
export const cliMain = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'cli', 'main.js');

/** The checkout: tests run from `<repo>/<build folder>/test/support`. */
const repoRootFromTests = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * The shared benchmark folder: `WAYPLAN_BENCH_DIR`, else `../shared/bench` beside the checkout, else
 * this machine's `/work/shared/bench` (a clone made with `mktemp -d` has no sibling `shared`).
 */
export function sharedBenchFolder(): string {
  const candidates = [process.env.WAYPLAN_BENCH_DIR, join(repoRootFromTests, '..', 'shared', 'bench'), '/work/shared/bench'];
  return candidates.find((folder): folder is string => folder !== undefined && existsSync(folder)) ?? '/work/shared/bench';
}

/** The tuning instances kept in the repository, apart from the report set. */
export const tuningBenchFolder = join(repoRootFromTests, 'bench', 'solver', 'tuning');
