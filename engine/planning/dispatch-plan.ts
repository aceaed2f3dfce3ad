import type { ResolvedJob, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { ViolationType } from '../../model/types/violation.js';
import { multidayChains } from '../evaluate/multiday.js';
import { routeJobs } from '../evaluate/route-jobs.js';
import type { ChainPrice, ChainPricer } from './chain-pricer.js';

/** One place a job could go: before the `position`-th job of day `day` of chain `chain`. */
export interface Insertion {
  chain: number;
  day: number;
  position: number;
  /** The chain's price with the job there. */
  price: ChainPrice;
}

/**
 * The plan dispatch operations (recommend, insert) work on: the request's routes grouped into
 * multi-day chains with their jobs in the given order, as job indices, and each chain's price.
 * Jobs to be placed are first taken off any route they are on. Jobs are only ever inserted, so the
 * stops already there keep their relative order.
 */
export class DispatchPlan {
  readonly chains: ResolvedRoute[][];
  /** [chain][day] → job indices in visiting order. */
  readonly orders: number[][][];
  readonly prices: ChainPrice[];

  constructor(
    readonly problem: ResolvedProblem,
    readonly pricer: ChainPricer,
    detached: ReadonlySet<number>,
  ) {
    const indexOf = new Map(problem.jobs.map((job, index) => [job, index]));
    this.chains = multidayChains(problem);
    this.orders = this.chains.map((chain) =>
      chain.map((route) =>
        routeJobs(route)
          .map((job) => indexOf.get(job)!)
          .filter((job) => !detached.has(job)),
      ),
    );
    this.prices = this.chains.map((chain, c) => pricer.price(chain, this.orders[c]!));
  }

  /** True when chain `chain` is a single route whose own rules (dates, attributes, drivers, zones) bar `job` wherever it goes. */
  staticallyBarred(chain: number, job: number): boolean {
    const routes = this.chains[chain]!;
    return routes.length === 1 && this.pricer.staticViolations(routes[0]!, job).length > 0;
  }

  /** Every insertion of `job` into chain `chain`, in order of day and position. */
  forEachInsertion(chain: number, job: number, visit: (insertion: Insertion) => void): void {
    const routes = this.chains[chain]!;
    const days = this.orders[chain]!;
    const candidate = days.map((order) => order.slice());
    days.forEach((order, day) => {
      const inserted: number[] = [job, ...order];
      candidate[day] = inserted;
      for (let position = 0; ; position++) {
        visit({ chain, day, position, price: this.pricer.price(routes, candidate) });
        if (position === order.length) break;
        inserted[position] = order[position]!;
        inserted[position + 1] = job;
      }
      candidate[day] = order.slice();
    });
  }

  /** The chain's orders with `job` inserted (the plan itself is unchanged). */
  withInsertion(insertion: Omit<Insertion, 'price'>, job: number): number[][] {
    return this.orders[insertion.chain]!.map((order, day) =>
      day === insertion.day ? [...order.slice(0, insertion.position), job, ...order.slice(insertion.position)] : order.slice(),
    );
  }

  /**
   * Whether the insertion adds a violation of one of `types` (settings.critical_violations, never
   * allowed even when hard violations are). Traces the chain twice: only for requests that name such types.
   */
  addsViolationOf(insertion: Omit<Insertion, 'price'>, job: number, types: ReadonlySet<ViolationType>): boolean {
    if (types.size === 0) return false;
    const chain = this.chains[insertion.chain]!;
    const count = (found: readonly ViolationType[]): Map<ViolationType, number> => {
      const counted = new Map<ViolationType, number>();
      for (const type of found) if (types.has(type)) counted.set(type, (counted.get(type) ?? 0) + 1);
      return counted;
    };
    const before = count(this.pricer.hardViolationTypes(chain, this.orders[insertion.chain]!));
    const after = count(this.pricer.hardViolationTypes(chain, this.withInsertion(insertion, job)));
    return [...after].some(([type, n]) => n > (before.get(type) ?? 0));
  }

  /** Puts `job` where `insertion` says and keeps its price. */
  insert(insertion: Insertion, job: number): void {
    this.orders[insertion.chain]![insertion.day]!.splice(insertion.position, 0, job);
    this.prices[insertion.chain] = insertion.price;
  }

  /** Every route's jobs in planned order, for the evaluator. */
  routeOrders(): Map<ResolvedRoute, ResolvedJob[]> {
    const orders = new Map<ResolvedRoute, ResolvedJob[]>();
    this.chains.forEach((chain, c) =>
      chain.forEach((route, day) =>
        orders.set(
          route,
          this.orders[c]![day]!.map((job) => this.problem.jobs[job]!),
        ),
      ),
    );
    return orders;
  }
}
