import { haversineMeters } from '../straight-line.js';
import type { RoadNetwork } from './road-network.js';

/**
 * Streets in driving order, for merging jobs that a vehicle serves one after another. A street is
 * a chain of segments that continue each other (the same way on through an intersection, or
 * another way where only the two meet), cut wherever the directions a vehicle may drive change,
 * so that on each street one driving direction holds throughout: a one-way stretch in its own
 * direction, a two-way stretch in the direction of the chain.
 */
export interface StreetRuns {
  /** Street of each segment; -1 where the variant may drive it in neither direction. */
  segmentStreet: Int32Array;
  /** Meters along its street before the driving order enters the segment. */
  segmentOffset: Float64Array;
  /** 1 where driving the street runs the segment from `segmentTo` to `segmentFrom`. */
  segmentReversed: Uint8Array;
  segmentLength: Float64Array;
  streetCount: number;
}

const unlinked = -1;

/** `open(directed)`: whether the variant may drive directed segment `directed` (2s forward, 2s + 1 backward). */
export function buildStreetRuns(network: RoadNetwork, open: (directed: number) => boolean): StreetRuns {
  const n = network.segmentCount;
  const drivable = new Uint8Array(n);
  for (let s = 0; s < n; s++) drivable[s] = open(2 * s) || open(2 * s + 1) ? 1 : 0;
  const segmentLength = segmentLengths(network);
  const link = segmentLinks(network, drivable);

  const segmentStreet = new Int32Array(n).fill(-1);
  const segmentOffset = new Float64Array(n);
  const segmentReversed = new Uint8Array(n);
  const visited = new Uint8Array(n);
  let streetCount = 0;

  const walk = (start: number, enteredAtEnd: boolean): void => {
    const chain: { segment: number; reversed: boolean }[] = [];
    let segment = start;
    let reversed = enteredAtEnd;
    for (;;) {
      visited[segment] = 1;
      chain.push({ segment, reversed });
      const partner = link[2 * segment + (reversed ? 0 : 1)]!;
      if (partner === unlinked || visited[partner >> 1] === 1) break;
      segment = partner >> 1;
      reversed = (partner & 1) === 1;
    }
    // Pieces of constant allowed directions; a backward-only piece is driven against the chain.
    let first = 0;
    const state = (k: number): number => {
      const directed = 2 * chain[k]!.segment + (chain[k]!.reversed ? 1 : 0);
      return (open(directed) ? 1 : 0) + (open(directed ^ 1) ? 2 : 0);
    };
    while (first < chain.length) {
      let last = first;
      while (last + 1 < chain.length && state(last + 1) === state(first)) last++;
      const againstChain = state(first) === 2;
      const street = streetCount++;
      let offset = 0;
      for (let k = againstChain ? last : first; againstChain ? k >= first : k <= last; k += againstChain ? -1 : 1) {
        const step = chain[k]!;
        segmentStreet[step.segment] = street;
        segmentOffset[step.segment] = offset;
        segmentReversed[step.segment] = step.reversed !== againstChain ? 1 : 0;
        offset += segmentLength[step.segment]!;
      }
      first = last + 1;
    }
  };

  for (let s = 0; s < n; s++) {
    if (drivable[s] === 0 || visited[s] === 1) continue;
    if (link[2 * s] === unlinked) walk(s, false);
    else if (link[2 * s + 1] === unlinked) walk(s, true);
  }
  // What is left are closed loops: start anywhere.
  for (let s = 0; s < n; s++) if (drivable[s] === 1 && visited[s] === 0) walk(s, false);
  return { segmentStreet, segmentOffset, segmentReversed, segmentLength, streetCount };
}

function segmentLengths(network: RoadNetwork): Float64Array {
  const lengths = new Float64Array(network.segmentCount);
  const point = (i: number) => ({ lat: network.geometryLatE7[i]! / 1e7, lon: network.geometryLonE7[i]! / 1e7 });
  for (let s = 0; s < network.segmentCount; s++) {
    for (let i = network.geometryFirst[s]!; i + 1 < network.geometryFirst[s + 1]!; i++)
      lengths[s]! += haversineMeters(point(i), point(i + 1));
  }
  return lengths;
}

/**
 * For each segment end (2s = start, 2s + 1 = end) the end of the segment that continues the
 * street there, or -1. Ways are split into segments in order, so consecutive segments of one way
 * that share a vertex continue each other; at a vertex where only two segment ends meet, those do.
 */
function segmentLinks(network: RoadNetwork, drivable: Uint8Array): Int32Array {
  const n = network.segmentCount;
  const link = new Int32Array(2 * n).fill(unlinked);
  const vertexOfEnd = (end: number): number => ((end & 1) === 0 ? network.segmentFrom[end >> 1]! : network.segmentTo[end >> 1]!);
  const connect = (a: number, b: number): void => {
    if (a >> 1 === b >> 1 || link[a] !== unlinked || link[b] !== unlinked) return;
    link[a] = b;
    link[b] = a;
  };
  for (let s = 0; s + 1 < n; s++) {
    if (
      drivable[s] === 1 &&
      drivable[s + 1] === 1 &&
      network.segmentWayId[s] === network.segmentWayId[s + 1] &&
      network.segmentTo[s] === network.segmentFrom[s + 1]
    ) {
      connect(2 * s + 1, 2 * (s + 1));
    }
  }
  const degree = new Int32Array(network.vertexCount);
  const firstEnd = new Int32Array(network.vertexCount).fill(unlinked);
  for (let end = 0; end < 2 * n; end++) {
    if (drivable[end >> 1] === 0) continue;
    const vertex = vertexOfEnd(end);
    degree[vertex]!++;
    if (firstEnd[vertex] === unlinked) firstEnd[vertex] = end;
  }
  for (let end = 0; end < 2 * n; end++) {
    if (drivable[end >> 1] === 0) continue;
    const vertex = vertexOfEnd(end);
    if (degree[vertex] === 2 && firstEnd[vertex] !== end) connect(firstEnd[vertex]!, end);
  }
  return link;
}
