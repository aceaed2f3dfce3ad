import { join } from 'node:path';
import { repoRoot } from '../runtime/paths.js';

/** The demo map shipped with the repository (Monaco; © OpenStreetMap contributors, ODbL, see geo/maps/ATTRIBUTION.md). */
export function demoMapPath(): string {
  return join(repoRoot, 'geo', 'maps', 'monaco.osm.pbf');
}
