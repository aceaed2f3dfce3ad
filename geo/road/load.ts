import { existsSync, mkdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { importOsm } from './import.js';
import { readRoadGraph, roadGraphFormatVersion, type RoadGraph } from './road-graph.js';
import { readSectionedMeta } from './sectioned-file.js';

/** Where an extract's imported graph lives in a maps folder: `<mapsDir>/<name>.wpgraph`. */
export function mapGraphPath(pbfPath: string, mapsDir: string): string {
  return join(mapsDir, `${basename(pbfPath).replace(/\.osm\.pbf$|\.pbf$/, '')}.wpgraph`);
}

/**
 * The road graph of an extract, imported first when the graph file is missing, older than the
 * extract, or of another format version.
 */
export function loadRoadGraph(pbfPath: string, graphPath: string): RoadGraph {
  if (!isCurrent(pbfPath, graphPath)) {
    mkdirSync(dirname(graphPath), { recursive: true });
    importOsm(pbfPath, graphPath);
  }
  return readRoadGraph(graphPath);
}

function isCurrent(pbfPath: string, graphPath: string): boolean {
  if (!existsSync(graphPath) || statSync(graphPath).mtimeMs < statSync(pbfPath).mtimeMs) return false;
  try {
    // The header alone: a large map's graph is many gigabytes.
    return readSectionedMeta<{ version?: number }>(graphPath).version === roadGraphFormatVersion;
  } catch {
    return false;
  }
}
