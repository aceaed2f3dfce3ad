import { ArcArena } from './arc-arena.js';
import type { ClassedHierarchy } from './contraction-hierarchy.js';
import { MinHeap } from './min-heap.js';
import type { TurnGraph } from './turn-graph.js';

/**
 * Witness searches stop after settling this many nodes (or once every target is decided): a
 * cut-off search can only add a shortcut that was not needed, never lose a path, so the limits
 * trade hierarchy size for contraction time.
 */
const simulationSettleLimit = 20;
const contractionSettleLimit = 100;

/**
 * A node with more arcs (in and out) gets this many settled nodes per arc instead: in the dense
 * top of a contraction a fixed limit no longer reaches past the node's own neighbourhood, its
 * searches miss witnesses, the unneeded shortcuts make the top denser still, and it runs away.
 * On a 1000 x 1000 grid (auto with U-turns, 4 classes, 4.0 million nodes) the fixed limits took
 * 1,550 s of CPU and were still 2,772 nodes short (1,054 arcs per node left); with 10 and 1 per
 * arc the whole contraction took 410 s, the last 100,000 nodes 38 s (5 and 1: 74 s; 20 and 2:
 * 42 s; 10 and 2: 43 s). On a 300 x 300 grid, 38.7 s instead of 38.0 s of CPU for 4.03 million
 * arcs instead of 4.18 million, and an upward search from a random node settling 176 nodes and
 * scanning 1,695 arcs instead of 219 and 3,642 (CPU seconds on a loaded machine).
 */
const simulationSettlePerArc = 1;
const contractionSettlePerArc = 10;

/**
 * Nodes left to contract when the keys between them are found (see CoreDistances). On a
 * 300 x 300 grid (auto with U-turns, 4 classes, 358,800 nodes) the last 1,000 nodes took 22.9 s
 * of a 65 s contraction on witness searches alone, and 1.1 s after finding their keys, which took
 * 2.0 s (a search or a few per node over the core's 43,000 arcs): 45 s in all, a hierarchy of
 * 4.18 million arcs instead of 4.28 million, and an upward search from a random node scanning
 * 4,900 arcs instead of 13,600 (the top's largest degree 295 instead of 927); CPU seconds on a
 * loaded machine, both runs side by side. On a 150 x 150 grid the last 1,000 nodes took 2.8 s
 * of 13 s. The table grows with the square of this size (9 bytes per pair and class, 36 MB for
 * four classes at 1,000 nodes), and so does the time to fill it, while the witness searches it
 * spares are mostly those of the last few hundred nodes.
 */
const coreNodes = 1000;

/**
 * A borrowed order is followed while the graph left to contract stays within this factor of the
 * arcs it had at the same step where the order was found (plus a little slack for tiny graphs):
 * a dense remainder is what makes the rest of a contraction expensive. On a 300 x 300 grid the
 * truck group with U-turns, on the order of the auto group, left it at 91 % of the nodes with a
 * factor of 1.1 and then met a remainder twice as dense as the auto group's (600 nodes joined
 * by 314,000 arcs; over 160 s of CPU and still far from done); with 1.02 it left it at 83 % and
 * took 136 s of CPU up to the last 200 nodes, against 178 s on its own order (the auto group:
 * 81 s on its own). On a 100 x 100 grid 1.02 took 3.4 s against 2.9 s with 1.1 and 4.3 s alone.
 */
const borrowedArcsFactor = 1.02;
const borrowedArcsSlack = 64;

/**
 * Weights of a node's priority terms: its level, the arcs its contraction adds per arc removed,
 * and the original arcs (hops) the added shortcuts stand for per hop removed. Weighing the two
 * quotients above the level, on a 100 x 100 grid (one class), took 2.6 simulations and 548
 * witness-settled nodes per node instead of 3.5 and 670 (-15 % CPU) for a hierarchy 2 % larger.
 */
const levelWeight = 1;
const arcsQuotientWeight = 2;
const hopsQuotientWeight = 4;

