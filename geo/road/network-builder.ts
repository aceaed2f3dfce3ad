import { haversineMeters } from '../straight-line.js';
import { memberNode, memberWay, type OsmHandlers, type OsmRelationMember, type OsmTags } from './pbf/osm-pbf-reader.js';
import { isCandidateWay, profileNames, wayTravel, type ProfileName, type WayTravel } from './profile.js';
import { type ProfileNetwork, type RoadNetwork, type TurnRestrictions } from './road-network.js';

export interface BuiltNetwork {
  network: RoadNetwork;
  /** Only needed to build turn graphs, so not part of the stored network. */
  restrictions: Record<ProfileName, TurnRestrictions>;
}
import { decimetersPerMeter, decisecondsPerSecond, weightKey } from './weight-key.js';

interface CandidateWay {
  id: number;
  refs: readonly number[];
  travel: Record<ProfileName, WayTravel | undefined>;
}

interface ViaNodeRestriction {
  fromWays: number[];
  viaNode: number;
  toWays: number[];
  mandatory: boolean;
  /** `no_u_turn` from a way back onto itself forbids reversing only, not going on along it. */
  uTurn: boolean;
}

/**
 * Collects what routing needs while an OSM file streams past (OSM handlers), then splits ways
 * into segments at intersections. Holds every node's coordinates: meant for city and region
 * extracts, not planet files.
 */
export class RoadNetworkBuilder implements OsmHandlers {
  private nodeIds: number[] = [];
  private nodeLat: number[] = [];
  private nodeLon: number[] = [];
  private readonly ways: CandidateWay[] = [];
  private readonly restrictions: Record<ProfileName, ViaNodeRestriction[]> = { auto: [], truck: [] };

  node(id: number, latE7: number, lonE7: number): void {
    this.nodeIds.push(id);
    this.nodeLat.push(latE7);
    this.nodeLon.push(lonE7);
  }

  way(id: number, refs: readonly number[], tags: OsmTags): void {
    if (refs.length < 2 || !isCandidateWay(tags)) return;
    const travel = { auto: wayTravel(tags, 'auto'), truck: wayTravel(tags, 'truck') };
    if (travel.auto || travel.truck) this.ways.push({ id, refs: refs.slice(), travel });
  }

  relation(_id: number, members: readonly OsmRelationMember[], tags: OsmTags): void {
    if (tags.get('type') !== 'restriction') return;
    for (const profile of profileNames) {
      const restriction = parseRestriction(members, tags, profile);
      if (restriction) this.restrictions[profile].push(restriction);
    }
  }

  /** Builds the network once: the lists collected from the file are released. */
  build(): BuiltNetwork {
    const nodes = this.sortedNodes();
    const lookup = (id: number): number => binarySearch(nodes.ids, id);
    const isVertex = markVertices(this.ways, nodes.ids.length, lookup, this.viaNodes());

    const vertexOfNode = new Int32Array(nodes.ids.length).fill(-1);
    let vertexCount = 0;
    const segmentFrom: number[] = [];
    const segmentTo: number[] = [];
    const segmentWay: number[] = [];
    const segmentWayIndex: number[] = [];
    const segmentMeters: number[] = [];
    const geometryFirst: number[] = [0];
    const geometryLat: number[] = [];
    const geometryLon: number[] = [];
    const vertexOf = (node: number): number => {
      if (vertexOfNode[node] === -1) vertexOfNode[node] = vertexCount++;
      return vertexOfNode[node]!;
    };

    this.ways.forEach((way, wayIndex) => {
      let start = -1;
      let meters = 0;
      for (let i = 0; i < way.refs.length; i++) {
        const node = lookup(way.refs[i]!);
        // A node missing from the extract cuts the way: nothing is known about the road there.
        if (node < 0) {
          if (start >= 0) geometryLat.length = geometryLon.length = geometryFirst[geometryFirst.length - 1]!;
          start = -1;
          continue;
        }
        if (start >= 0) {
          meters += haversineMeters(
            { lat: geometryLat[geometryLat.length - 1]! / 1e7, lon: geometryLon[geometryLon.length - 1]! / 1e7 },
            { lat: nodes.lat[node]! / 1e7, lon: nodes.lon[node]! / 1e7 },
          );
        }
        geometryLat.push(nodes.lat[node]!);
        geometryLon.push(nodes.lon[node]!);
        if (start >= 0 && isVertex[node] === 1) {
          segmentFrom.push(vertexOf(start));
          segmentTo.push(vertexOf(node));
          segmentWay.push(way.id);
          segmentWayIndex.push(wayIndex);
          segmentMeters.push(meters);
          geometryFirst.push(geometryLat.length);
          // The vertex also opens the next segment's geometry.
          geometryLat.push(nodes.lat[node]!);
          geometryLon.push(nodes.lon[node]!);
        }
        if (start < 0 || isVertex[node] === 1) {
          start = node;
          meters = 0;
        }
      }
      geometryLat.length = geometryLon.length = geometryFirst[geometryFirst.length - 1]!;
    });

    const segmentCount = segmentFrom.length;
    const network: RoadNetwork = {
      vertexCount,
      segmentCount,
      segmentFrom: Int32Array.from(segmentFrom),
      segmentTo: Int32Array.from(segmentTo),
      segmentWayId: Float64Array.from(segmentWay),
      geometryFirst: Int32Array.from(geometryFirst),
      geometryLatE7: Int32Array.from(geometryLat),
      geometryLonE7: Int32Array.from(geometryLon),
      profiles: {} as Record<ProfileName, ProfileNetwork>,
    };
    const wayLengths = totalLengthByWay(segmentWayIndex, segmentMeters, this.ways.length);
    const vertexAt = (nodeId: number): number => {
      const node = lookup(nodeId);
      return node < 0 ? -1 : vertexOfNode[node]!;
    };
    const restrictions = {} as Record<ProfileName, TurnRestrictions>;
    for (const profile of profileNames) {
      network.profiles[profile] = this.profileNetwork(network, profile, segmentWayIndex, segmentMeters, wayLengths);
      restrictions[profile] = this.turnRestrictions(network, profile, vertexAt);
    }
    // The ways and restrictions as read are not needed again (a builder builds once), and the
    // importer holds the builder until it is done.
    this.ways.length = 0;
    for (const profile of profileNames) this.restrictions[profile].length = 0;
    return { network, restrictions };
  }

