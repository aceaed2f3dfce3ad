import type { ContractionHierarchy } from './contraction-hierarchy.js';
import { profileNames, type ProfileName } from './profile.js';
import type { ProfileNetwork, RoadNetwork } from './road-network.js';
import { SectionedFileReader, SectionedFileWriter, type TypedArray } from './sectioned-file.js';
import type { TravelVariant, TurnGraph } from './turn-graph.js';

/** Everything one travel variant routes on. */
export interface VariantGraph {
  turnGraph: TurnGraph;
  hierarchy: ContractionHierarchy;
  /** Directed segments in the variant's largest strongly connected component: the only ones points snap to. */
  snappable: Uint8Array;
}

/** Travel variant key → what the variant routes on. */
export interface VariantLookup {
  get(key: string): VariantGraph | undefined;
}

/** A routable road graph as stored in a `.wpgraph` file and loaded into memory. */
export interface RoadGraph {
  network: RoadNetwork;
  variants: VariantLookup;
  meta: RoadGraphMeta;
}

export interface RoadGraphMeta {
  format: 'wayplan-road-graph';
  version: number;
  source: string;
  attribution: string;
  /** Variant key → the stored variant it routes on (variants that change nothing share one). */
  variantStorage: Record<string, string>;
  vertexCount: number;
  segmentCount: number;
}

export const roadGraphFormatVersion = 2;
export const osmAttribution = '© OpenStreetMap contributors, ODbL 1.0 (https://www.openstreetmap.org/copyright)';

export function variantKey(variant: TravelVariant): string {
  return `${variant.profile}:ferries=${variant.avoidFerries ? 'no' : 'yes'}:tolls=${variant.avoidTolls ? 'no' : 'yes'}:uturns=${variant.uTurns ? 'yes' : 'no'}:hazmatClosed=${variant.avoidHazmatRestricted ? 'no' : 'yes'}`;
}

export function allVariants(): TravelVariant[] {
  const variants: TravelVariant[] = [];
  for (const profile of profileNames) {
    for (const avoidFerries of [false, true]) {
      for (const avoidTolls of [false, true]) {
        for (const uTurns of [true, false]) {
          for (const avoidHazmatRestricted of [false, true])
            variants.push({ profile, avoidFerries, avoidTolls, uTurns, avoidHazmatRestricted });
        }
      }
    }
  }
  return variants;
}

export function variantGraph(graph: RoadGraph, variant: TravelVariant): VariantGraph {
  const found = graph.variants.get(variantKey(variant));
  if (!found) throw new Error(`road graph has no variant ${variantKey(variant)}`);
  return found;
}

/**
 * Writes a road graph as it is built: the network first, then each stored travel class as soon
 * as it is contracted, so that the importer can let go of it.
 */
export class RoadGraphWriter {
  private readonly file: SectionedFileWriter;

  constructor(path: string, network: RoadNetwork) {
    this.file = new SectionedFileWriter(path);
    try {
      this.file.add('segmentFrom', network.segmentFrom);
      this.file.add('segmentTo', network.segmentTo);
      this.file.add('segmentWayId', network.segmentWayId);
      this.file.add('geometryFirst', network.geometryFirst);
      this.file.add('geometryLatE7', network.geometryLatE7);
      this.file.add('geometryLonE7', network.geometryLonE7);
      for (const profile of profileNames) {
        this.file.add(`${profile}.directedKey`, network.profiles[profile].directedKey);
        this.file.add(`${profile}.segmentFlags`, network.profiles[profile].segmentFlags);
      }
    } catch (error) {
      // A failed write (a full disk) leaves no caller holding the writer to abort it.
      this.file.abort();
      throw error;
    }
  }

  /** Adds the variant stored under `storage` (the key `meta.variantStorage` points to). */
  addVariant(storage: string, variant: VariantGraph): void {
    for (const [name, array] of Object.entries(variantArrays(variant))) this.file.add(`${storage}.${name}`, array);
  }

  /** Returns the file's size in bytes. */
  finish(meta: RoadGraphMeta): number {
    return this.file.finish(meta);
  }

  abort(): void {
    this.file.abort();
  }
}

/**
 * Loads a graph file's network; each stored travel class is read from the file the first time a
 * variant routes on it. A city's file holds up to 16 classes (about 1.3 GB at 360,000 directed
 * segments) while a worker usually serves one or two.
 */
export function readRoadGraph(path: string): RoadGraph {
  const file = SectionedFileReader.open<RoadGraphMeta>(path);
  const { meta } = file;
  if (meta.format !== 'wayplan-road-graph' || meta.version !== roadGraphFormatVersion) {
    throw new Error(`${path}: road graph format ${meta.format} v${meta.version} is not v${roadGraphFormatVersion}; import the map again`);
  }
  const section = <T extends TypedArray>(name: string): T => file.section(name) as T;
  const profiles = {} as Record<ProfileName, ProfileNetwork>;
  for (const profile of profileNames) {
    profiles[profile] = { directedKey: section(`${profile}.directedKey`), segmentFlags: section(`${profile}.segmentFlags`) };
  }
  const network: RoadNetwork = {
    vertexCount: meta.vertexCount,
    segmentCount: meta.segmentCount,
    segmentFrom: section('segmentFrom'),
    segmentTo: section('segmentTo'),
    segmentWayId: section('segmentWayId'),
    geometryFirst: section('geometryFirst'),
    geometryLatE7: section('geometryLatE7'),
    geometryLonE7: section('geometryLonE7'),
    profiles,
  };
  const stored = new Map<string, VariantGraph>();
  const variants: VariantLookup = {
    get(key) {
      const storage = meta.variantStorage[key];
      if (storage === undefined) return undefined;
      let variant = stored.get(storage);
      if (!variant) {
        variant = variantFromSections(storage, section, network.segmentCount * 2);
        stored.set(storage, variant);
      }
      return variant;
    },
  };
  return { network, variants, meta };
}

function variantArrays(variant: VariantGraph): Record<string, TypedArray> {
  const { turnGraph, hierarchy } = variant;
  return {
    snappable: variant.snappable,
    turnFirst: turnGraph.first,
    turnTarget: turnGraph.target,
    turnWeight: turnGraph.weight,
    upFirst: hierarchy.upFirst,
    upTarget: hierarchy.upTarget,
    upWeight: hierarchy.upWeight,
    upMiddle: hierarchy.upMiddle,
    downFirst: hierarchy.downFirst,
    downSource: hierarchy.downSource,
    downWeight: hierarchy.downWeight,
    downMiddle: hierarchy.downMiddle,
  };
}

function variantFromSections(storage: string, section: <T extends TypedArray>(name: string) => T, nodeCount: number): VariantGraph {
  const part = <T extends TypedArray>(name: string): T => section<T>(`${storage}.${name}`);
  return {
    snappable: part('snappable'),
    turnGraph: { nodeCount, first: part('turnFirst'), target: part('turnTarget'), weight: part('turnWeight') },
    hierarchy: {
      nodeCount,
      upFirst: part('upFirst'),
      upTarget: part('upTarget'),
      upWeight: part('upWeight'),
      upMiddle: part('upMiddle'),
      downFirst: part('downFirst'),
      downSource: part('downSource'),
      downWeight: part('downWeight'),
      downMiddle: part('downMiddle'),
    },
  };
}
