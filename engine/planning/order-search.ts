import type { RouteObjective } from './route-objective.js';

export interface OrderSearchOptions {
  /** Wall-clock deadline (ms since epoch); checked inside the loops. */
  deadline: number;
  /** Non-improving perturbations tolerated before the search stops early. */
  patience: number;
  random: () => number;
  onImprovement?: (cost: number) => void;
}

/** Reverses order[i..j] in place. */
function reverse(order: Int32Array, i: number, j: number): void {
  for (; i < j; i++, j--) {
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
  }
}

/**
 * Local search to a local optimum of 2-opt and or-opt (segments of 1–3) moves, each move checked
 * with the full route objective, first improvement.
 */
export function improveOrder(order: Int32Array, objective: RouteObjective, deadline: number): number {
  const n = order.length;
  let best = objective.cost(order);
  if (n < 2) return best;
  const candidate = new Int32Array(n);
  const scratch = new Int32Array(n);
  let improved = true;
  while (improved && Date.now() < deadline) {
    improved = false;
    for (let i = 0; i < n - 1 && Date.now() < deadline; i++) {
      for (let j = i + 1; j < n; j++) {
        candidate.set(order);
        reverse(candidate, i, j);
        const cost = objective.cost(candidate);
        if (cost < best - 1e-9) {
          order.set(candidate);
          best = cost;
          improved = true;
        }
      }
    }
    for (let len = 1; len <= 3 && Date.now() < deadline; len++) {
      for (let i = 0; i + len <= n; i++) {
        for (let to = 0; to <= n - len; to++) {
          if (to === i) continue;
          const segment = order.slice(i, i + len);
          let w = 0;
          for (let k = 0; k < n; k++) if (k < i || k >= i + len) scratch[w++] = order[k]!;
          candidate.set(scratch.subarray(0, to), 0);
          candidate.set(segment, to);
          candidate.set(scratch.subarray(to, n - len), to + len);
          const cost = objective.cost(candidate);
          if (cost < best - 1e-9) {
            order.set(candidate);
            best = cost;
            improved = true;
          }
        }
      }
    }
  }
  return best;
}

/**
 * Iterated local search over one route's job order: local optimum, then random double-bridge
 * kicks from the best order, until the deadline or `patience` kicks in a row bring nothing.
 */
export function searchOrder(initial: Int32Array, objective: RouteObjective, options: OrderSearchOptions): Int32Array {
  const n = initial.length;
  const best = initial.slice();
  let bestCost = improveOrder(best, objective, options.deadline);
  options.onImprovement?.(bestCost);
  if (n < 4) return best;
  const current = new Int32Array(n);
  let idle = 0;
  while (Date.now() < options.deadline && idle < options.patience) {
    current.set(best);
    const cuts = [
      1 + Math.floor(options.random() * (n - 1)),
      1 + Math.floor(options.random() * (n - 1)),
      1 + Math.floor(options.random() * (n - 1)),
    ].sort((a, b) => a - b);
    const [a, b, c] = cuts as [number, number, number];
    // Double bridge: A C B D — a kick 2-opt and or-opt cannot undo in one move.
    const kicked = Int32Array.from([...best.subarray(0, a), ...best.subarray(b, c), ...best.subarray(a, b), ...best.subarray(c)]);
    current.set(kicked);
    const cost = improveOrder(current, objective, options.deadline);
    if (cost < bestCost - 1e-9) {
      best.set(current);
      bestCost = cost;
      idle = 0;
      options.onImprovement?.(bestCost);
    } else {
      idle++;
    }
  }
  return best;
}
