import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { contract } from './contract.js';
import { RoadNetworkBuilder } from './network-builder.js';
import { readOsmPbf } from './pbf/osm-pbf-reader.js';
import { segmentFlagFerry, segmentFlagHazmatRestricted, segmentFlagToll, type ProfileName } from './profile.js';
import { allVariants, osmAttribution, RoadGraphWriter, roadGraphFormatVersion, variantKey } from './road-graph.js';
import type { RoadNetwork } from './road-network.js';
import { largestStronglyConnected } from './strongly-connected.js';
import { buildTurnGraph, type TravelVariant } from './turn-graph.js';

export interface ImportProgress {
  phase: 'read' | 'build' | 'contract' | 'write';
  /** Progress of the whole import, 0..1. */
  fraction: number;
}

export interface ImportOptions {
  onProgress?: (progress: ImportProgress) => void;
}

export interface ImportResult {
  seconds: number;
  vertexCount: number;
  segmentCount: number;
  /** Distinct contraction hierarchies built (variants that change nothing share one). */
  hierarchies: number;
  fileBytes: number;
}

// Shares of the total time, measured on Monaco, so that the progress bar moves evenly.
const readShare = 0.1;
const buildShare = 0.1;
const contractShare = 0.75;

/**
 * Imports an OpenStreetMap `.osm.pbf` extract into a routable road graph file: the road network
 * for the `auto` and `truck` profiles and one contraction hierarchy per travel variant.
 */
export function importOsm(pbfPath: string, outPath: string, options: ImportOptions = {}): ImportResult {
  const started = performance.now();
  const report = options.onProgress ?? ((): void => {});
  const builder = new RoadNetworkBuilder();
  readOsmPbf(readFileSync(pbfPath), {
    node: (id, lat, lon) => builder.node(id, lat, lon),
    way: (id, refs, tags) => builder.way(id, refs, tags),
    relation: (id, members, tags) => builder.relation(id, members, tags),
    progress: (read, total) => report({ phase: 'read', fraction: (readShare * read) / total }),
  });
  const { network, restrictions } = builder.build();
  if (network.segmentCount === 0) throw new Error(`${pbfPath}: no roads for motor vehicles in this extract`);

  const variantStorage: Record<string, string> = {};
  const classes = new Map<string, TravelVariant>();
  for (const variant of allVariants()) {
    const effective = {
      ...variant,
      avoidFerries: variant.avoidFerries && hasFlag(network, variant.profile, segmentFlagFerry),
      avoidTolls: variant.avoidTolls && hasFlag(network, variant.profile, segmentFlagToll),
      avoidHazmatRestricted: variant.avoidHazmatRestricted && hasFlag(network, variant.profile, segmentFlagHazmatRestricted),
    };
    const storage = variantKey(effective);
    variantStorage[variantKey(variant)] = storage;
    classes.set(storage, effective);
  }
  report({ phase: 'build', fraction: readShare + buildShare });
  // Classes that differ only in hazmat closures share one contraction order, found on the first
  // of them (contracting in a given order skips the priority simulations: on a 100 x 100 grid
  // 2.7 s instead of 7.3 s of CPU, for the same hierarchy size). Profiles, toll or ferry
  // avoidance and U-turn rules change which paths are shortest everywhere, and a borrowed order
  // there costs more shortcuts than it saves (on that grid +40 % arcs and 11.8 s for the toll-free
  // class, +75 % arcs and 33 s for the class without U-turns): they get their own.
  // Each class is written as soon as it is contracted and then dropped: peak memory is the
  // network and one class, not every class at once.
  const writer = new RoadGraphWriter(outPath, network);
  let fileBytes: number;
  try {
    const orders = new Map<string, Int32Array>();
    let contracted = 0;
    const contractProgress = (fraction: number): void => report({ phase: 'contract', fraction: readShare + buildShare + (contractShare * (contracted + fraction)) / classes.size });
    for (const [storage, variant] of classes) {
      const turnGraph = buildTurnGraph(network, restrictions[variant.profile], variant);
      const orderKey = `${variant.profile}:${variant.avoidTolls}:${variant.avoidFerries}:${variant.uTurns}`;
      const order = orders.get(orderKey);
      const contraction = contract(turnGraph, order ? { order, onProgress: contractProgress } : { onProgress: contractProgress });
      if (!order) orders.set(orderKey, contraction.order);
      writer.addVariant(storage, { turnGraph, hierarchy: contraction.hierarchy, snappable: largestStronglyConnected(turnGraph.nodeCount, turnGraph.first, turnGraph.target) });
      contracted++;
    }
    report({ phase: 'write', fraction: readShare + buildShare + contractShare });
    fileBytes = writer.finish({
      format: 'wayplan-road-graph',
      version: roadGraphFormatVersion,
      source: basename(pbfPath),
      attribution: osmAttribution,
      variantStorage,
      vertexCount: network.vertexCount,
      segmentCount: network.segmentCount,
    });
  } catch (error) {
    writer.abort();
    throw error;
  }
  report({ phase: 'write', fraction: 1 });
  return {
    seconds: (performance.now() - started) / 1000,
    vertexCount: network.vertexCount,
    segmentCount: network.segmentCount,
    hierarchies: classes.size,
    fileBytes,
  };
}

function hasFlag(network: RoadNetwork, profile: ProfileName, flag: number): boolean {
  const { directedKey, segmentFlags } = network.profiles[profile];
  for (let s = 0; s < network.segmentCount; s++) {
    const open = directedKey[2 * s] !== Infinity || directedKey[2 * s + 1] !== Infinity;
    if (open && (segmentFlags[s]! & flag) !== 0) return true;
  }
  return false;
}
