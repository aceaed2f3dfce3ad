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
  // Each class starts from the contraction order of the class already contracted that differs
  // from it least (closestDonor), and switches to its own priorities once its remaining graph
  // grows denser than the donor's at the same step (see contract). On a 100 x 100 grid that
  // takes 2.6 s (hazmat), 5.8 s (tolls), 5.0 s (U-turns) and 3.0 s (truck) of CPU instead of
  // about 6 s for an own order, for hierarchies within 4 % of an own order's size; followed to
  // the end, a borrowed order cost up to 8 times that.
  // Each class is written as soon as it is contracted and then dropped: peak memory is the
  // network and one class, not every class at once.
  const writer = new RoadGraphWriter(outPath, network);
  let fileBytes: number;
  try {
    const donors: { variant: TravelVariant; borrowed: { order: Int32Array; orderArcs: Int32Array } }[] = [];
    let contracted = 0;
    const contractProgress = (fraction: number): void =>
      report({ phase: 'contract', fraction: readShare + buildShare + (contractShare * (contracted + fraction)) / classes.size });
    for (const [storage, variant] of classes) {
      const turnGraph = buildTurnGraph(network, restrictions[variant.profile], variant);
      const donor = closestDonor(donors, variant);
      const contraction = contract(
        turnGraph,
        donor ? { borrowed: donor.borrowed, onProgress: contractProgress } : { onProgress: contractProgress },
      );
      donors.push({ variant, borrowed: { order: contraction.order, orderArcs: contraction.orderArcs } });
      writer.addVariant(storage, {
        turnGraph,
        hierarchy: contraction.hierarchy,
        snappable: largestStronglyConnected(turnGraph.nodeCount, turnGraph.first, turnGraph.target),
      });
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

/**
 * The donor whose order should serve `variant` best: settings are weighed by what a difference
 * in them cost on a 100 x 100 grid (hazmat 2.6 s, profile 3.0 s, U-turns 5.0 s, tolls 5.8 s of
 * CPU for a borrowed order against about 6 s for an own one); ferries count like tolls.
 */
function closestDonor<T extends { variant: TravelVariant }>(donors: readonly T[], variant: TravelVariant): T | undefined {
  const differences = (other: TravelVariant): number =>
    2 * Number(other.profile !== variant.profile) +
    3 * Number(other.avoidTolls !== variant.avoidTolls) +
    3 * Number(other.avoidFerries !== variant.avoidFerries) +
    3 * Number(other.uTurns !== variant.uTurns) +
    Number(other.avoidHazmatRestricted !== variant.avoidHazmatRestricted);
  let best: T | undefined;
  for (const donor of donors) if (!best || differences(donor.variant) < differences(best.variant)) best = donor;
  return best;
}

function hasFlag(network: RoadNetwork, profile: ProfileName, flag: number): boolean {
  const { directedKey, segmentFlags } = network.profiles[profile];
  for (let s = 0; s < network.segmentCount; s++) {
    const open = directedKey[2 * s] !== Infinity || directedKey[2 * s + 1] !== Infinity;
    if (open && (segmentFlags[s]! & flag) !== 0) return true;
  }
  return false;
}
