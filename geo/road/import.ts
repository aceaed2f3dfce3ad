import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { classHierarchy } from './contraction-hierarchy.js';
import { contract, type ContractionWork } from './contract.js';
import { RoadNetworkBuilder } from './network-builder.js';
import { readOsmPbf } from './pbf/osm-pbf-reader.js';
import { segmentFlagFerry, segmentFlagHazmatRestricted, segmentFlagToll, type ProfileName } from './profile.js';
import { removePartialFiles } from './sectioned-file.js';
import { allVariants, osmAttribution, RoadGraphWriter, roadGraphFormatVersion, variantKey } from './road-graph.js';
import type { RoadNetwork } from './road-network.js';
import { spatialOrder } from './locality.js';
import { largestStronglyConnected } from './strongly-connected.js';
import { buildTurnGraph, classTurnGraph, turnGraphUnion, type TravelVariant } from './turn-graph.js';

export interface ImportProgress {
  phase: 'read' | 'build' | 'contract' | 'write';
  /** Progress of the whole import, 0..1. */
  fraction: number;
  /** What the phase works on (the group of travel classes being contracted). */
  step?: string;
}

/** What one stage of an import took: wall and CPU seconds (the import runs on one thread). */
export interface ImportStage {
  name: string;
  seconds: number;
  cpuSeconds: number;
  /** A contraction's work: what makes one group cost more than another, independent of the machine's load. */
  work?: ContractionWork & { nodes: number; hierarchyArcs: number };
}

export interface ImportOptions {
  onProgress?: (progress: ImportProgress) => void;
  /** Called as each stage ends (a long import's figures need not wait for its end). */
  onStage?: (stage: ImportStage) => void;
}

