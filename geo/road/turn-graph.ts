import { segmentFlagFerry, segmentFlagHazmatRestricted, segmentFlagToll, type ProfileName } from './profile.js';
import { directedHead, directedTail, reverseDirected, turnPairKey, type RoadNetwork, type TurnRestrictions } from './road-network.js';
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
  const first = new Int32Array(nodeCount + 1);
  const targets: number[] = [];
  const weights: number[] = [];
  const allowed: number[] = [];
  for (let from = 0; from < nodeCount; from++) {
    first[from] = targets.length;
    if (usable[from] === 0) continue;
    const via = directedHead(network, from);
    const mandatory = restrictions.mandatory.get(from);
    allowed.length = 0;
    let hasOtherWay = false;
    for (let i = leaving.first[via]!; i < leaving.first[via + 1]!; i++) {
      const to = leaving.directed[i]!;
      if (mandatory && !mandatory.has(to)) continue;
      if (restrictions.forbidden.has(turnPairKey(from, to))) continue;
      allowed.push(to);
      if (to !== reverseDirected(from)) hasOtherWay = true;
    }
    for (const to of allowed) {
      const uTurn = to === reverseDirected(from);
      if (uTurn && hasOtherWay && !variant.uTurns) continue;
      targets.push(to);
      weights.push(directedKey[from]! + (uTurn ? uTurnPenaltyKey : 0));
    }
  }
  first[nodeCount] = targets.length;
  return { nodeCount, first, target: Int32Array.from(targets), weight: Float64Array.from(weights) };
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

/**
 * The turn graph with the arcs of both graphs (over the same nodes, with the same weight where
 * both have an arc): the graph several variants of one profile are contracted on together.
 * Arcs leaving a node are in ascending target order in both, and stay so.
 */
export function mergeTurnGraphs(a: TurnGraph, b: TurnGraph): TurnGraph {
  const first = new Int32Array(a.nodeCount + 1);
  const target = new Int32Array(a.target.length + b.target.length);
  const weight = new Float64Array(target.length);
  let size = 0;
  for (let from = 0; from < a.nodeCount; from++) {
    first[from] = size;
    let i = a.first[from]!;
    let j = b.first[from]!;
    while (i < a.first[from + 1]! || j < b.first[from + 1]!) {
      const fromA = j === b.first[from + 1]! || (i < a.first[from + 1]! && a.target[i]! <= b.target[j]!);
      const to = fromA ? a.target[i]! : b.target[j]!;
      target[size] = to;
      weight[size++] = fromA ? a.weight[i]! : b.weight[j]!;
      if (fromA) i++;
      if (j < b.first[from + 1]! && b.target[j] === to) j++;
    }
  }
  first[a.nodeCount] = size;
  return { nodeCount: a.nodeCount, first, target: target.slice(0, size), weight: weight.slice(0, size) };
}

/**
 * Sets bit `bit` of `arcClasses` on the arcs of `union` (see mergeTurnGraphs) that `member`,
 * one of the graphs merged into it, has.
 */
export function markVariantArcs(union: TurnGraph, member: TurnGraph, bit: number, arcClasses: Uint32Array): void {
  for (let from = 0; from < union.nodeCount; from++) {
    let a = union.first[from]!;
    for (let b = member.first[from]!; b < member.first[from + 1]!; b++) {
      while (a < union.first[from + 1]! && union.target[a] !== member.target[b]) a++;
      if (a === union.first[from + 1]! || union.weight[a] !== member.weight[b])
        throw new Error(`turn ${from}→${member.target[b]} is not in the union`);
      arcClasses[a]! |= 1 << bit;
    }
  }
}