export interface ContractOptions {
  /**
   * Start from this order (one found for a similar metric) instead of simulating priorities: it
   * is followed while the graph left to contract stays within 2 % of `orderArcs` at each step, and the
   * remaining nodes are then ordered by their own priorities.
   */
  borrowed?: { order: Int32Array; orderArcs: Int32Array };
  /**
   * The travel classes each arc of the graph serves (bit c for class c; all arcs serve class 0
   * when absent). Classes share weights and differ only in the arcs they may use.
   */
  arcClasses?: Uint32Array;
  /** Nodes left when the keys between them are found (see CoreDistances; 0: never); tests set it. */
  coreSize?: number;
  /**
   * Every node once, neighbours on the map close together (see spatialOrder): the contraction
   * numbers the nodes in this order while it runs, so that a witness search, which reaches the
   * nodes around its source, reads a few runs of memory instead of nodes scattered over all of
   * it. The result is in the graph's own numbering either way. With it, the arena's arc records
   * and the one-record node state of WitnessSearch, four auto classes with U-turns on a 300 x 300 grid took 36.7 / 35.4 s of CPU against
   * 40.4 / 39.0 s (two rounds alternated in one process, load 7-10), on 600 x 600 147 s against
   * 162 s (load 6-9), the same work (3.83 million simulations, 572 against 571 million settled
   * nodes, 16.15 million arcs).
   */
  layout?: Int32Array;
  onProgress?: (fraction: number) => void;
}

export interface Contraction {
  /** One hierarchy for every class: `classHierarchy` takes out one class's. */
  hierarchy: ClassedHierarchy;
  /** The nodes in the order they were contracted. */
  order: Int32Array;
  /** Arcs left among the nodes not yet contracted after each step of `order` (what a borrower of the order compares with). */
  orderArcs: Int32Array;
  work: ContractionWork;
}

/** Work done, for tests and benchmarks to bound. */
export interface ContractionWork {
  /** Priority simulations. */
  simulations: number;
  /** Nodes settled by witness searches (simulations and contractions). */
  witnessSettled: number;
  /** Nodes contracted in a borrowed order before the contraction went on by its own priorities. */
  borrowedSteps: number;
}

/**
 * Contracts a directed graph node by node, least important first (or first in a borrowed order).
 * Importance follows the level of a node (one more than its highest contracted neighbour) and
 * the arcs and hops a contraction would add per arc and hop it removes, which keeps the
 * hierarchy flat and node degrees bounded on grid-like road networks. Priorities are updated
 * lazily: contracting a node only marks its neighbours stale, and a stale node is simulated
 * again when it reaches the top of the queue (re-queued if it is no longer the least important).
 * Simulating every neighbour after each contraction instead tripled the simulations for the
 * same hierarchy size. A shortcut between two nodes already joined lowers that arc instead of
 * adding a parallel one. Once `coreSize` nodes are left, the keys between every two of them are
 * found and decide most shortcuts from there on without a witness search (see CoreDistances):
 * the dense top of the hierarchy is where witness searches cost most.
 *
 * Travel classes that share weights and differ in the arcs they may use (avoided tolls, ferries,
 * hazmat-closed roads, forbidden U-turns) are contracted together, in one order: an arc serves a
 * set of classes, a shortcut is added for the classes that have no witness path, and a witness
 * search carries with each node the classes its path is open to; classes left without a witness
 * are searched for again on their own, since the shortest path for the others may use roads
 * they avoid (without this second search, a toll class got parallel shortcuts all over the top
 * of the hierarchy). A class's hierarchy is then a hierarchy of its own with that order, at the
 * cost of about one contraction instead of one per class.
 */
export function contract(graph: TurnGraph, options: ContractOptions = {}): Contraction {
  // The hierarchy is put in node order once the contraction's own structures are gone: on a
  // 1000 x 1000 grid its arcs and the dynamic graph are each over a gigabyte.
  const { emitted, ...contraction } = contractNodes(graph, options);
  return { hierarchy: emitted.toHierarchy(), ...contraction };
}

