/** A growable list of (node, key) pairs in typed arrays, reused from search to search. */
export class KeyedNodes {
  nodes = new Int32Array(256);
  keys = new Float64Array(256);
  count = 0;

  clear(): void {
    this.count = 0;
  }

  push(node: number, key: number): void {
    if (this.count === this.nodes.length) this.reserve(this.count + 1);
    this.nodes[this.count] = node;
    this.keys[this.count++] = key;
  }

  /** Sorts the pairs by key, keeping the order of equal keys (insertion sort: the lists sorted here are short). */
  sortByKey(): void {
    const { nodes, keys } = this;
    for (let i = 1; i < this.count; i++) {
      const node = nodes[i]!;
      const key = keys[i]!;
      let at = i;
      for (; at > 0 && keys[at - 1]! > key; at--) {
        nodes[at] = nodes[at - 1]!;
        keys[at] = keys[at - 1]!;
      }
      nodes[at] = node;
      keys[at] = key;
    }
  }

  /** Appends the pairs of `other`. */
  append(other: KeyedNodes): void {
    this.reserve(this.count + other.count);
    this.nodes.set(other.nodes.subarray(0, other.count), this.count);
    this.keys.set(other.keys.subarray(0, other.count), this.count);
    this.count += other.count;
  }

  /** Grows both arrays, doubling, until they hold `size` pairs. */
  private reserve(size: number): void {
    while (size > this.nodes.length) {
      this.nodes = grown(this.nodes);
      this.keys = grown(this.keys);
    }
  }
}

export function grown<T extends Int32Array | Float64Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}
