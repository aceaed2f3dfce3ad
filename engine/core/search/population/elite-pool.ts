import type { Random } from '../../structures/prng.js';
import type { Elite } from './elite.js';

export interface ElitePoolParameters {
  /** Most solutions kept; one more makes the pool drop its least useful one. */
  capacity: number;
  /** Nearest pool members whose mean distance is a member's diversity contribution. */
  closest: number;
  /** Best members whose fitness ignores diversity (hybrid genetic search's elite count). */
  elite: number;
}

export const DEFAULT_ELITE_POOL: ElitePoolParameters = { capacity: 8, closest: 3, elite: 2 };

/**
 * A small population ranked by biased fitness, as in hybrid genetic search: cost rank plus
 * diversity rank (mean broken-pairs distance to the closest members), the latter weighed less for
 * the best few. Parents come by binary tournament on that fitness; when the pool overflows, a
 * clone of a better member or else the worst-ranked member leaves, so the pool keeps good plans
 * that differ.
 */
export class ElitePool {
  private readonly kept: Elite[] = [];

  constructor(
    private readonly jobs: Int32Array,
    private readonly random: Random,
    private readonly parameters: ElitePoolParameters = DEFAULT_ELITE_POOL,
  ) {}

  get members(): readonly Elite[] {
    return this.kept;
  }

  /** Adds a solution unless the pool already holds the same plan at no higher cost. */
  add(elite: Elite): void {
    for (let i = 0; i < this.members.length; i++) {
      const member = this.members[i]!;
      if (member.distance(elite, this.jobs) > 0) continue;
      if (member.cost <= elite.cost) return;
      this.kept[i] = elite;
      return;
    }
    this.kept.push(elite);
    if (this.members.length > this.parameters.capacity) this.kept.splice(this.worst(), 1);
  }

  /** Binary tournament on biased fitness (lower is better). */
  select(): Elite {
    const fitness = this.fitness();
    const a = this.random.nextInt(this.members.length);
    const b = this.random.nextInt(this.members.length);
    return this.members[fitness[a]! <= fitness[b]! ? a : b]!;
  }

  /** A parent for `first` other than it, by binary tournament (null when the pool holds only `first`). */
  selectOther(first: Elite): Elite | null {
    if (this.members.length < 2) return null;
    for (let attempt = 0; attempt < 4; attempt++) {
      const other = this.select();
      if (other !== first) return other;
    }
    return this.members.find((member) => member !== first) ?? null;
  }

  private worst(): number {
    const fitness = this.fitness();
    let worst = 0;
    for (let i = 1; i < fitness.length; i++) if (fitness[i]! > fitness[worst]!) worst = i;
    return worst;
  }

  /** Per member: cost rank + (1 − elite / size) × diversity rank, both scaled to [0, 1]. */
  private fitness(): Float64Array {
    const count = this.members.length;
    const fitness = new Float64Array(count);
    if (count < 2) return fitness;
    const contribution = new Float64Array(count);
    const distances = new Float64Array(count - 1);
    for (let i = 0; i < count; i++) {
      let d = 0;
      for (let j = 0; j < count; j++) if (j !== i) distances[d++] = this.members[i]!.distance(this.members[j]!, this.jobs);
      distances.sort();
      const closest = Math.min(this.parameters.closest, distances.length);
      let sum = 0;
      for (let c = 0; c < closest; c++) sum += distances[c]!;
      contribution[i] = sum / closest;
    }
    const byCost = rank(count, (a, b) => this.members[a]!.cost - this.members[b]!.cost);
    const byDiversity = rank(count, (a, b) => contribution[b]! - contribution[a]!);
    const diversityWeight = 1 - Math.min(this.parameters.elite, count) / count;
    for (let i = 0; i < count; i++) fitness[i] = (byCost[i]! + diversityWeight * byDiversity[i]!) / (count - 1);
    return fitness;
  }
}

/** Per index, its position in the order `compare` gives (0 = first). */
function rank(count: number, compare: (a: number, b: number) => number): Int32Array {
  const order = Array.from({ length: count }, (_, i) => i).sort((a, b) => compare(a, b) || a - b);
  const ranks = new Int32Array(count);
  order.forEach((index, position) => (ranks[index] = position));
  return ranks;
}
