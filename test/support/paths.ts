import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The compiled CLI next to the compiled tests (tests run from the build folder). */
export const cliMain = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'cli', 'main.js');
