import { existsSync, mkdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { repoRoot } from '../../runtime/paths.js';
import { demoMapPath } from '../repo-root.js';
import { importOsm } from './import.js';
import { readRoadGraph, roadGraphFormatVersion, type RoadGraph } from './road-graph.js';
import { readSectionedFile } from './sectioned-file.js';

/** Where an imported extract's graph lives by default: `.data/maps/<name>.wpgraph` in the repository. */
export function defaultGraphPath(pbfPath: string): string {
  const name = basename(pbfPath).replace(/\.osm\.pbf$|\.pbf$/, '');
  return join(repoRoot, '.data', 'maps', `${name}.wpgraph`);
}

/**
 * The road graph of an extract (default: the demo map in geo/maps/), imported first when the
 * graph file is missing, older than the extract, or of another format version.
 */
export function loadRoadGraph(pbfPath: string = demoMapPath(), graphPath: string = defaultGraphPath(pbfPath)): RoadGraph {
  if (!isCurrent(pbfPath, graphPath)) {
    mkdirSync(dirname(graphPath), { recursive: true });
    importOsm(pbfPath, graphPath);
  }
  return readRoadGraph(graphPath);
}

function isCurrent(pbfPath: string, graphPath: string): boolean {
  if (!existsSync(graphPath) || statSync(graphPath).mtimeMs < statSync(pbfPath).mtimeMs) return false;
  try {
    return readSectionedFile<{ version?: number }>(graphPath).meta.version === roadGraphFormatVersion;
  } catch {
    return false;
  }
}