function contractNodes(graph: TurnGraph, options: ContractOptions): Omit<Contraction, 'hierarchy'> & { emitted: EmittedArcs } {
  const n = graph.nodeCount;
  const arcClasses = options.arcClasses ?? new Uint32Array(graph.target.length).fill(1);
  // Node v of the contraction is node original[v] of the graph.
  const original = options.layout;
  const position = original ? inverse(original) : undefined;
  const dynamic = new DynamicGraph(graph, arcClasses, original, position);
  const witness = new WitnessSearch(n, dynamic.out);
  const emitted = new EmittedArcs(n, original);
  const order = new Int32Array(n);
  const { out, into } = dynamic;
  let addedHops = 0;
  // Per out-arc of the node being contracted: the classes still lacking a witness.
  let missing = new Uint32Array(16);

  /** Shortcuts needed to contract v (added when `add`, else a simulation); their hop total lands in `addedHops`. */
  const shortcutsOf = (v: number, add: boolean): number => {
    const arcs = out.size[v]! + into.size[v]!;
    const settleLimit = add
      ? Math.max(contractionSettleLimit, contractionSettlePerArc * arcs)
      : Math.max(simulationSettleLimit, simulationSettlePerArc * arcs);
    let shortcuts = 0;
    addedHops = 0;
    // Adding a shortcut may pack the arena and move every slice, v's too: positions are taken
    // afresh from v's begin after each one.
    for (let k = 0; k < into.size[v]!; k++) {
      const i = into.begin[v]! + k;
      const u = into.nodeOf(i);
      const toV = into.weightOf(i);
      const hopsToV = into.hops[i]!;
      const classesToV = into.classesOf(i);
      const begin = out.begin[v]!;
      const degree = out.size[v]!;
      if (missing.length < degree) missing = new Uint32Array(2 * degree);
      if (core) {
        core.decide(u, v, toV, classesToV, missing);
      } else {
        witness.start(u, v, classesToV);
        for (let j = begin; j < begin + degree; j++)
          if (out.nodeOf(j) !== u && (classesToV & out.classesOf(j)) !== 0)
            witness.addTarget(out.nodeOf(j), toV + out.weightOf(j), classesToV & out.classesOf(j));
        witness.run(settleLimit);
        let doubtful = 0;
        for (let j = begin; j < begin + degree; j++) {
          const served = out.nodeOf(j) === u ? 0 : classesToV & out.classesOf(j);
          missing[j - begin] = served & ~witness.witnessedClasses(out.nodeOf(j), toV + out.weightOf(j));
          doubtful |= missing[j - begin]!;
        }
        // A witness open to some classes may hide a longer one open to the others: search again
        // for those classes alone.
        if (doubtful !== 0 && doubtful !== classesToV) {
          witness.start(u, v, doubtful);
          for (let j = begin; j < begin + degree; j++)
            if (missing[j - begin] !== 0) witness.addTarget(out.nodeOf(j), toV + out.weightOf(j), missing[j - begin]!);
          witness.run(settleLimit);
          for (let j = begin; j < begin + degree; j++)
            if (missing[j - begin] !== 0) missing[j - begin]! &= ~witness.witnessedClasses(out.nodeOf(j), toV + out.weightOf(j));
        }
      }
      for (let m = 0; m < degree; m++) {
        const needed = missing[m]!;
        if (needed === 0) continue;
        const j = out.begin[v]! + m;
        const x = out.nodeOf(j);
        const via = toV + out.weightOf(j);
        shortcuts++;
        const hops = hopsToV + out.hops[j]!;
        addedHops += hops;
        if (add) dynamic.addArc(u, x, via, needed, v, hops);
      }
    }
    return shortcuts;
  };

  const coreSize = options.coreSize ?? coreNodes;
  // Set once `coreSize` nodes are left: shortcuts among them are decided by their keys.
  let core: CoreDistances | undefined;
  let done = 0;
  let simulations = 0;
  const orderArcs = new Int32Array(n);
  const level = new Int32Array(n);
  const contracted = new Uint8Array(n);
  // Set when a neighbour was contracted since the node's priority was last simulated.
  const stale = new Uint8Array(n);
  const neighbours = new NeighbourSet(n);
  const contractNode = (v: number): void => {
    neighbours.collect(v, dynamic);
    shortcutsOf(v, true);
    emitted.take(v, dynamic);
    dynamic.detach(v);
    contracted[v] = 1;
    for (let k = 0; k < neighbours.count; k++) {
      const u = neighbours.list[k]!;
      level[u] = Math.max(level[u]!, level[v]! + 1);
      stale[u] = 1;
    }
    orderArcs[done] = dynamic.arcCount;
    order[done++] = v;
    if (coreSize > 0 && n - done === coreSize) core = new CoreDistances(dynamic, contracted, witness);
    if (done % 4096 === 0) options.onProgress?.(done / n);
  };

  const borrowed = options.borrowed;
  if (borrowed) {
    while (done < n && (done === 0 || orderArcs[done - 1]! <= borrowedArcsFactor * borrowed.orderArcs[done - 1]! + borrowedArcsSlack))
      contractNode(position ? position[borrowed.order[done]!]! : borrowed.order[done]!);
  }
  const borrowedSteps = done;
  if (done < n) {
    const priority = new Float64Array(n);
    const priorityOf = (v: number): number => {
      simulations++;
      const added = shortcutsOf(v, false);
      let removed = 0;
      let removedHops = 0;
      for (const arcs of [out, into]) {
        for (let i = arcs.begin[v]!; i < arcs.begin[v]! + arcs.size[v]!; i++) {
          removed++;
          removedHops += arcs.hops[i]!;
        }
      }
      if (removed === 0) return levelWeight * level[v]!;
      return levelWeight * level[v]! + (arcsQuotientWeight * added) / removed + (hopsQuotientWeight * addedHops) / removedHops;
    };
    const queue = new MinHeap(n);
    for (let v = 0; v < n; v++) {
      if (contracted[v] === 1) continue;
      stale[v] = 0;
      priority[v] = priorityOf(v);
      queue.push(priority[v]!, v);
    }
    while (queue.size > 0) {
      const key = queue.topKey();
      const v = queue.pop();
      if (contracted[v] === 1 || key !== priority[v]) continue;
      if (stale[v] === 1) {
        stale[v] = 0;
        const fresh = priorityOf(v);
        if (fresh > queue.topKey()) {
          priority[v] = fresh;
          queue.push(fresh, v);
          continue;
        }
      }
      contractNode(v);
    }
  }
  options.onProgress?.(1);
  if (original) for (let k = 0; k < n; k++) order[k] = original[order[k]!]!;
  return { emitted, order, orderArcs, work: { simulations, witnessSettled: witness.settledTotal, borrowedSteps } };
}

