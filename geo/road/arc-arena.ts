/**
 * Per-node arc lists that grow and shrink, in typed arrays: each node owns a slice of one shared
 * arena (begin, size, capacity); a full slice moves to the arena's end with double the room.
 * When the arena is full its live slices are packed into new arrays sized for them, leaving out
 * the room of moved slices and released nodes: on a 100 x 100 grid (four classes together) the
 * arena otherwise ended at 5 times the arcs it started with, most of it dead.
 * An arc carries its other end, weight, the travel classes it serves (a bit set), the node a
 * shortcut bypasses (-1 for an original arc) and the number of original arcs it stands for
 * (hops). Two nodes may be joined by several arcs, one per weight, serving disjoint classes.
 *
 * What a witness search reads of an arc (weight, other end, classes) is one 16-byte record, three
 * views of one buffer: arc i's weight is `weight[2 * i]`, its other end `node[4 * i + 2]`, its
 * classes `classes[4 * i + 3]` (see `nodeOf`, `weightOf`, `classesOf`). A node's arcs are then
 * one run of memory instead of three: on a 300 x 300 grid (four auto classes) the same
 * contraction took 34.8 / 31.7 s of CPU against 35.1 / 32.9 s with three arrays (two rounds
 * alternated in one process, load 3-4).
 */
export class ArcArena {
  readonly begin: Int32Array;
  readonly size: Int32Array;
  private readonly capacity: Int32Array;
  /** Per arc, stride 2 (see the class comment). */
  weight: Float64Array;
  /** Per arc, stride 4, at 2. */
  node: Int32Array;
  /** Per arc, stride 4, at 3. */
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
    this.weight = new Float64Array(2 * room);
    this.node = new Int32Array(this.weight.buffer);
    this.classes = new Uint32Array(this.weight.buffer);
    this.middle = new Int32Array(room);
    this.hops = new Int32Array(room);
  }

  /** Arcs the arena has room for. */
  get room(): number {
    return this.middle.length;
  }

  nodeOf(i: number): number {
    return this.node[4 * i + 2]!;
  }

  weightOf(i: number): number {
    return this.weight[2 * i]!;
  }

  classesOf(i: number): number {
    return this.classes[4 * i + 3]!;
  }

  setClasses(i: number, classes: number): void {
    this.classes[4 * i + 3] = classes;
  }

  /** Position of the arc from `v` to `other` serving exactly `classes`, or -1. */
  find(v: number, other: number, classes: number): number {
    const end = this.begin[v]! + this.size[v]!;
    for (let i = this.begin[v]!; i < end; i++) if (this.node[4 * i + 2] === other && this.classes[4 * i + 3] === classes) return i;
    return -1;
  }

  push(v: number, other: number, weight: number, classes: number, middle: number, hops: number): void {
    if (this.size[v] === this.capacity[v]) this.relocate(v);
    const at = this.begin[v]! + this.size[v]!++;
    this.weight[2 * at] = weight;
    this.node[4 * at + 2] = other;
    this.classes[4 * at + 3] = classes;
    this.middle[at] = middle;
    this.hops[at] = hops;
  }

  /** Removes the arc at position `at` of `v`'s slice (order is not kept: the last arc moves there). */
  removeAt(v: number, at: number): void {
    const last = this.begin[v]! + --this.size[v]!;
    this.weight[2 * at] = this.weight[2 * last]!;
    this.node[4 * at + 2] = this.node[4 * last + 2]!;
    this.classes[4 * at + 3] = this.classes[4 * last + 3]!;
    this.middle[at] = this.middle[last]!;
    this.hops[at] = this.hops[last]!;
  }

  /** Removes every arc from `v` to `other`. */
  removeAll(v: number, other: number): void {
    for (let i = this.begin[v]!; i < this.begin[v]! + this.size[v]!;) {
      if (this.node[4 * i + 2] === other) this.removeAt(v, i);
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
    if (this.used + capacity > this.room) {
      this.pack(v, capacity);
      return;
    }
    const from = this.begin[v]!;
    this.weight.copyWithin(2 * this.used, 2 * from, 2 * (from + size));
    this.middle.copyWithin(this.used, from, from + size);
    this.hops.copyWithin(this.used, from, from + size);
    this.begin[v] = this.used;
    this.capacity[v] = capacity;
    this.used += capacity;
  }

  /**
   * Moves every live slice, in node order, into new arrays with room to spare; `v`'s slice gets
   * `capacity`. One column at a time (the records, then middle, then hops), so that the old and
   * new arrays of only one column are held together: on a 1000 x 1000 grid each arena starts at
   * 660 MB.
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
    this.weight = this.packed(this.weight, begin, room, 2);
    this.node = new Int32Array(this.weight.buffer);
    this.classes = new Uint32Array(this.weight.buffer);
    this.middle = this.packed(this.middle, begin, room, 1);
    this.hops = this.packed(this.hops, begin, room, 1);
    this.begin.set(begin);
    this.used = at;
  }

  /** `column` (`stride` entries per arc) with each live slice moved to its new `begin`, in an array of `room` arcs. */
  private packed<T extends Int32Array | Float64Array>(column: T, begin: Int32Array, room: number, stride: number): T {
    const moved = new (column.constructor as new (length: number) => T)(stride * room);
    for (let u = 0; u < begin.length; u++) {
      const from = stride * this.begin[u]!;
      moved.set(column.subarray(from, from + stride * this.size[u]!), stride * begin[u]!);
    }
    return moved;
  }
}
