/**
 * Per row, the `width` smallest keys offered to it (a max-heap per row, all in one typed array):
 * a ranking that offers each row thousands of keys keeps only the few it answers, without a
 * row of every key to select from. Keys are distinct numbers.
 */
export class SmallestKeys {
  private readonly heaps: Float64Array;
  private readonly counts: Int32Array;

  constructor(
    rows: number,
    readonly width: number,
  ) {
    this.heaps = new Float64Array(rows * width);
    this.counts = new Int32Array(rows);
  }

  offer(row: number, key: number): void {
    const heaps = this.heaps;
    const width = this.width;
    const base = row * width;
    const count = this.counts[row]!;
    if (count < width) {
      // Up from the new leaf while the parent is smaller.
      let at = count;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (heaps[base + parent]! >= key) break;
        heaps[base + at] = heaps[base + parent]!;
        at = parent;
      }
      heaps[base + at] = key;
      this.counts[row] = count + 1;
      return;
    }
    if (width === 0 || key >= heaps[base]!) return;
    // The largest kept key goes: down from the root while a child is larger than `key`.
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= width) break;
      if (child + 1 < width && heaps[base + child + 1]! > heaps[base + child]!) child++;
      if (heaps[base + child]! <= key) break;
      heaps[base + at] = heaps[base + child]!;
      at = child;
    }
    heaps[base + at] = key;
  }

  /** The keys kept for `row`, smallest first; the row then takes no more keys. */
  sorted(row: number): Float64Array {
    const base = row * this.width;
    return this.heaps.subarray(base, base + this.counts[row]!).sort();
  }
}
