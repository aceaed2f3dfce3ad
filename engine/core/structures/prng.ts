/**
 * xoshiro128** seeded through splitmix32: fast, 32-bit state that fits JS integer arithmetic, and
 * identical sequences on every platform so a seed reproduces a run.
 */
export class Random {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(seed: number) {
    let state = seed >>> 0;
    const splitmix32 = (): number => {
      state = (state + 0x9e3779b9) | 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.s0 = splitmix32();
    this.s1 = splitmix32();
    this.s2 = splitmix32();
    this.s3 = splitmix32();
  }

  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /**
   * Draws `count` numbers as `nextFloat()` would, one after the other, and writes 1 to `out[i]` when
   * the i-th is below `rate`, else 0. A greedy insertion draws one number per position it prices.
   */
  flagsBelow(out: Uint8Array, count: number, rate: number): void {
    this.advance(count, out, rate);
  }

  /**
   * Moves on `count` draws without computing them: the same state as `count` calls of
   * `nextUint32()`, for draws a caller must consume (so a seed's run does not depend on which it
   * reads) but does not look at, at about half the cost of drawing them.
   */
  skip(count: number): void {
    this.advance(count, null, 0);
  }

  /**
   * `count` steps of the state, and with `out` the flags of `flagsBelow`. The state stays in locals
   * for the whole loop, where a call per draw stores it back each time.
   */
  private advance(count: number, out: Uint8Array | null, rate: number): void {
    let s0 = this.s0;
    let s1 = this.s1;
    let s2 = this.s2;
    let s3 = this.s3;
    for (let i = 0; i < count; i++) {
      if (out !== null) out[i] = (Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0) / 4294967296 < rate ? 1 : 0;
      const t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = rotl(s3, 11);
    }
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
    this.s3 = s3;
  }

  /** Uniform in [0, 1). */
  nextFloat(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [0, bound). */
  nextInt(bound: number): number {
    return Math.floor(this.nextFloat() * bound);
  }

  shuffle(values: Int32Array, length = values.length): void {
    for (let i = length - 1; i > 0; i--) {
      const j = this.nextInt(i + 1);
      const swap = values[i]!;
      values[i] = values[j]!;
      values[j] = swap;
    }
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