/**
 * Shortest keys between every two nodes of the core (the last `coreSize` nodes to contract), per
 * class, found once when the core is reached: contraction keeps the keys between the nodes left,
 * so they decide most shortcuts there without a witness search. A path u→v→x longer than the key
 * u→x needs no shortcut (no shortest path passes through it); one as short as the key and the
 * only shortest path needs one; only a tie is searched for a witness. A row is searched over the
 * arcs of every class at once, noting the classes some shortest path is open to; a class is
 * searched again on its own only where that search leaves a key of its not exact. Counts of
 * shortest paths (capped at 2) may be high (a tie whose witness made a shortcut unneeded, a tie
 * not open to every class), which costs a witness search, never a path.
 */
class CoreDistances {
  private readonly index: Int32Array;
  private readonly size: number;
  private readonly classBits: number[] = [];
  /** Per class, row a × size + b: the key from core node a to b. */
  private readonly keys: Float64Array;
  private readonly counts: Uint8Array;
  private pending = new Uint32Array(16);

  constructor(
    private readonly graph: DynamicGraph,
    contracted: Uint8Array,
    private readonly witness: WitnessSearch,
  ) {
    const { out } = graph;
    const n = contracted.length;
    this.index = new Int32Array(n).fill(-1);
    const nodes: number[] = [];
    for (let v = 0; v < n; v++) {
      if (contracted[v] === 1) continue;
      this.index[v] = nodes.length;
      nodes.push(v);
    }
    const size = (this.size = nodes.length);
    // The core's arcs in CSR over core indices: the searches below read nothing else.
    const first = new Int32Array(size + 1);
    for (let a = 0; a < size; a++) first[a + 1] = first[a]! + out.size[nodes[a]!]!;
    const target = new Int32Array(first[size]!);
    const weight = new Float64Array(first[size]!);
    const classes = new Uint32Array(first[size]!);
    let all = 0;
    for (let a = 0; a < size; a++) {
      const from = nodes[a]!;
      for (let k = 0; k < out.size[from]!; k++) {
        const i = out.begin[from]! + k;
        target[first[a]! + k] = this.index[out.nodeOf(i)]!;
        weight[first[a]! + k] = out.weightOf(i);
        classes[first[a]! + k] = out.classesOf(i);
        all |= out.classesOf(i);
      }
    }
    for (let bit = 1; bit !== 0 && bit <= all; bit <<= 1) if ((all & bit) !== 0) this.classBits.push(bit);
    const keys = (this.keys = new Float64Array(this.classBits.length * size * size));
    const counts = (this.counts = new Uint8Array(keys.length));
    const rowKeys = new Float64Array(size);
    const rowCounts = new Uint8Array(size);
    const rowExact = new Uint32Array(size);
    const heap = new MinHeap(size);
    /** Keys and counts from a over the arcs serving any of `open`, with the classes exact at each node. */
    const search = (a: number, open: number): void => {
      rowKeys.fill(Infinity);
      rowCounts.fill(0);
      rowKeys[a] = 0;
      rowCounts[a] = 1;
      rowExact[a] = open;
      heap.clear();
      heap.push(0, a);
      while (heap.size > 0) {
        const d = heap.topKey();
        const x = heap.pop();
        if (d > rowKeys[x]!) continue;
        const countAtX = rowCounts[x]!;
        const exactAtX = rowExact[x]!;
        for (let i = first[x]!; i < first[x + 1]!; i++) {
          if ((classes[i]! & open) === 0) continue;
          const y = target[i]!;
          const candidate = d + weight[i]!;
          if (candidate < rowKeys[y]!) {
            rowKeys[y] = candidate;
            rowCounts[y] = countAtX;
            rowExact[y] = exactAtX & classes[i]!;
            heap.push(candidate, y);
          } else if (candidate === rowKeys[y]) {
            rowCounts[y] = Math.min(2, rowCounts[y]! + countAtX);
            rowExact[y]! |= exactAtX & classes[i]!;
          }
        }
      }
    };
    for (let a = 0; a < size; a++) {
      search(a, all);
      let inexact = 0;
      for (let b = 0; b < size; b++) if (rowKeys[b] !== Infinity) inexact |= all & ~rowExact[b]!;
      this.classBits.forEach((bit, c) => {
        if ((inexact & bit) === 0) {
          keys.set(rowKeys, (c * size + a) * size);
          counts.set(rowCounts, (c * size + a) * size);
        }
      });
      this.classBits.forEach((bit, c) => {
        if ((inexact & bit) === 0) return;
        search(a, bit);
        keys.set(rowKeys, (c * size + a) * size);
        counts.set(rowCounts, (c * size + a) * size);
      });
    }
  }

