import type { Random } from '../structures/prng.js';
import type { Solution } from '../structures/solution.js';
import type { Deadline } from './deadline.js';
import type { LocalSearchOperator } from './local-search-operator.js';
import type { MoveEvaluator } from './move-evaluator.js';
import type { Neighbourhood } from './neighbourhood.js';
import { OrOpt } from './operators/or-opt.js';
import { Relocate } from './operators/relocate.js';
import { Swap } from './operators/swap.js';
import { SwapStar } from './operators/swap-star.js';
import { TwoOpt } from './operators/two-opt.js';
import { TwoOptStar } from './operators/two-opt-star.js';

/**
 * First-improvement local search over granular neighbourhoods until no operator improves.
 * A pair (u, v) is re-examined only if one of the two routes changed since u was last examined
 * (HGS-style timestamps), so later passes cost a fraction of the first.
 */
export class LocalSearch {
  private readonly operators: LocalSearchOperator[];
  private readonly swapStar: SwapStar;
  private readonly order: Int32Array;
  private readonly routeChangedAt: Int32Array;
  private readonly jobTestedAt: Int32Array;
  private readonly pairTestedAt: Int32Array;
  private clock = 0;

  constructor(
    evaluator: MoveEvaluator,
    private readonly neighbourhood: Neighbourhood,
    private readonly random: Random,
  ) {
    this.operators = [new Relocate(evaluator), new Swap(evaluator), new OrOpt(evaluator), new TwoOptStar(evaluator), new TwoOpt(evaluator)];
    this.swapStar = new SwapStar(evaluator);
    const instance = evaluator.model.instance;
    this.order = Int32Array.from(instance.jobs);
    const slots = evaluator.model.slotType.length;
    this.routeChangedAt = new Int32Array(slots);
    this.jobTestedAt = new Int32Array(instance.nodeCount);
    this.pairTestedAt = new Int32Array(slots * slots);
  }

  run(solution: Solution, deadline: Deadline): void {
    this.clock++;
    const start = this.clock;
    this.routeChangedAt.fill(start);
    this.jobTestedAt.fill(start - 1);
    this.pairTestedAt.fill(start - 1);
    const { k, neighbours } = this.neighbourhood;
    const slots = this.routeChangedAt.length;
    let improved = true;
    while (improved && !deadline.expired()) {
      improved = false;
      this.random.shuffle(this.order);
      for (const u of this.order) {
        if (solution.routeOf[u]! < 0) continue;
        const testedAt = this.jobTestedAt[u]!;
        this.jobTestedAt[u] = this.clock;
        for (let t = 0; t < k; t++) {
          const v = neighbours[u * k + t]!;
          const routeU = solution.routeOf[u]!;
          const routeV = solution.routeOf[v]!;
          if (routeV < 0) continue;
          if (Math.max(this.routeChangedAt[routeU]!, this.routeChangedAt[routeV]!) <= testedAt) continue;
          for (const operator of this.operators) {
            if (operator.tryMove(solution, u, v)) {
              this.clock++;
              this.routeChangedAt[routeU] = this.clock;
              this.routeChangedAt[routeV] = this.clock;
              improved = true;
              break;
            }
          }
        }
      }
      if (deadline.expired()) return;
      for (const u of this.order) {
        const routeU = solution.routeOf[u]!;
        for (let t = 0; t < k; t++) {
          const routeV = solution.routeOf[neighbours[u * k + t]!]!;
          if (routeU < 0 || routeV < 0 || routeU === routeV) continue;
          const pair = routeU < routeV ? routeU * slots + routeV : routeV * slots + routeU;
          if (Math.max(this.routeChangedAt[routeU]!, this.routeChangedAt[routeV]!) <= this.pairTestedAt[pair]!) continue;
          this.pairTestedAt[pair] = this.clock;
          if (this.swapStar.tryRoutes(solution, solution.routes[routeU]!, solution.routes[routeV]!)) {
            this.clock++;
            this.routeChangedAt[routeU] = this.clock;
            this.routeChangedAt[routeV] = this.clock;
            improved = true;
          }
        }
      }
    }
  }
}
