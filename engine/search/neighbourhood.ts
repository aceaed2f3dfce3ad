import type { CompiledInstance } from '../compiled/compiled-instance.js';

/** Vidal's weights: waiting is mildly bad, an impossible sequence (time warp) is as bad as distance. */
const WAIT_WEIGHT = 0.2;
const WARP_WEIGHT = 1;

/**
 * How unlikely `a` and `b` are to be visited consecutively (in either order): distance plus the
 * waiting or time-window violation the direct sequence would cause.
 */
function proximity(instance: CompiledInstance, a: number, b: number): number {
  const n = instance.nodeCount;
  const directed = (from: number, to: number): number => {
    const travel = instance.duration[from * n + to]!;
    const reach = instance.serviceTime[from]! + travel;
    const wait = Math.max(instance.timeWindowStart[to]! - instance.timeWindowEnd[from]! - reach, 0);
    const warp = Math.max(instance.timeWindowStart[from]! + reach - instance.timeWindowEnd[to]!, 0);
    return instance.distance[from * n + to]! + WAIT_WEIGHT * wait + WARP_WEIGHT * warp;
  };
  return Math.min(directed(a, b), directed(b, a));
}

/** Granular neighbour lists: for every job node, its `k` most promising partner jobs, best first. */
export interface Neighbourhood {
  readonly k: number;
  /** `nodeCount × k` job nodes (rows of non-job nodes are unused). */
  readonly neighbours: Int32Array;
}

export function granularNeighbourhood(instance: CompiledInstance, k: number): Neighbourhood {
  const jobs = Array.from(instance.jobs);
  const size = Math.min(k, jobs.length - 1);
  const neighbours = new Int32Array(instance.nodeCount * Math.max(size, 0));
  for (const u of jobs) {
    const ranked = jobs
      .filter((v) => v !== u)
      .map((v) => ({ v, score: proximity(instance, u, v) }))
      .sort((x, y) => x.score - y.score);
    for (let i = 0; i < size; i++) neighbours[u * size + i] = ranked[i]!.v;
  }
  return { k: Math.max(size, 0), neighbours };
}

/** For SISR's "adjacent" strings: per job node, all other jobs by increasing distance. */
export function distanceRanking(instance: CompiledInstance): Int32Array {
  const jobs = Array.from(instance.jobs);
  const n = instance.nodeCount;
  const width = jobs.length;
  const ranking = new Int32Array(n * width);
  for (const u of jobs) {
    const ranked = jobs.slice().sort((a, b) => instance.distance[u * n + a]! - instance.distance[u * n + b]!);
    ranking.set(ranked, u * width);
  }
  return ranking;
}