  /**
   * Sets `missing` for the out-arcs of v (as contract's witness step does) for the in-arc from u
   * with key `toV` serving `classesToV`.
   */
  decide(u: number, v: number, toV: number, classesToV: number, missing: Uint32Array): void {
    const { out } = this.graph;
    const { index, size, keys, counts, classBits, witness } = this;
    const begin = out.begin[v]!;
    const degree = out.size[v]!;
    if (this.pending.length < degree) this.pending = new Uint32Array(2 * degree);
    const pending = this.pending;
    const from = index[u]!;
    let searched = 0;
    for (let m = 0; m < degree; m++) {
      const x = out.nodeOf(begin + m);
      const served = x === u ? 0 : classesToV & out.classesOf(begin + m);
      const via = toV + out.weightOf(begin + m);
      let needed = 0;
      let tied = 0;
      for (let c = 0; c < classBits.length; c++) {
        const bit = classBits[c]!;
        if ((served & bit) === 0) continue;
        const at = (c * size + from) * size + index[x]!;
        if (via > keys[at]!) continue;
        if (counts[at] === 1) needed |= bit;
        else tied |= bit;
      }
      missing[m] = needed;
      pending[m] = tied;
      searched |= tied;
    }
    if (searched === 0) return;
    // Ties: a witness search for the classes tied, as contract's (a second one for the classes a
    // witness open to others may hide).
    for (let pass = 0; pass < 2 && searched !== 0; pass++) {
      witness.start(u, v, searched);
      for (let m = 0; m < degree; m++)
        if (pending[m] !== 0) witness.addTarget(out.nodeOf(begin + m), toV + out.weightOf(begin + m), pending[m]!);
      witness.run(contractionSettleLimit);
      let left = 0;
      for (let m = 0; m < degree; m++) {
        if (pending[m] === 0) continue;
        pending[m]! &= ~witness.witnessedClasses(out.nodeOf(begin + m), toV + out.weightOf(begin + m));
        left |= pending[m]!;
      }
      searched = left === searched ? 0 : left;
    }
    for (let m = 0; m < degree; m++) missing[m]! |= pending[m]!;
  }
}

/** The graph during contraction: arcs out of and into every node not yet contracted. */
class DynamicGraph {
  readonly out: ArcArena;
  readonly into: ArcArena;
  /** Arcs among the nodes not yet contracted. */
  arcCount = 0;

  /** The graph's node `original[v]` is node v here (`position` the other way); the same numbers when absent. */
  constructor(graph: TurnGraph, arcClasses: Uint32Array, original?: Int32Array, position?: Int32Array) {
    const n = graph.nodeCount;
    const outCount = new Int32Array(n);
    const inCount = new Int32Array(n);
    for (let v = 0; v < n; v++) {
      const from = original ? original[v]! : v;
      for (let a = graph.first[from]!; a < graph.first[from + 1]!; a++) {
        outCount[v]!++;
        inCount[position ? position[graph.target[a]!]! : graph.target[a]!]!++;
      }
    }
    this.out = new ArcArena(outCount);
    this.into = new ArcArena(inCount);
    for (let v = 0; v < n; v++) {
      const from = original ? original[v]! : v;
      for (let a = graph.first[from]!; a < graph.first[from + 1]!; a++) {
        const to = position ? position[graph.target[a]!]! : graph.target[a]!;
        if (to !== v && arcClasses[a] !== 0) this.addArc(v, to, graph.weight[a]!, arcClasses[a]!, -1, 1);
      }
    }
  }

