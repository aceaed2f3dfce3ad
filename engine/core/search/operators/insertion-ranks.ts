import type { Route } from '../../structures/route.js';
import { sequenceHash } from '../../structures/sequence-hash.js';

/** Cheapest insertions kept per job and route. */
export const TOP = 3;
/**
 * Job × route slot pairs up to which the ranks are cached (about 40 bytes each): G&H 1000 has 250k,
 * X-n979 958k; a 10,000-job plan on 250 routes (2.5 million) ranks every time instead.
 */
const MAX_CACHED_PAIRS = 2 ** 20;

/**
 * The TOP cheapest detours (by distance) of a job into a route, best first: what SWAP* ranks for
 * every job of one route against the other route of each pair. A job's ranks in a route depend
 * only on that route's sequence, so they are kept per job and route slot and reused while the
 * route keeps its content (as hybrid genetic search keeps them between modifications of the
 * route): when SWAP* re-examines a pair after one of its routes changed, the other half is free.
 */
export class InsertionRanks {
  private readonly cached: boolean;
  private readonly slots: number;
  /** Per slot: a version number and the content it was given for (size and two sequence hashes). */
  private readonly version: Int32Array;
  private readonly size: Int32Array;
  private readonly hashA: Int32Array;
  private readonly hashB: Int32Array;
  private versions = 0;
  /** Per job × slot: the slot's version the entry was ranked against (0: none). */
  private readonly rankedAt: Int32Array;
  private readonly positions: Int32Array;
  private readonly costs: Float64Array;
  /** Ranks computed rather than reused, for tests. */
  computed = 0;

  constructor(
    private readonly distance: ArrayLike<number>,
    private readonly nodeCount: number,
    slots: number,
  ) {
    this.slots = slots;
    this.cached = nodeCount * slots <= MAX_CACHED_PAIRS;
    const pairs = this.cached ? nodeCount * slots : 0;
    this.version = new Int32Array(slots);
    this.size = new Int32Array(slots).fill(-1);
    this.hashA = new Int32Array(slots);
    this.hashB = new Int32Array(slots);
    this.rankedAt = new Int32Array(pairs);
    this.positions = new Int32Array(pairs * TOP);
    this.costs = new Float64Array(pairs * TOP);
  }

  /**
   * Writes the ranks of every job of `from` in `into` to `positions`/`costs` at `i * TOP` for the
   * job at position i (insert before that index; -1 and Infinity when fewer positions exist).
   */
  rank(from: Route, into: Route, positions: Int32Array, costs: Float64Array): void {
    const current = this.cached ? this.currentVersion(into) : 0;
    for (let i = 1; i <= from.size; i++) {
      const u = from.nodes[i]!;
      const base = i * TOP;
      if (this.cached) {
        const pair = u * this.slots + into.slot;
        const stored = pair * TOP;
        if (this.rankedAt[pair] !== current) {
          this.rankJob(u, into, this.positions, this.costs, stored);
          this.rankedAt[pair] = current;
        }
        // A loop, not set(subarray): a view per job cost more than ranking a short route.
        for (let t = 0; t < TOP; t++) {
          positions[base + t] = this.positions[stored + t]!;
          costs[base + t] = this.costs[stored + t]!;
        }
      } else {
        this.rankJob(u, into, positions, costs, base);
      }
    }
  }

  private rankJob(u: number, into: Route, positions: Int32Array, costs: Float64Array, base: number): void {
    const n = this.nodeCount;
    const distance = this.distance;
    this.computed++;
    positions.fill(-1, base, base + TOP);
    costs.fill(Infinity, base, base + TOP);
    for (let p = 1; p <= into.size + 1; p++) {
      const before = into.nodes[p - 1]!;
      const after = into.nodes[p]!;
      const cost = distance[before * n + u]! + distance[u * n + after]! - distance[before * n + after]!;
      if (cost >= costs[base + TOP - 1]!) continue;
      let t = TOP - 1;
      while (t > 0 && costs[base + t - 1]! > cost) {
        costs[base + t] = costs[base + t - 1]!;
        positions[base + t] = positions[base + t - 1]!;
        t--;
      }
      costs[base + t] = cost;
      positions[base + t] = p;
    }
  }

  /** The version of the route's content: the stored one while size and both hashes match, else a new one. */
  private currentVersion(route: Route): number {
    const slot = route.slot;
    const a = sequenceHash(route.nodes, route.size);
    const b = sequenceHash(route.nodes, route.size, 1);
    if (this.size[slot] !== route.size || this.hashA[slot] !== a || this.hashB[slot] !== b) {
      this.size[slot] = route.size;
      this.hashA[slot] = a;
      this.hashB[slot] = b;
      this.version[slot] = ++this.versions;
    }
    return this.version[slot]!;
  }
}
