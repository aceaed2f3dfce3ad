import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { classHierarchy } from '../../geo/road/contraction-hierarchy.js';
import { contract } from '../../geo/road/contract.js';
import {
  allVariants,
  osmAttribution,
  readRoadGraph,
  RoadGraphWriter,
  roadGraphFormatVersion,
  variantKey,
} from '../../geo/road/road-graph.js';
import { createRoadProvider } from '../../geo/road/road-provider.js';
import type { TravelProvider } from '../../geo/travel.js';
import { spatialOrder } from '../../geo/road/locality.js';
import { largestStronglyConnected } from '../../geo/road/strongly-connected.js';
import { buildTurnGraph } from '../../geo/road/turn-graph.js';
import { travelVariant } from '../../geo/road/road-router.js';
import { builtGrid } from '../../test/geo/support/built-grid.js';
import { writeOsmPbf } from '../../test/geo/support/osm-pbf-writer.js';
import { streetGrid } from '../../test/geo/support/street-grid.js';
import { cpuTimed } from './measure.js';

/**
 * A graph file of an N × N street grid with the default travel class only (auto, U-turns, no
 * avoidance), every variant key routed on it: enough to measure queries on a grid whose full
 * import (every class) takes too long, contracted once and kept at `path` for later runs.
 */
export function oneClassGridGraph(n: number, path: string): void {
  if (existsSync(path)) return;
  mkdirSync(dirname(path), { recursive: true });
  const { network, restrictions } = builtGrid(n);
  const variant = travelVariant({});
  const storage = variantKey(variant);
  const turnGraph = buildTurnGraph(network, restrictions[variant.profile], variant);
  const contraction = cpuTimed(() => contract(turnGraph, { layout: spatialOrder(network) }));
  console.log(`one-class grid ${n}: contracted ${network.segmentCount} segments in ${(contraction.cpuMs / 1000).toFixed(1)} s of CPU`);
  const writer = new RoadGraphWriter(`${path}.partial`, network);
  writer.addVariant(storage, {
    turnGraph,
    hierarchy: classHierarchy(contraction.value.hierarchy, 0),
    snappable: largestStronglyConnected(turnGraph.nodeCount, turnGraph.first, turnGraph.target),
  });
  writer.finish({
    format: 'wayplan-road-graph',
    version: roadGraphFormatVersion,
    source: `grid-${n}`,
    attribution: osmAttribution,
    variantStorage: Object.fromEntries(allVariants().map((each) => [variantKey(each), storage])),
    vertexCount: network.vertexCount,
    segmentCount: network.segmentCount,
  });
  renameSync(`${path}.partial`, path);
}

/** Where the one-class graph of an N × N grid is kept between runs. */
export function oneClassGridPath(n: number): string {
  return join(tmpdir(), 'wayplan-one-class', `grid-${n}.wpgraph`);
}

/**
 * The road provider over the default class of an N × N street grid, contracted on first use and
 * kept under the temporary folder (the file `bench:road -- --grid N --one-class` uses).
 */
export function roadGridProvider(n: number): TravelProvider {
  const path = oneClassGridPath(n);
  oneClassGridGraph(n, path);
  return createRoadProvider(readRoadGraph(path));
}

/**
 * The OpenStreetMap extract of an N × N street grid, written on first use and kept under the
 * temporary folder: a service imports it as its map (all its travel classes).
 */
export function gridExtractPath(n: number): string {
  const path = join(tmpdir(), 'wayplan-road-grid', `grid-${n}.osm.pbf`);
  if (existsSync(path)) return path;
  mkdirSync(dirname(path), { recursive: true });
  const grid = streetGrid(n);
  writeFileSync(`${path}.partial`, writeOsmPbf(grid.nodes, grid.ways, grid.relations));
  renameSync(`${path}.partial`, path);
  return path;
}
