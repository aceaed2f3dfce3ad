import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRepoRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

/** The checkout's root: compiled code runs from `dist/...`, so walk up to package.json. */
export const repoRoot = findRepoRoot(dirname(fileURLToPath(import.meta.url)));

/** The demo map shipped with the repository (Monaco; © OpenStreetMap contributors, ODbL, see geo/maps/ATTRIBUTION.md). */
export function demoMapPath(): string {
  return join(repoRoot, 'geo', 'maps', 'monaco.osm.pbf');
}

/** Where the compiled JavaScript of a source folder lives, e.g. `compiledPath('workflows')`. */
export function compiledPath(...parts: string[]): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', ...parts);
}
