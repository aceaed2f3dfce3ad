/**
 * Per-node arc lists that grow and shrink, in typed arrays: each node owns a slice of one shared
 * arena (begin, size, capacity); a full slice moves to the arena's end with double the room.
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

  private relocate(v: number): void {
    const size = this.size[v]!;
    const capacity = Math.max(4, 2 * size);
    if (this.used + capacity > this.node.length) this.grow(this.used + capacity);
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

  private grow(atLeast: number): void {
    const room = Math.max(atLeast, Math.ceil(this.node.length * 1.5));
    this.node = copied(this.node, room, this.used);
    this.weight = copied(this.weight, room, this.used);
    this.classes = copied(this.classes, room, this.used);
    this.middle = copied(this.middle, room, this.used);
    this.hops = copied(this.hops, room, this.used);
  }
}

function copied<T extends Int32Array | Uint32Array | Float64Array>(array: T, length: number, used: number): T {
  const bigger = new (array.constructor as new (length: number) => T)(length);
  bigger.set(array.subarray(0, used));
  return bigger;
}