  /**
   * Adds from→to for `classes`, except the classes an existing arc serves at no more than
   * `weight`; classes it serves better are taken from the existing arcs (an arc left with no
   * class goes). Every class is served by at most one arc between two nodes.
   */
  addArc(from: number, to: number, weight: number, classes: number, middle: number, hops: number): void {
    const { out, into } = this;
    let left = classes;
    for (let i = out.begin[from]!; i < out.begin[from]! + out.size[from]!; i++)
      if (out.nodeOf(i) === to && out.weightOf(i) <= weight) left &= ~out.classesOf(i);
    if (left === 0) return;
    for (let i = out.begin[from]!; i < out.begin[from]! + out.size[from]!;) {
      const served = out.classesOf(i);
      if (out.nodeOf(i) !== to || (served & left) === 0) {
        i++;
        continue;
      }
      const back = into.find(to, from, served);
      if ((served & ~left) === 0) {
        out.removeAt(from, i);
        into.removeAt(to, back);
        this.arcCount--;
        continue;
      }
      out.setClasses(i, served & ~left);
      into.setClasses(back, served & ~left);
      i++;
    }
    out.push(from, to, weight, left, middle, hops);
    into.push(to, from, weight, left, middle, hops);
    this.arcCount++;
  }

  /** Removes a contracted node from its neighbours' lists and gives up its own. */
  detach(v: number): void {
    const { out, into } = this;
    this.arcCount -= out.size[v]! + into.size[v]!;
    for (let i = into.begin[v]!; i < into.begin[v]! + into.size[v]!; i++) out.removeAll(into.nodeOf(i), v);
    for (let j = out.begin[v]!; j < out.begin[v]! + out.size[v]!; j++) into.removeAll(out.nodeOf(j), v);
    out.release(v);
    into.release(v);
  }
}

/** The distinct neighbours (either direction) of a node, gathered before it is contracted. */
class NeighbourSet {
  readonly list: Int32Array;
  count = 0;
  private readonly mark: Int32Array;
  private stamp = 0;

  constructor(n: number) {
    this.list = new Int32Array(n);
    this.mark = new Int32Array(n);
  }

  collect(v: number, graph: DynamicGraph): void {
    const stamp = ++this.stamp;
    this.count = 0;
    for (const arcs of [graph.out, graph.into]) {
      for (let i = arcs.begin[v]!; i < arcs.begin[v]! + arcs.size[v]!; i++) {
        const u = arcs.nodeOf(i);
        if (this.mark[u] === stamp) continue;
        this.mark[u] = stamp;
        this.list[this.count++] = u;
      }
    }
  }
}

/**
 * Bounded Dijkstra from an in-neighbour u of the node v being
 * contracted, ignoring v: it decides for each target (out-neighbour x of v) whether a path u→x
 * avoiding v is no longer than u→v→x. It stops once every target is decided: reached no later than
 * through v, settled, or out of reach because the queue has passed the longest u→v→x still open. Each node carries the
 * classes open along its path (the union over paths of equal length): a witness counts only for
 * those classes.
 *
 * A node's state is one 32-byte record (two views of one buffer), so that a relaxed arc touches
 * one cache line of it: the searches are bound by memory (on a 300 x 300 grid, four auto classes,
 * the same contraction on a random numbering of the nodes took 51 s of CPU against 37 s). Six
 * arrays of one column each took 40.0 s there against 38.5 s for two (marks and keys apart), the
 * same work, mean of two rounds alternated in one process on a loaded machine; one record
 * against two arrays: 34.6 / 33.4 s against 36.8 / 33.5 s (two rounds, load 5-8).
 */
class WitnessSearch {
  /** Per node, from 4 of its stride of 8: the search that reached it, the search it is an open target of, the classes open along its path, the classes it needs a witness for. */
  private readonly marks: Int32Array;
  /** Per node, stride 4: its distance, and (for a target) its key through v (the rest is `marks`). */
  private readonly keys: Float64Array;
  private readonly heap = new MinHeap();
  private search = 0;
  settledTotal = 0;
  private source = 0;
  private sourceClasses = 0;
  private skip = 0;
  private targets = 0;
  private targetNode = new Int32Array(16);
  private targetVia = new Float64Array(16);

  constructor(
    n: number,
    private readonly out: ArcArena,
  ) {
    this.keys = new Float64Array(4 * n);
    this.marks = new Int32Array(this.keys.buffer);
  }

  /** Starts a search from `source` open to `classes`, ignoring `skip`. */
  start(source: number, skip: number, classes: number): void {
    this.sourceClasses = classes;
    this.search++;
    this.source = source;
    this.skip = skip;
    this.targets = 0;
  }

