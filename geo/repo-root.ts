import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root: the nearest folder above this module holding package.json and geo/maps/.
 * Compiled code runs from `<dist>/geo/...`; when the build folder lies outside the repository,
 * the working directory is searched the same way.
 */
export function repoRoot(): string {
  const found = rootAbove(dirname(fileURLToPath(import.meta.url))) ?? rootAbove(process.cwd());
  if (!found) throw new Error(`no repository root (package.json with geo/maps/) above ${fileURLToPath(import.meta.url)} or ${process.cwd()}`);
  return found;
}

function rootAbove(start: string): string | undefined {
  for (let folder = start; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json')) && existsSync(join(folder, 'geo', 'maps'))) return folder;
    if (dirname(folder) === folder) return undefined;
  }
}

/** The demo map shipped with the repository (Monaco; © OpenStreetMap contributors, ODbL, see geo/maps/ATTRIBUTION.md). */
export function demoMapPath(): string {
  return join(repoRoot(), 'geo', 'maps', 'monaco.osm.pbf');
}
