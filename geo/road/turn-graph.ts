import { segmentFlagFerry, segmentFlagHazmatRestricted, segmentFlagToll, type ProfileName } from './profile.js';
import { directedHead, directedTail, reverseDirected, type RoadNetwork, type TurnRestrictions } from './road-network.js';
import { decisecondsPerSecond, weightKey } from './weight-key.js';

/**
 * One routing metric: a profile plus the options that remove roads or turns. Options that only
 * scale weights (driving_speed_percentage) need no variant of their own.
 */
export interface TravelVariant {
  profile: ProfileName;
  avoidFerries: boolean;
  avoidTolls: boolean;
  /** The vehicle carries dangerous goods: roads closed to them are avoided. */
  avoidHazmatRestricted: boolean;
  /** Whether U-turns are allowed at any intersection; without, only where nothing else is possible (dead ends). */
  uTurns: boolean;
}

/** Penalty of turning back on the same road: the manoeuvre takes time (OSRM's default). */
export const uTurnPenaltySeconds = 20;
const uTurnPenaltyKey = weightKey(uTurnPenaltySeconds * decisecondsPerSecond, 0);

/**
 * The edge-based ("turn") graph: node d = being at the start of directed segment d; an arc d→e
 * = drive along d, then turn into e, weighted by d's key (plus the U-turn penalty). Turn
 * restrictions and U-turn rules are arcs that do not exist.
 */
export interface TurnGraph {
  nodeCount: number;
  first: Int32Array;
  target: Int32Array;
  weight: Float64Array;
}

export function isUsable(network: RoadNetwork, variant: TravelVariant, directed: number): boolean {
  const profile = network.profiles[variant.profile];
  if (profile.directedKey[directed] === Infinity) return false;
  const flags = profile.segmentFlags[directed >>> 1]!;
  if (variant.avoidFerries && (flags & segmentFlagFerry) !== 0) return false;
  if (variant.avoidTolls && (flags & segmentFlagToll) !== 0) return false;
  if (variant.avoidHazmatRestricted && (flags & segmentFlagHazmatRestricted) !== 0) return false;
  return true;
}

export function buildTurnGraph(network: RoadNetwork, restrictions: TurnRestrictions, variant: TravelVariant): TurnGraph {
  const nodeCount = network.segmentCount * 2;
  const { directedKey } = network.profiles[variant.profile];
  const usable = new Uint8Array(nodeCount);
  for (let d = 0; d < nodeCount; d++) usable[d] = isUsable(network, variant, d) ? 1 : 0;

  const leaving = directedByTail(network, usable);
  // Room for every usable segment leaving each node's head, trimmed once filled: JS arrays grown
  // arc by arc took 427 MB of heap on top of the typed copies for the four graphs of a group on a
  // 1000 x 1000 grid (4.0 million nodes, 10.4 million arcs each).
  let room = 0;
  for (let from = 0; from < nodeCount; from++) {
    if (usable[from] === 0) continue;
    const via = directedHead(network, from);
    room += leaving.first[via + 1]! - leaving.first[via]!;
  }
  const first = new Int32Array(nodeCount + 1);
  const target = new Int32Array(room);
  const weight = new Float64Array(room);
  let size = 0;
  const allowed: number[] = [];
  for (let from = 0; from < nodeCount; from++) {
    first[from] = size;
    if (usable[from] === 0) continue;
    const via = directedHead(network, from);
    const mandatory = restrictions.mandatory.get(from);
    const forbidden = restrictions.forbidden.get(from);
    allowed.length = 0;
    let hasOtherWay = false;
    for (let i = leaving.first[via]!; i < leaving.first[via + 1]!; i++) {
      const to = leaving.directed[i]!;
      if (mandatory && !mandatory.has(to)) continue;
      if (forbidden?.has(to)) continue;
      allowed.push(to);
      if (to !== reverseDirected(from)) hasOtherWay = true;
    }
    for (const to of allowed) {
      const uTurn = to === reverseDirected(from);
      if (uTurn && hasOtherWay && !variant.uTurns) continue;
      target[size] = to;
      weight[size++] = directedKey[from]! + (uTurn ? uTurnPenaltyKey : 0);
    }
  }
  first[nodeCount] = size;
  if (size === room) return { nodeCount, first, target, weight };
  return { nodeCount, first, target: target.slice(0, size), weight: weight.slice(0, size) };
}

