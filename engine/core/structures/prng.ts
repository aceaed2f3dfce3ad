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

  /** Uniform in [0, 1). */
  nextFloat(): number {
    return this.nextUint32() / 4294967296;
  }

  /**
   * Trials up to and including the first success, each a success with probability `rate` (0 < rate
   * ≤ 1), from one draw: the gap between two independent events of chance `rate`.
   */
  nextGap(rate: number): number {
    // 1 - nextFloat() is in (0, 1], so its logarithm is finite.
    return Random.gap(1 - this.nextFloat(), rate);
  }

  /** The gap `nextGap` makes of `uniform` (in (0, 1]): above k exactly when `uniform` ≤ (1 - rate)^k. */
  static gap(uniform: number, rate: number): number {
    return 1 + Math.floor(Math.log(uniform) / Math.log1p(-rate));
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
