/**
 * Four-ary min-heap of (key, value) pairs in typed arrays. Duplicates are allowed: searches push
 * again on improvement and skip stale entries when popping (cheaper than decrease-key here).
 * Four children per node, not two: half the levels to sift through, the children's keys side by
 * side. The contraction's witness searches (grid 300, four auto classes) took 36.1 / 34.5 s of
 * CPU against 37.8 / 35.5 s with a binary heap (two rounds alternated in one process, load
 * 4-6; the order of equal keys differs, the work within 1 %: 961,390 against 955,161
 * simulations, 143.9 against 144.8 million settled nodes).
 */
export class MinHeap {
  private keys: Float64Array;
  private values: Int32Array;
  size = 0;

  constructor(capacity = 64) {
    this.keys = new Float64Array(capacity);
    this.values = new Int32Array(capacity);
  }

  clear(): void {
    this.size = 0;
  }

  topKey(): number {
    return this.size > 0 ? this.keys[0]! : Infinity;
  }

  push(key: number, value: number): void {
    if (this.size === this.keys.length) this.grow();
    const keys = this.keys;
    const values = this.values;
    let at = this.size++;
    while (at > 0) {
      const parent = (at - 1) >> 2;
      if (keys[parent]! <= key) break;
      keys[at] = keys[parent]!;
      values[at] = values[parent]!;
      at = parent;
    }
    keys[at] = key;
    values[at] = value;
  }

  /** Removes the minimum and returns its value; its key is `topKey()` before the call. */
  pop(): number {
    const keys = this.keys;
    const values = this.values;
    const top = values[0]!;
    const size = --this.size;
    if (size === 0) return top;
    const key = keys[size]!;
    const value = values[size]!;
    let at = 0;
    for (;;) {
      const first = 4 * at + 1;
      if (first >= size) break;
      let child = first;
      let least = keys[first]!;
      const end = Math.min(first + 4, size);
      for (let other = first + 1; other < end; other++) {
        if (keys[other]! < least) {
          least = keys[other]!;
          child = other;
        }
      }
      if (least >= key) break;
      keys[at] = least;
      values[at] = values[child]!;
      at = child;
    }
    keys[at] = key;
    values[at] = value;
    return top;
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2);
    keys.set(this.keys);
    const values = new Int32Array(this.values.length * 2);
    values.set(this.values);
    this.keys = keys;
    this.values = values;
  }
}