  addTarget(node: number, via: number, classes: number): void {
    if (this.targets === this.targetNode.length) {
      this.targetNode = resized(this.targetNode, 2 * this.targets);
      this.targetVia = resized(this.targetVia, 2 * this.targets);
    }
    this.marks[8 * node + 5] = this.search;
    this.marks[8 * node + 7] = classes;
    this.keys[4 * node + 1] = via;
    this.targetNode[this.targets] = node;
    this.targetVia[this.targets++] = via;
  }

  run(settleLimit: number): void {
    const { marks, keys, heap, targetNode, targetVia, search, skip, source, targets } = this;
    const { begin, size, node, weight, classes } = this.out;
    const farthestOpen = (): number => {
      let farthest = -Infinity;
      for (let k = 0; k < targets; k++) if (marks[8 * targetNode[k]! + 5] === search) farthest = Math.max(farthest, targetVia[k]!);
      return farthest;
    };
    let open = 0;
    for (let k = 0; k < targets; k++) if (marks[8 * targetNode[k]! + 5] === search) open++;
    let bound = farthestOpen();
    heap.clear();
    keys[4 * source] = 0;
    marks[8 * source + 6] = this.sourceClasses;
    marks[8 * source + 4] = search;
    heap.push(0, source);
    let settled = 0;
    while (heap.size > 0 && open > 0) {
      const d = heap.topKey();
      const x = heap.pop();
      if (d > keys[4 * x]!) continue;
      if (d > bound || settled === settleLimit) break;
      settled++;
      if (marks[8 * x + 5] === search) {
        marks[8 * x + 5] = 0;
        open--;
        // The farthest target settled: the search may stop earlier now.
        if (keys[4 * x + 1] === bound) bound = farthestOpen();
      }
      const end = begin[x]! + size[x]!;
      const openAtX = marks[8 * x + 6]!;
      for (let i = begin[x]!; i < end; i++) {
        const y = node[4 * i + 2]!;
        if (y === skip) continue;
        const candidate = d + weight[2 * i]!;
        if (candidate > bound) continue;
        const openAtY = openAtX & classes[4 * i + 3]!;
        if (openAtY === 0) continue;
        const at = 8 * y + 4;
        if (marks[at] !== search || candidate < keys[4 * y]!) {
          keys[4 * y] = candidate;
          marks[at + 2] = openAtY;
          marks[at] = search;
          heap.push(candidate, y);
        } else if (candidate === keys[4 * y]) {
          marks[at + 2]! |= openAtY;
        } else {
          continue;
        }
        // A target reached no later than through v, open to every class it needs, is decided
        // before it is settled (a witness found is never lost, only narrowed to fewer classes).
        if (marks[at + 1] === search && keys[4 * y]! <= keys[4 * y + 1]! && (marks[at + 3]! & ~marks[at + 2]!) === 0) {
          marks[at + 1] = 0;
          open--;
          if (keys[4 * y + 1] === bound) bound = farthestOpen();
        }
      }
    }
    this.settledTotal += settled;
  }

  /** The classes for which the search found a path to `node` no longer than `bound`. */
  witnessedClasses(node: number, bound: number): number {
    return this.marks[8 * node + 4] === this.search && this.keys[4 * node]! <= bound ? this.marks[8 * node + 6]! >>> 0 : 0;
  }
}

/** Arc columns (node, weight, classes, middle). */
interface Columns {
  node: Int32Array;
  weight: Float64Array;
  classes: Uint32Array;
  middle: Int32Array;
}

type ColumnName = keyof Columns;

/** Arcs per chunk of `ArcColumns`: 2^chunkShift. */
const chunkShift = 16;
const chunkArcs = 1 << chunkShift;

/**
 * Arc columns appended in chunks of a fixed size: growing copies nothing and leaves at most one
 * chunk unused. Arrays grown by half and copied held 2.5 times their arcs while they grew.
 */
class ArcColumns {
  private readonly chunks: Columns[] = [];
  size = 0;

  /** Appends the arcs of `v`, their nodes renumbered by `original` when given. */
  append(arcs: ArcArena, v: number, original: Int32Array | undefined): void {
    const from = arcs.begin[v]!;
    const count = arcs.size[v]!;
    for (let done = 0; done < count;) {
      const at = this.size & (chunkArcs - 1);
      if (at === 0) this.chunks.push(newColumns(chunkArcs));
      const chunk = this.chunks[this.chunks.length - 1]!;
      const take = Math.min(count - done, chunkArcs - at);
      for (let k = 0; k < take; k++) {
        const i = from + done + k;
        const middle = arcs.middle[i]!;
        chunk.node[at + k] = original ? original[arcs.nodeOf(i)]! : arcs.nodeOf(i);
        chunk.weight[at + k] = arcs.weightOf(i);
        chunk.classes[at + k] = arcs.classesOf(i);
        chunk.middle[at + k] = original && middle >= 0 ? original[middle]! : middle;
      }
      done += take;
      this.size += take;
    }
  }

