/**
 * Per-node arc lists that grow and shrink, in typed arrays: each node owns a slice of one shared
 * arena (begin, size, capacity); a full slice moves to the arena's end with double the room.
 * When the arena is full its live slices are packed into new arrays sized for them, leaving out
 * the room of moved slices and released nodes: on a 100 x 100 grid (four classes together) the
 * arena otherwise ended at 5 times the arcs it started with, most of it dead.
 * An arc carries its other end, weight, the travel classes it serves (a bit set), the node a
 * shortcut bypasses (-1 for an original arc) and the number of original arcs it stands for
 * (hops). Two nodes may be joined by several arcs, one per weight, serving disjoint classes.
 */
export class ArcArena {
  readonly begin: Int32Array;
  readonly size: Int32Array;
  private readonly capacity: Int32Array;
  node: Int32Array;
  weight: Float64Array;
  classes: Uint32Array;
  middle: Int32Array;
  hops: Int32Array;
  private used = 0;

  constructor(initialCounts: Int32Array) {
    const n = initialCounts.length;
    this.begin = new Int32Array(n);
    this.size = new Int32Array(n);
    this.capacity = new Int32Array(n);
    let total = 0;
    for (let v = 0; v < n; v++) {
      this.begin[v] = total;
      this.capacity[v] = initialCounts[v]! + 2;
      total += this.capacity[v]!;
    }
    this.used = total;
    const room = Math.ceil(total * 1.5) + 16;
    this.node = new Int32Array(room);
    this.weight = new Float64Array(room);
    this.classes = new Uint32Array(room);
    this.middle = new Int32Array(room);
    this.hops = new Int32Array(room);
  }

  /** Position of the arc from `v` to `other` serving exactly `classes`, or -1. */
  find(v: number, other: number, classes: number): number {
    const end = this.begin[v]! + this.size[v]!;
    const node = this.node;
    for (let i = this.begin[v]!; i < end; i++) if (node[i] === other && this.classes[i] === classes) return i;
    return -1;
  }

  push(v: number, other: number, weight: number, classes: number, middle: number, hops: number): void {
    if (this.size[v] === this.capacity[v]) this.relocate(v);
    const at = this.begin[v]! + this.size[v]!++;
    this.node[at] = other;
    this.weight[at] = weight;
    this.classes[at] = classes;
    this.middle[at] = middle;
    this.hops[at] = hops;
  }

  /** Removes the arc at position `at` of `v`'s slice (order is not kept: the last arc moves there). */
  removeAt(v: number, at: number): void {
    const last = this.begin[v]! + --this.size[v]!;
    this.node[at] = this.node[last]!;
    this.weight[at] = this.weight[last]!;
    this.classes[at] = this.classes[last]!;
    this.middle[at] = this.middle[last]!;
    this.hops[at] = this.hops[last]!;
  }

  /** Removes every arc from `v` to `other`. */
  removeAll(v: number, other: number): void {
    for (let i = this.begin[v]!; i < this.begin[v]! + this.size[v]!;) {
      if (this.node[i] === other) this.removeAt(v, i);
      else i++;
    }
  }

  /** Gives up `v`'s slice (a contracted node): its room is left out when the arena is next packed. */
  release(v: number): void {
    this.size[v] = 0;
    this.capacity[v] = 0;
  }

  private relocate(v: number): void {
    const size = this.size[v]!;
    const capacity = Math.max(4, 2 * size);
    if (this.used + capacity > this.node.length) {
      this.pack(v, capacity);
      return;
    }
    const from = this.begin[v]!;
    this.node.copyWithin(this.used, from, from + size);
    this.weight.copyWithin(this.used, from, from + size);
    this.classes.copyWithin(this.used, from, from + size);
    this.middle.copyWithin(this.used, from, from + size);
    this.hops.copyWithin(this.used, from, from + size);
    this.begin[v] = this.used;
    this.capacity[v] = capacity;
    this.used += capacity;
  }

  /**
   * Moves every live slice, in node order, into new arrays with room to spare; `v`'s slice gets
   * `capacity`. One column at a time, so that the old and new arrays of only one column are held
   * together: on a 1000 x 1000 grid each arena starts at 660 MB.
   */
  private pack(v: number, capacity: number): void {
    const n = this.begin.length;
    this.capacity[v] = capacity;
    const begin = new Int32Array(n);
    let at = 0;
    for (let u = 0; u < n; u++) {
      begin[u] = at;
      at += this.capacity[u]!;
    }
    const room = Math.ceil(at * 1.5) + 16;
    this.node = this.packed(this.node, begin, room);
    this.weight = this.packed(this.weight, begin, room);
    this.classes = this.packed(this.classes, begin, room);
    this.middle = this.packed(this.middle, begin, room);
    this.hops = this.packed(this.hops, begin, room);
    this.begin.set(begin);
    this.used = at;
  }

  /** `column` with each live slice moved to its new `begin`, in an array of `room` arcs. */
  private packed<T extends Int32Array | Uint32Array | Float64Array>(column: T, begin: Int32Array, room: number): T {
    const moved = new (column.constructor as new (length: number) => T)(room);
    for (let u = 0; u < begin.length; u++) {
      const from = this.begin[u]!;
      moved.set(column.subarray(from, from + this.size[u]!), begin[u]!);
    }
    return moved;
  }
}
