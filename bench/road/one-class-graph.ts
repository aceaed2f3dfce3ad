import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { classHierarchy } from '../../geo/road/contraction-hierarchy.js';
import { contract } from '../../geo/road/contract.js';
import { RoadNetworkBuilder } from '../../geo/road/network-builder.js';
import { readOsmPbf } from '../../geo/road/pbf/osm-pbf-reader.js';
import { allVariants, osmAttribution, RoadGraphWriter, roadGraphFormatVersion, variantKey } from '../../geo/road/road-graph.js';
import { largestStronglyConnected } from '../../geo/road/strongly-connected.js';
import { buildTurnGraph } from '../../geo/road/turn-graph.js';
import { travelVariant } from '../../geo/road/road-router.js';
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
  const pbfPath = `${path}.osm.pbf`;
  const grid = streetGrid(n);
  writeFileSync(pbfPath, writeOsmPbf(grid.nodes, grid.ways, grid.relations));
  const builder = new RoadNetworkBuilder();
  readOsmPbf(readFileSync(pbfPath), {
    node: (id, lat, lon) => builder.node(id, lat, lon),
    way: (id, refs, tags) => builder.way(id, refs, tags),
    relation: (id, members, tags) => builder.relation(id, members, tags),
  });
  const { network, restrictions } = builder.build();
  const variant = travelVariant({});
  const storage = variantKey(variant);
  const turnGraph = buildTurnGraph(network, restrictions[variant.profile], variant);
  const contraction = cpuTimed(() => contract(turnGraph));
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