  private profileNetwork(
    network: RoadNetwork,
    profile: ProfileName,
    segmentWayIndex: readonly number[],
    segmentMeters: readonly number[],
    wayLengths: Float64Array,
  ): ProfileNetwork {
    const directedKey = new Float64Array(network.segmentCount * 2).fill(Infinity);
    const segmentFlags = new Uint8Array(network.segmentCount);
    for (let s = 0; s < network.segmentCount; s++) {
      const wayIndex = segmentWayIndex[s]!;
      const travel = this.ways[wayIndex]!.travel[profile];
      if (!travel) continue;
      segmentFlags[s] = travel.flags;
      const meters = segmentMeters[s]!;
      const distance = Math.round(meters * decimetersPerMeter);
      const seconds = (kmh: number): number =>
        travel.fixedDurationSeconds !== undefined && wayLengths[wayIndex]! > 0
          ? (travel.fixedDurationSeconds * meters) / wayLengths[wayIndex]!
          : meters / (kmh / 3.6);
      if (travel.forwardKmh > 0) directedKey[2 * s] = weightKey(Math.round(seconds(travel.forwardKmh) * decisecondsPerSecond), distance);
      if (travel.backwardKmh > 0)
        directedKey[2 * s + 1] = weightKey(Math.round(seconds(travel.backwardKmh) * decisecondsPerSecond), distance);
    }
    return { directedKey, segmentFlags };
  }

  private turnRestrictions(network: RoadNetwork, profile: ProfileName, vertexAt: (nodeId: number) => number): TurnRestrictions {
    const restrictions = this.restrictions[profile];
    const referenced = new Set(restrictions.flatMap((r) => [...r.fromWays, ...r.toWays]));
    const segmentsOfWay = new Map<number, number[]>();
    for (let s = 0; s < network.segmentCount; s++) {
      const wayId = network.segmentWayId[s]!;
      if (!referenced.has(wayId)) continue;
      const list = segmentsOfWay.get(wayId) ?? [];
      list.push(s);
      segmentsOfWay.set(wayId, list);
    }
    const forbidden = new Map<number, Set<number>>();
    const mandatory = new Map<number, Set<number>>();
    for (const restriction of restrictions) {
      const via = vertexAt(restriction.viaNode);
      if (via < 0) continue;
      const into = restriction.fromWays.flatMap((way) => directedAt(segmentsOfWay.get(way) ?? [], network, via, 'into'));
      const outOf = restriction.toWays.flatMap((way) => directedAt(segmentsOfWay.get(way) ?? [], network, via, 'out'));
      for (const from of into) {
        const targets = restriction.uTurn ? outOf.filter((to) => to === (from ^ 1)) : outOf;
        const pairs = restriction.mandatory ? mandatory : forbidden;
        const set = pairs.get(from) ?? new Set<number>();
        for (const to of targets) set.add(to);
        pairs.set(from, set);
      }
    }
    return { forbidden, mandatory };
  }

