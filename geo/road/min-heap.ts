/**
 * Binary min-heap of (key, value) pairs in typed arrays. Duplicates are allowed: searches push
 * again on improvement and skip stale entries when popping (cheaper than decrease-key here).
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
      const parent = (at - 1) >> 1;
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
      let child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && keys[child + 1]! < keys[child]!) child++;
      if (keys[child]! >= key) break;
      keys[at] = keys[child]!;
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
