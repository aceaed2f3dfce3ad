import type { Random } from '../structures/prng.js';

/**
 * Simulated-annealing acceptance with SISR's exponential cooling from `initial` to `final`
 * temperature over the run. Temperatures scale with the instance's typical arc cost so the same
 * schedule works for Solomon coordinates and X-set coordinates.
 */
export class SimulatedAnnealing {
  constructor(
    private readonly initial: number,
    private readonly final: number,
    private readonly random: Random,
  ) {}

  temperature(progress: number): number {
    return this.initial * Math.pow(this.final / this.initial, Math.min(1, progress));
  }

  /** The current cost plus a random tolerance: a candidate is accepted when it costs less. */
  threshold(current: number, progress: number): number {
    return current - this.temperature(progress) * Math.log(this.random.nextFloat() + Number.MIN_VALUE);
  }
}