  /** Copies arcs `from`..`from + count` of column `name` into `into` at `offset`. */
  copy(name: ColumnName, from: number, count: number, into: Columns[ColumnName], offset: number): void {
    for (let done = 0; done < count;) {
      const at = (from + done) & (chunkArcs - 1);
      const take = Math.min(count - done, chunkArcs - at);
      into.set(this.chunks[(from + done) >>> chunkShift]![name].subarray(at, at + take), offset + done);
      done += take;
    }
  }

  /** Gives up column `name` (it has been copied out). */
  drop<K extends ColumnName>(name: K): void {
    for (const chunk of this.chunks) chunk[name] = newColumn(name, 0);
  }
}

const columnTypes = { node: Int32Array, weight: Float64Array, classes: Uint32Array, middle: Int32Array } as const;

function newColumn<K extends ColumnName>(name: K, length: number): Columns[K] {
  return new columnTypes[name](length) as Columns[K];
}

function newColumns(length: number): Columns {
  return {
    node: newColumn('node', length),
    weight: newColumn('weight', length),
    classes: newColumn('classes', length),
    middle: newColumn('middle', length),
  };
}

/** The position of each value of a permutation of 0..n-1. */
function inverse(permutation: Int32Array): Int32Array {
  const position = new Int32Array(permutation.length);
  for (let k = 0; k < permutation.length; k++) position[permutation[k]!] = k;
  return position;
}

function resized<T extends Int32Array | Uint32Array | Float64Array>(array: T, length: number): T {
  const bigger = new (array.constructor as new (length: number) => T)(length);
  bigger.set(array.subarray(0, Math.min(array.length, length)));
  return bigger;
}

/** The arcs each node has when it is contracted (all to higher-ranked nodes), gathered into CSR. */
class EmittedArcs {
  private readonly up = new ArcColumns();
  private readonly down = new ArcColumns();
  private readonly upAt: Int32Array;
  private readonly downAt: Int32Array;
  private readonly upCount: Int32Array;
  private readonly downCount: Int32Array;

  /** `original`: the graph's number of each node of the contraction (the same when absent). */
  constructor(
    private readonly n: number,
    private readonly original?: Int32Array,
  ) {
    this.upAt = new Int32Array(n);
    this.downAt = new Int32Array(n);
    this.upCount = new Int32Array(n);
    this.downCount = new Int32Array(n);
  }

  take(v: number, graph: DynamicGraph): void {
    const { original } = this;
    const at = original ? original[v]! : v;
    this.upAt[at] = this.up.size;
    this.downAt[at] = this.down.size;
    this.upCount[at] = graph.out.size[v]!;
    this.downCount[at] = graph.into.size[v]!;
    this.up.append(graph.out, v, original);
    this.down.append(graph.into, v, original);
  }

  toHierarchy(): ClassedHierarchy {
    const up = this.csr(this.up, this.upAt, this.upCount);
    const down = this.csr(this.down, this.downAt, this.downCount);
    return {
      nodeCount: this.n,
      upFirst: up.first,
      upTarget: up.node,
      upWeight: up.weight,
      upMiddle: up.middle,
      upClasses: up.classes,
      downFirst: down.first,
      downSource: down.node,
      downWeight: down.weight,
      downMiddle: down.middle,
      downClasses: down.classes,
    };
  }

  /**
   * Reorders arcs appended in contraction order into node order, one column at a time, each
   * column dropped once copied: the arcs are held about once and a third, not twice.
   */
  private csr(columns: ArcColumns, at: Int32Array, count: Int32Array) {
    const n = this.n;
    const first = new Int32Array(n + 1);
    for (let v = 0; v < n; v++) first[v + 1] = first[v]! + count[v]!;
    const sorted = <K extends ColumnName>(name: K): Columns[K] => {
      const column = newColumn(name, first[n]!);
      for (let v = 0; v < n; v++) columns.copy(name, at[v]!, count[v]!, column, first[v]!);
      columns.drop(name);
      return column;
    };
    // One after another, left to right.
    return { first, node: sorted('node'), weight: sorted('weight'), classes: sorted('classes'), middle: sorted('middle') };
  }
}
