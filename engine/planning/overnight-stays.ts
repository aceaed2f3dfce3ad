import type { ResolvedJob, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { RoutePlan } from '../compile/solution-mapping.js';
import { walkChain } from '../evaluate/multiday.js';
import { routeSettings } from '../evaluate/route-settings.js';
import type { TravelTable } from '../evaluate/travel-table.js';
import { improveOrder } from './order-search.js';
import { RouteObjective } from './route-objective.js';

/** Savings below this (US$) are round-off, not a reason for a night away. */
const SAVING_EPSILON = 1e-6;

interface ChainPrice {
  cost: number;
  hard: number;
  orders: Map<ResolvedRoute, ResolvedJob[]>;
}

/** Whether `next` can be the day after `day` in one trip: consecutive dates (or both undated). */
function followsOn(day: ResolvedRoute, next: ResolvedRoute): boolean {
  if (day.date === undefined || next.date === undefined) return day.date === next.date;
  return next.date === day.date + 1;
}

/**
 * The evaluator's price of a chain of days, with `resequenceUntil` each day's order of a chain of
 * several days first brought to a local optimum of 2-opt and or-opt moves in its chain context
 * (until that deadline): a day that ends with an overnight stay ends best far from the depot.
 */
function priceChain(
  problem: ResolvedProblem,
  travel: TravelTable,
  chain: readonly ResolvedRoute[],
  orders: ReadonlyMap<ResolvedRoute, readonly ResolvedJob[]>,
  resequenceUntil?: number,
): ChainPrice {
  const price: ChainPrice = { cost: 0, hard: 0, orders: new Map() };
  walkChain(
    problem,
    chain,
    chain.map((route) => orders.get(route) ?? []),
    (route, context) => {
      const jobs = orders.get(route) ?? [];
      const objective = new RouteObjective(problem, route, jobs, travel, context);
      const order = Int32Array.from(jobs.keys());
      if (chain.length > 1 && resequenceUntil !== undefined) improveOrder(order, objective, resequenceUntil);
      price.cost += objective.cost(order);
      price.hard += objective.hardViolations;
      const ordered = Array.from(order, (i) => jobs[i]!);
      price.orders.set(route, ordered);
      return ordered;
    },
  );
  return price;
}

/**
 * Overnight stays for build (multi-day routes): the days of a driver whose
 * max_multiday_days is above 1 are chained, day after day, into trips that sleep where the day
 * ended instead of driving back, whenever the evaluator prices the chain (depot-free loads across
 * it, overnight stops, each day re-sequenced) below the days on their own without adding a hard
 * violation. Only days with jobs chain: an empty day that ends a trip would cost nothing while
 * the drive home is still to be made. Days chain in the order `routes` lists a driver's routes, which is how
 * has_next_multiday_day reads them back. Jobs left on no route are then tried on the trips.
 * Updates `plan` with the re-sequenced and filled days and returns the chains of two days or more.
 */
export function planOvernightStays(
  problem: ResolvedProblem,
  travel: TravelTable,
  routes: readonly ResolvedRoute[],
  plan: RoutePlan,
  deadline: number,
): ResolvedRoute[][] {
  const orders = new Map<ResolvedRoute, ResolvedJob[]>(
    routes.map((route) => [route, (plan.get(route) ?? []).map((j) => problem.jobs[j]!)]),
  );
  const byDriver = new Map<string, ResolvedRoute[]>();
  for (const route of routes) {
    const driver = route.driver;
    if (driver === undefined || routeSettings(problem, route).maxMultidayDays <= 1) continue;
    byDriver.set(driver.id, [...(byDriver.get(driver.id) ?? []), route]);
  }
  const chains: ResolvedRoute[][] = [];
  const close = (chain: ResolvedRoute[], price: ChainPrice): void => {
    if (chain.length < 2) return;
    chains.push(chain);
    for (const [route, order] of price.orders) orders.set(route, order);
  };
  for (const days of byDriver.values()) {
    let chain = [days[0]!];
    let price = priceChain(problem, travel, chain, orders, deadline);
    for (const next of days.slice(1)) {
      const last = chain[chain.length - 1]!;
      const limit = routeSettings(problem, chain[0]!).maxMultidayDays;
      if (
        Date.now() < deadline &&
        chain.length < limit &&
        followsOn(last, next) &&
        orders.get(next)!.length > 0 &&
        orders.get(last)!.length > 0
      ) {
        const alone = priceChain(problem, travel, [next], orders, deadline);
        const longer = priceChain(problem, travel, [...chain, next], orders, deadline);
        if (longer.hard <= price.hard + alone.hard && longer.cost < price.cost + alone.cost - SAVING_EPSILON) {
          chain = [...chain, next];
          price = longer;
          continue;
        }
      }
      close(chain, price);
      chain = [next];
      price = priceChain(problem, travel, chain, orders, deadline);
    }
    close(chain, price);
  }
  placeOnTrips(problem, travel, chains, orders, deadline);
  const indexOf = new Map(problem.jobs.map((job, index) => [job, index]));
  for (const chain of chains)
    for (const route of chain)
      plan.set(
        route,
        orders.get(route)!.map((job) => indexOf.get(job)!),
      );
  return chains;
}

/**
 * Jobs on no route get a second chance on the trips: a day that need not drive home has time for
 * more (a far cluster served over two days). Each goes where its chain's price rises least without
 * a new hard violation; `orders` is updated.
 */
function placeOnTrips(
  problem: ResolvedProblem,
  travel: TravelTable,
  chains: readonly ResolvedRoute[][],
  orders: Map<ResolvedRoute, ResolvedJob[]>,
  deadline: number,
): void {
  if (chains.length === 0) return;
  const routed = new Set([...orders.values()].flat());
  const waiting = problem.jobs.filter((job) => !routed.has(job));
  for (const job of waiting) {
    let best: { day: ResolvedRoute; position: number; delta: number } | undefined;
    for (const chain of chains) {
      const base = priceChain(problem, travel, chain, orders);
      for (const day of chain) {
        const order = orders.get(day)!;
        for (let position = 0; position <= order.length; position++) {
          if (Date.now() >= deadline) return;
          const trial = new Map(orders).set(day, [...order.slice(0, position), job, ...order.slice(position)]);
          const price = priceChain(problem, travel, chain, trial);
          if (price.hard > base.hard) continue;
          if (best === undefined || price.cost - base.cost < best.delta) best = { day, position, delta: price.cost - base.cost };
        }
      }
    }
    if (best !== undefined) orders.get(best.day)!.splice(best.position, 0, job);
  }
}
