import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import { classHierarchy } from '../../geo/road/contraction-hierarchy.js';
import { contract } from '../../geo/road/contract.js';
import { allVariants, osmAttribution, RoadGraphWriter, roadGraphFormatVersion, variantKey } from '../../geo/road/road-graph.js';
import { spatialOrder } from '../../geo/road/locality.js';
import { largestStronglyConnected } from '../../geo/road/strongly-connected.js';
import { buildTurnGraph } from '../../geo/road/turn-graph.js';
import { travelVariant } from '../../geo/road/road-router.js';
import { builtGrid } from '../../test/geo/support/built-grid.js';
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