/** Usable directed segments grouped by the vertex they leave from (CSR). */
function directedByTail(network: RoadNetwork, usable: Uint8Array): { first: Int32Array; directed: Int32Array } {
  const first = new Int32Array(network.vertexCount + 1);
  for (let d = 0; d < usable.length; d++) if (usable[d] === 1) first[directedTail(network, d) + 1]!++;
  for (let v = 0; v < network.vertexCount; v++) first[v + 1]! += first[v]!;
  const fill = first.slice(0, network.vertexCount);
  const directed = new Int32Array(first[network.vertexCount]!);
  for (let d = 0; d < usable.length; d++) if (usable[d] === 1) directed[fill[directedTail(network, d)]!++] = d;
  return { first, directed };
}

/** The turn graphs of several travel classes in one: each arc carries the classes that have it (bit c for class c). */
export interface ClassedTurnGraph extends TurnGraph {
  classes: Uint32Array;
}

/**
 * The union of the turn graphs of `classCount` classes of one profile (over the same nodes, with
 * the same weight where several have an arc): the graph they are contracted on together. The
 * classes' graphs are built and merged one at a time, so that only one of them is held besides
 * the union; `classTurnGraph` gives each back. Arcs leaving a node are in ascending target
 * order in every class's graph, and stay so.
 */
export function turnGraphUnion(classCount: number, classGraph: (index: number) => TurnGraph): ClassedTurnGraph {
  let union = classedAs0(classGraph(0));
  for (let index = 1; index < classCount; index++) union = withClass(union, classGraph(index), index);
  return union;
}

function classedAs0(graph: TurnGraph): ClassedTurnGraph {
  return { ...graph, classes: new Uint32Array(graph.target.length).fill(1) };
}

/** `union` with the arcs of `member` added, marked with class `bit`. */
function withClass(union: ClassedTurnGraph, member: TurnGraph, bit: number): ClassedTurnGraph {
  const n = union.nodeCount;
  // Counted first, then filled: the union is the largest array of a group's turn graphs.
  let size = 0;
  for (let from = 0; from < n; from++) mergeArcs(union, member, from, () => size++);
  const first = new Int32Array(n + 1);
  const target = new Int32Array(size);
  const weight = new Float64Array(size);
  const classes = new Uint32Array(size);
  size = 0;
  for (let from = 0; from < n; from++) {
    first[from] = size;
    mergeArcs(union, member, from, (i, j) => {
      target[size] = i >= 0 ? union.target[i]! : member.target[j]!;
      weight[size] = i >= 0 ? union.weight[i]! : member.weight[j]!;
      classes[size++] = (i >= 0 ? union.classes[i]! : 0) | (j >= 0 ? 1 << bit : 0);
    });
  }
  first[n] = size;
  return { nodeCount: n, first, target, weight, classes };
}

/** Calls `arc` for each target of `from` in either graph, in ascending order, with its position in each (-1 where absent). */
function mergeArcs(a: TurnGraph, b: TurnGraph, from: number, arc: (i: number, j: number) => void): void {
  let i = a.first[from]!;
  let j = b.first[from]!;
  const endA = a.first[from + 1]!;
  const endB = b.first[from + 1]!;
  while (i < endA || j < endB) {
    if (j === endB || (i < endA && a.target[i]! < b.target[j]!)) arc(i++, -1);
    else if (i === endA || b.target[j]! < a.target[i]!) arc(-1, j++);
    else {
      if (a.weight[i] !== b.weight[j]) throw new Error(`turn ${from}→${a.target[i]} differs in weight between classes`);
      arc(i++, j++);
    }
  }
}

/** The turn graph of class `bit` of a union: its arcs, in the order the class's own graph had them. */
export function classTurnGraph(union: ClassedTurnGraph, bit: number): TurnGraph {
  const mask = 1 << bit;
  const n = union.nodeCount;
  const first = new Int32Array(n + 1);
  for (let from = 0; from < n; from++) {
    let count = 0;
    for (let a = union.first[from]!; a < union.first[from + 1]!; a++) if ((union.classes[a]! & mask) !== 0) count++;
    first[from + 1] = first[from]! + count;
  }
  const target = new Int32Array(first[n]!);
  const weight = new Float64Array(first[n]!);
  let size = 0;
  for (let a = 0; a < union.first[n]!; a++) {
    if ((union.classes[a]! & mask) === 0) continue;
    target[size] = union.target[a]!;
    weight[size++] = union.weight[a]!;
  }
  return { nodeCount: n, first, target, weight };
}