export interface ImportResult {
  seconds: number;
  vertexCount: number;
  segmentCount: number;
  /** Distinct contraction hierarchies built (variants that change nothing share one). */
  hierarchies: number;
  /** Contractions run: classes that differ only in the roads they avoid share one. */
  contractions: number;
  fileBytes: number;
  /** Read, build, each contraction (written as soon as it is done) and the file's end, in order. */
  stages: ImportStage[];
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
  const stages: ImportStage[] = [];
  let stageStarted = { wall: started, cpu: process.cpuUsage() };
  // An import killed while writing left its partial files beside the target: gone before anything
  // else can fail, so a failed retry does not keep them either.
  removePartialFiles(outPath);
  const endStage = (name: string, work?: ImportStage['work']): void => {
    const cpu = process.cpuUsage(stageStarted.cpu);
    const now = performance.now();
    const stage: ImportStage = { name, seconds: (now - stageStarted.wall) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
    if (work) stage.work = work;
    stages.push(stage);
    options.onStage?.(stage);
    stageStarted = { wall: now, cpu: process.cpuUsage() };
  };
  const builder = new RoadNetworkBuilder();
  readOsmPbf(readFileSync(pbfPath), {
    node: (id, lat, lon) => builder.node(id, lat, lon),
    way: (id, refs, tags) => builder.way(id, refs, tags),
    relation: (id, members, tags) => builder.relation(id, members, tags),
    progress: (read, total) => report({ phase: 'read', fraction: (readShare * read) / total }),
  });
  endStage('read');
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
  endStage('build');
  // Classes of one profile and U-turn rule differ only in the roads they avoid (tolls, ferries,
  // hazmat closures), at the same weights: they are contracted together, in one order, each arc
  // and shortcut marked with the classes it serves (see contract). On a 100 x 100 grid with a
  // toll street and a hazmat-closed one, the four classes of auto with U-turns took 7.9 s of CPU
  // together against 6.4 s for one of them alone and 21 s one after another. Classes that differ
  // in U-turns or profile are not contracted together: their weights or turns differ at every
  // intersection, and a joint contraction of the four auto classes that differ in U-turns and
  // tolls took 53 s. A truck group instead starts from the order of the auto group with the
  // same U-turn rule (see closestDonor and contract's borrowed order).
  // Each group is written as soon as it is contracted and then dropped: peak memory is the
  // network and one group's contraction, not every class at once.
  const writer = new RoadGraphWriter(outPath, network);
  let fileBytes: number;
  let contractions = 0;
  try {
    const groups = new Map<string, { variant: TravelVariant; members: [string, TravelVariant][] }>();
    for (const [storage, variant] of classes) {
      const key = `${variant.profile}:${variant.uTurns}`;
      const group = groups.get(key) ?? { variant, members: [] };
      group.members.push([storage, variant]);
      groups.set(key, group);
    }
    const donors: { variant: TravelVariant; borrowed: { order: Int32Array; orderArcs: Int32Array } }[] = [];
    // Every contraction numbers the nodes along the map while it runs (see contract's layout).
    const layout = spatialOrder(network);
    let contracted = 0;
    let step = '';
    const onProgress = (fraction: number): void =>
      report({ phase: 'contract', step, fraction: readShare + buildShare + (contractShare * (contracted + fraction)) / groups.size });
    for (const { variant, members } of groups.values()) {
      const donor = closestDonor(donors, variant);
      step = `${groupName(variant)} (${contracted + 1}/${groups.size})`;
      // Only the union is held: each class's own graph, written with its hierarchy, is taken back
      // out of it (on a 1000 x 1000 grid the four graphs of a group held 565 MB besides the union).
      const union = turnGraphUnion(members.length, (index) => {
        const member = members[index]![1];
        return buildTurnGraph(network, restrictions[member.profile], member);
      });
      const arcClasses = union.classes;
      const contraction = contract(union, { arcClasses, layout, onProgress, ...(donor && { borrowed: donor.borrowed }) });
      donors.push({ variant, borrowed: { order: contraction.order, orderArcs: contraction.orderArcs } });
      members.forEach(([storage], index) => {
        const turnGraph = classTurnGraph(union, index);
        writer.addVariant(storage, {
          turnGraph,
          hierarchy: classHierarchy(contraction.hierarchy, index),
          snappable: largestStronglyConnected(turnGraph.nodeCount, turnGraph.first, turnGraph.target),
        });
      });
      const { hierarchy } = contraction;
      endStage(
        `contract ${groupName(variant)}: ${members.length} classes, ${donor ? `order of ${groupName(donor.variant)} first` : 'own order'}`,
        {
          ...contraction.work,
          nodes: hierarchy.nodeCount,
          hierarchyArcs: hierarchy.upFirst[hierarchy.nodeCount]! + hierarchy.downFirst[hierarchy.nodeCount]!,
        },
      );
      contracted++;
    }
    contractions = groups.size;
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
  endStage('write');
  return {
    seconds: (performance.now() - started) / 1000,
    vertexCount: network.vertexCount,
    segmentCount: network.segmentCount,
    hierarchies: classes.size,
    contractions,
    fileBytes,
    stages,
  };
}

function groupName(variant: TravelVariant): string {
  return `${variant.profile} ${variant.uTurns ? 'with' : 'without'} U-turns`;
}

/**
 * The donor whose order should serve a group: a group of the same U-turn rule and the other
 * profile. On a 100 x 100 grid a borrowed order took 3.4 s of CPU for the other profile against
 * 6.4 s for an own order. An order found with the other U-turn rule saves nothing on a 100 x 100
 * grid (5.5 s against 5.6 s) and on a 300 x 300 grid cost the group without U-turns about
 * 12 min of CPU against about 4 min for the group with U-turns on its own order.
 */
function closestDonor<T extends { variant: TravelVariant }>(donors: readonly T[], variant: TravelVariant): T | undefined {
  return donors.find((donor) => donor.variant.uTurns === variant.uTurns);
}

function hasFlag(network: RoadNetwork, profile: ProfileName, flag: number): boolean {
  const { directedKey, segmentFlags } = network.profiles[profile];
  for (let s = 0; s < network.segmentCount; s++) {
    const open = directedKey[2 * s] !== Infinity || directedKey[2 * s + 1] !== Infinity;
    if (open && (segmentFlags[s]! & flag) !== 0) return true;
  }
  return false;
}
