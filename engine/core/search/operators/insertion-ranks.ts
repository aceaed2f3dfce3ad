import type { Route } from '../../structures/route.js';
import { sequenceHash } from '../../structures/sequence-hash.js';

/** Cheapest insertions kept per job and route (`rankJob` keeps them in three locals). */
export const TOP = 3;
/**
 * Job × cached route pairs up to which the ranks are kept (about 40 bytes each): a 10,000-job plan
 * keeps the ranks of its first 104 routes and ranks into the others every time.
 */
const MAX_CACHED_PAIRS = 2 ** 20;
/** Rows the cache starts with; it doubles when every row holds a used route. */
const FIRST_ROWS = 8;

/**
 * The TOP cheapest detours (by distance) of a job into a route, best first: what SWAP* ranks for
 * every job of one route against the other route of each pair. A job's ranks in a route depend
 * only on that route's sequence, so they are kept per job and route and reused while the route
 * keeps its content (as hybrid genetic search keeps them between modifications of the route): when
 * SWAP* re-examines a pair after one of its routes changed, the other half is free.
 *
 * The ranks are kept in one row per used route rather than per route slot: X-n895 has 894 slots
 * and about 38 used routes, and a job × slot table (32 MB) cost more in cache misses than ranking.
 * A route takes a row when first ranked into and keeps it until it is empty and a row is wanted.
 * Entries are stamped with a version number unique across routes, so a row changing hands needs
 * no clearing.
 */
export class InsertionRanks {
  /** Per slot: a version number and the content it was given for (size and two sequence hashes). */
  private readonly version: Int32Array;
  private readonly size: Int32Array;
  private readonly hashA: Int32Array;
  private readonly hashB: Int32Array;
  private versions = 0;
  /** Per slot: its row (-1: none); per row: its slot (-1: free). */
  private readonly rowOf: Int32Array;
  private slotOf: Int32Array;
  private readonly maxRows: number;
  /** Per row × job: the version the entry was ranked against (0: none). */
  private rankedAt: Int32Array;
  private positions: Int32Array;
  private costs: Float64Array;
  /** Ranks computed rather than reused, for tests. */
  computed = 0;

  /**
   * `symmetric`: the distance matrix is symmetric, so a job's detours read only its own row (and
   * the arcs they replace from the route).
   */
  constructor(
    private readonly distance: ArrayLike<number>,
    private readonly nodeCount: number,
    slots: number,
    private readonly symmetric: boolean,
  ) {
    this.version = new Int32Array(slots);
    this.size = new Int32Array(slots).fill(-1);
    this.hashA = new Int32Array(slots);
    this.hashB = new Int32Array(slots);
    this.rowOf = new Int32Array(slots).fill(-1);
    this.maxRows = Math.min(slots, Math.floor(MAX_CACHED_PAIRS / nodeCount));
    const rows = Math.min(FIRST_ROWS, this.maxRows);
    this.slotOf = new Int32Array(rows).fill(-1);
    this.rankedAt = new Int32Array(rows * nodeCount);
    this.positions = new Int32Array(rows * nodeCount * TOP);
    this.costs = new Float64Array(rows * nodeCount * TOP);
  }

  /**
   * Writes the ranks of every job of `from` in `into` to `positions`/`costs` at `i * TOP` for the
   * job at position i (insert before that index; -1 and Infinity when fewer positions exist).
   * `routes` are the plan's routes by slot: a row is taken back from a route found empty there.
   */
  rank(from: Route, into: Route, routes: readonly Route[], positions: Int32Array, costs: Float64Array): void {
    const row = this.rowFor(into.slot, routes);
    if (row < 0) {
      for (let i = 1; i <= from.size; i++) this.rankJob(from.nodes[i]!, into, positions, costs, i * TOP);
      return;
    }
    const current = this.currentVersion(into);
    const first = row * this.nodeCount;
    for (let i = 1; i <= from.size; i++) {
      const u = from.nodes[i]!;
      const base = i * TOP;
      const pair = first + u;
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
    }
  }

  /** Ranks `u` into `into` at `base`; the three best stay in locals (TOP is 3) while the route is read. */
  private rankJob(u: number, into: Route, positions: Int32Array, costs: Float64Array, base: number): void {
    const n = this.nodeCount;
    const distance = this.distance;
    this.computed++;
    const { nodes, arcs } = into;
    const row = u * n;
    const symmetric = this.symmetric;
    let c0 = Infinity;
    let c1 = Infinity;
    let c2 = Infinity;
    let p0 = -1;
    let p1 = -1;
    let p2 = -1;
    let legIn = symmetric ? distance[row + nodes[0]!]! : distance[nodes[0]! * n + u]!;
    for (let p = 1; p <= into.size + 1; p++) {
      const after = nodes[p]!;
      const legOut = distance[row + after]!;
      const cost = legIn + legOut - arcs[p]!;
      legIn = symmetric ? legOut : distance[after * n + u]!;
      // Ties keep the earlier position first.
      if (cost >= c2) continue;
      if (cost >= c1) {
        c2 = cost;
        p2 = p;
      } else if (cost >= c0) {
        c2 = c1;
        p2 = p1;
        c1 = cost;
        p1 = p;
      } else {
        c2 = c1;
        p2 = p1;
        c1 = c0;
        p1 = p0;
        c0 = cost;
        p0 = p;
      }
    }
    costs[base] = c0;
    costs[base + 1] = c1;
    costs[base + 2] = c2;
    positions[base] = p0;
    positions[base + 1] = p1;
    positions[base + 2] = p2;
  }

  /** The slot's row: its own, else a free one, one taken back from an empty route, or a new one (-1 past the cap). */
  private rowFor(slot: number, routes: readonly Route[]): number {
    const own = this.rowOf[slot]!;
    if (own >= 0) return own;
    let row = this.slotOf.indexOf(-1);
    if (row < 0) {
      for (let r = 0; r < this.slotOf.length; r++) {
        const holder = this.slotOf[r]!;
        if (routes[holder]!.size > 0) continue;
        this.rowOf[holder] = -1;
        this.slotOf[r] = -1;
        if (row < 0) row = r;
      }
    }
    if (row < 0) row = this.grow();
    if (row < 0) return -1;
    this.rowOf[slot] = row;
    this.slotOf[row] = slot;
    return row;
  }

  /** Doubles the rows (up to the cap); returns the first new row, or -1 at the cap. */
  private grow(): number {
    const rows = this.slotOf.length;
    const grown = Math.min(2 * rows, this.maxRows);
    if (grown === rows) return -1;
    const n = this.nodeCount;
    const slotOf = new Int32Array(grown).fill(-1);
    slotOf.set(this.slotOf);
    const rankedAt = new Int32Array(grown * n);
    rankedAt.set(this.rankedAt);
    const positions = new Int32Array(grown * n * TOP);
    positions.set(this.positions);
    const costs = new Float64Array(grown * n * TOP);
    costs.set(this.costs);
    this.slotOf = slotOf;
    this.rankedAt = rankedAt;
    this.positions = positions;
    this.costs = costs;
    return rows;
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
