import quickselect from 'quickselect';
import type { CompiledInstance } from '../compiled/compiled-instance.js';
import { SmallestKeys } from '../structures/smallest-keys.js';

/** Vidal's weights: waiting is mildly bad, an impossible sequence (time warp) is as bad as distance. */
const WAIT_WEIGHT = 0.2;
const WARP_WEIGHT = 1;

/**
 * How unlikely `a` and `b` are to be visited consecutively (in either order): distance plus the
 * waiting or time-window violation the direct sequence would cause.
 */
function proximity(instance: CompiledInstance, a: number, b: number): number {
  return Math.min(directedProximity(instance, a, b), directedProximity(instance, b, a));
}

function directedProximity(instance: CompiledInstance, from: number, to: number): number {
  const at = from * instance.nodeCount + to;
  const reach = instance.serviceTime[from]! + instance.duration[at]!;
  const wait = Math.max(instance.timeWindowStart[to]! - instance.timeWindowEnd[from]! - reach, 0);
  const warp = Math.max(instance.timeWindowStart[from]! + reach - instance.timeWindowEnd[to]!, 0);
  return instance.distance[at]! + WAIT_WEIGHT * wait + WARP_WEIGHT * warp;
}

/** Granular neighbour lists: for every job node, its `k` most promising partner jobs, best first. */
export interface Neighbourhood {
  readonly k: number;
  /** `nodeCount × k` job nodes (rows of non-job nodes are unused). */
  readonly neighbours: Int32Array;
}

/**
 * Sort keys that carry their node: a score quantised to 1/16 (capped) times 2^21 plus the node, all
 * exact in a double, so a native Float64Array sort ranks thousands of nodes per row without a
 * comparator (ties go to the lower node).
 */
const NODE_BITS = 2 ** 21;
const SCORE_STEPS = 16;
const SCORE_CAP = 2 ** 27;

function packedKey(score: number, node: number): number {
  return Math.floor(Math.min(Math.max(score, 0), SCORE_CAP) * SCORE_STEPS) * NODE_BITS + node;
}

function keyNode(key: number): number {
  return key % NODE_BITS;
}

/**
 * Jobs per side of the blocks of pairs the granular neighbourhood visits together. A pair reads
 * its row's entries and the mirror's, down a column: pair by pair over whole rows every mirror read
 * was a cache miss (6 s of a 20,000-job week); within a block the few columns it reads stay cached,
 * and so do the rows of smallest keys it offers to.
 */
export const NEIGHBOURHOOD_BLOCK = 64;

/**
 * The proximity ranking's first `k` jobs of every job other than itself (a row one wider holds
 * them, wherever the job ranks itself). Proximity is the same both ways: each pair's is worked
 * out once and offered to both rows, which keep only their smallest keys (whatever the order they
 * come in, so the pairs go block by block, see NEIGHBOURHOOD_BLOCK).
 */
export function granularNeighbourhood(instance: CompiledInstance, k: number): Neighbourhood {
  const jobs = instance.jobs;
  const m = jobs.length;
  const size = Math.max(Math.min(k, m - 1), 0);
  const neighbours = new Int32Array(instance.nodeCount * size);
  const nearest = new SmallestKeys(m, size + 1);
  for (let i = 0; i < m; i++) nearest.offer(i, packedKey(0, jobs[i]!));
  for (let top = 0; top < m; top += NEIGHBOURHOOD_BLOCK) {
    const bottom = Math.min(top + NEIGHBOURHOOD_BLOCK, m);
    for (let left = top; left < m; left += NEIGHBOURHOOD_BLOCK) {
      const right = Math.min(left + NEIGHBOURHOOD_BLOCK, m);
      for (let i = top; i < bottom; i++) {
        const u = jobs[i]!;
        for (let j = Math.max(left, i + 1); j < right; j++) {
          const v = jobs[j]!;
          const score = proximity(instance, u, v);
          nearest.offer(i, packedKey(score, v));
          nearest.offer(j, packedKey(score, u));
        }
      }
    }
  }
  for (let i = 0; i < m; i++) {
    const u = jobs[i]!;
    let count = 0;
    for (const key of nearest.sorted(i)) {
      const v = keyNode(key);
      if (v !== u && count < size) neighbours[u * size + count++] = v;
    }
  }
  return { k: size, neighbours };
}

/** Per job node, the jobs that list it among their neighbours (compressed rows). */
export function reverseNeighbours({ k, neighbours }: Neighbourhood, nodeCount: number): { start: Int32Array; list: Int32Array } {
  const start = new Int32Array(nodeCount + 1);
  for (let u = 0; u < nodeCount; u++) {
    for (let t = 0; t < k; t++) {
      const v = neighbours[u * k + t]!;
      if (v !== u) start[v + 1]!++;
    }
  }
  for (let v = 0; v < nodeCount; v++) start[v + 1]! += start[v]!;
  const list = new Int32Array(start[nodeCount]!);
  const fill = start.slice(0, nodeCount);
  for (let u = 0; u < nodeCount; u++) {
    for (let t = 0; t < k; t++) {
      const v = neighbours[u * k + t]!;
      if (v !== u) list[fill[v]!++] = u;
    }
  }
  return { start, list };
}

/** What a ranking orders jobs by: travel distance, or the granular neighbourhood's proximity (distance plus weighted waiting and time warp). */
export type RankingMeasure = 'distance' | 'proximity';

/**
 * Per job node, its `width` nearest jobs (all of them by default) by increasing `measure` (itself
 * among the first): SISR's "adjacent" strings, the crossover's routes around a seed, the recreate's nearby
 * routes and the construction's fallback. A row is ranked the first time it is asked for, so set-up
 * costs nothing on big problems and a search pays only for the rows it uses.
 */
export class JobRanking {
  private readonly rows: (Int32Array | undefined)[];
  private readonly keys: Float64Array;

  constructor(
    private readonly instance: CompiledInstance,
    private readonly width = instance.jobs.length,
    private readonly measure: RankingMeasure = 'distance',
  ) {
    this.rows = new Array<Int32Array | undefined>(instance.nodeCount);
    this.keys = new Float64Array(instance.jobs.length);
  }

  row(u: number): Int32Array {
    const known = this.rows[u];
    if (known !== undefined) return known;
    const row = this.first(u, this.width);
    this.rows[u] = row;
    return row;
  }

  /**
   * The first `count` jobs of `u`'s row (all of them when the row is shorter), ranked again
   * and not kept: for a caller that reads one row once and mostly only its start, which then
   * sorts `count` keys instead of every job's.
   */
  first(u: number, count: number): Int32Array {
    const { jobs, distance, nodeCount } = this.instance;
    const keys = this.keys;
    if (this.measure === 'distance')
      for (let i = 0; i < jobs.length; i++) keys[i] = packedKey(distance[u * nodeCount + jobs[i]!]!, jobs[i]!);
    else for (let i = 0; i < jobs.length; i++) keys[i] = packedKey(jobs[i] === u ? 0 : proximity(this.instance, u, jobs[i]!), jobs[i]!);
    const width = Math.min(jobs.length, this.width, count);
    // A narrow row (the granular neighbourhood's) needs only its first keys in order: selecting
    // them first takes linear time where sorting every key of a big plan took most of the set-up.
    if (width < jobs.length) quickselect(keys as unknown as number[], width - 1);
    keys.subarray(0, width).sort();
    const row = new Int32Array(width);
    for (let i = 0; i < width; i++) row[i] = keyNode(keys[i]!);
    return row;
  }
}