  private viaNodes(): Set<number> {
    const ids = new Set<number>();
    for (const profile of profileNames) for (const r of this.restrictions[profile]) ids.add(r.viaNode);
    return ids;
  }

  /** Node coordinates sorted by id for binary search; the input lists are released. */
  private sortedNodes(): { ids: Float64Array; lat: Int32Array; lon: Int32Array } {
    const count = this.nodeIds.length;
    let sorted = true;
    for (let i = 1; i < count && sorted; i++) sorted = this.nodeIds[i - 1]! < this.nodeIds[i]!;
    const order = Array.from({ length: count }, (_, i) => i);
    if (!sorted) order.sort((a, b) => this.nodeIds[a]! - this.nodeIds[b]!);
    const sortedNodes = {
      ids: Float64Array.from(order, (i) => this.nodeIds[i]!),
      lat: Int32Array.from(order, (i) => this.nodeLat[i]!),
      lon: Int32Array.from(order, (i) => this.nodeLon[i]!),
    };
    this.nodeIds = [];
    this.nodeLat = [];
    this.nodeLon = [];
    return sortedNodes;
  }
}

/** Directed segments of a way that arrive at (`into`) or leave (`out`) a vertex. */
function directedAt(segments: readonly number[], network: RoadNetwork, vertex: number, side: 'into' | 'out'): number[] {
  const result: number[] = [];
  for (const s of segments) {
    if (network.segmentTo[s] === vertex) result.push(side === 'into' ? 2 * s : 2 * s + 1);
    if (network.segmentFrom[s] === vertex) result.push(side === 'into' ? 2 * s + 1 : 2 * s);
  }
  return result;
}

function markVertices(ways: readonly CandidateWay[], nodeCount: number, lookup: (id: number) => number, viaNodes: Set<number>): Uint8Array {
  const uses = new Uint8Array(nodeCount);
  const isVertex = new Uint8Array(nodeCount);
  for (const way of ways) {
    for (let i = 0; i < way.refs.length; i++) {
      const node = lookup(way.refs[i]!);
      if (node < 0) continue;
      if (uses[node]! < 2) uses[node]!++;
      const neighbourMissing = (i > 0 && lookup(way.refs[i - 1]!) < 0) || (i + 1 < way.refs.length && lookup(way.refs[i + 1]!) < 0);
      if (i === 0 || i === way.refs.length - 1 || neighbourMissing || viaNodes.has(way.refs[i]!)) isVertex[node] = 1;
    }
  }
  for (let node = 0; node < nodeCount; node++) if (uses[node]! >= 2) isVertex[node] = 1;
  return isVertex;
}

function totalLengthByWay(segmentWayIndex: readonly number[], segmentMeters: readonly number[], wayCount: number): Float64Array {
  const lengths = new Float64Array(wayCount);
  for (let s = 0; s < segmentWayIndex.length; s++) lengths[segmentWayIndex[s]!]! += segmentMeters[s]!;
  return lengths;
}

function parseRestriction(members: readonly OsmRelationMember[], tags: OsmTags, profile: ProfileName): ViaNodeRestriction | undefined {
  const vehicleKey = profile === 'truck' ? 'hgv' : 'motorcar';
  const except = (tags.get('except') ?? '').split(';').map((value) => value.trim());
  if (except.includes(vehicleKey) || except.includes('motor_vehicle')) return undefined;
  const value = tags.get(`restriction:${vehicleKey}`) ?? tags.get('restriction:motor_vehicle') ?? tags.get('restriction');
  if (value === undefined) return undefined;
  const mandatory = value.startsWith('only_');
  if (!mandatory && !value.startsWith('no_')) return undefined;
  const fromWays = members.filter((m) => m.role === 'from' && m.type === memberWay).map((m) => m.ref);
  const toWays = members.filter((m) => m.role === 'to' && m.type === memberWay).map((m) => m.ref);
  const vias = members.filter((m) => m.role === 'via');
  // Via-way restrictions need a turn graph over segment sequences; only via nodes are supported.
  if (vias.length !== 1 || vias[0]!.type !== memberNode || fromWays.length === 0 || toWays.length === 0) return undefined;
  const uTurn = value === 'no_u_turn' && fromWays.length === 1 && toWays.length === 1 && fromWays[0] === toWays[0];
  return { fromWays, viaNode: vias[0]!.ref, toWays, mandatory, uTurn };
}

function binarySearch(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = sorted[middle]!;
    if (found === value) return middle;
    if (found < value) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}
