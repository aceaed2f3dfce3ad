import { SmallestThree } from '../core/structures/smallest-three.js';
import type { CentroidInput } from './centroid-input.js';

const ROUNDS = 200;
/** Share of the imbalance between two neighbours turned into a shift of both, per round. */
const RATE = 0.1;
const MAX_SHIFT = 0.2;
/** Stop once every driver's nearest-centre workload is within 1 % of the mean of its target. */
const TOLERANCE = 0.01;

/**
 * Moves centres so that the jobs *nearest* to each (among its allowed drivers) weigh the same,
 * which is what a build that follows centroids sees. The target of a driver is the mean share of
 * the workload, or all the work it may do when that is less. Each round, every pair of centres
 * that share a border (a job nearest to one and second nearest to the other) shifts along the line
 * between them, away from the one further over its target, in proportion to the difference: the
 * border between them moves toward that centre. Keeps the best round; updates `x`, `y` in place
 * and returns the nearest-centre workload per driver.
 */
export function balanceNearestCentres(input: CentroidInput, x: Float64Array, y: Float64Array): Float64Array {
  const n = input.x.length;
  const k = input.driverCount;
  const load = new Float64Array(k);
  const border = new Uint8Array(k * k);
  const bestX = Float64Array.from(x);
  const bestY = Float64Array.from(y);
  const bestLoad = new Float64Array(k);
  const shiftX = new Float64Array(k);
  const shiftY = new Float64Array(k);
  const reach = new Float64Array(k);
  /** The nearest and second nearest centre of a job. */
  const nearest = new SmallestThree();
  let total = 0;
  let active = 0;
  for (let j = 0; j < n; j++) {
    if (input.eligible[j]!.length === 0) continue;
    total += input.workload[j]!;
    for (const d of input.eligible[j]!) reach[d]! += input.workload[j]!;
  }
  for (let d = 0; d < k; d++) if (reach[d]! > 0) active++;
  if (active === 0) return load;
  const share = total / active;
  const target = Float64Array.from(reach, (r) => Math.min(r, share));
  let bestImbalance = Infinity;

  for (let round = 0; round <= ROUNDS; round++) {
    load.fill(0);
    border.fill(0);
    for (let j = 0; j < n; j++) {
      nearest.reset();
      for (const d of input.eligible[j]!) nearest.offer((input.x[j]! - x[d]!) ** 2 + (input.y[j]! - y[d]!) ** 2, d);
      const { firstId: first, secondId: second } = nearest;
      if (first < 0) continue;
      load[first]! += input.workload[j]!;
      if (second >= 0) border[first * k + second] = border[second * k + first] = 1;
    }
    let imbalance = 0;
    for (let d = 0; d < k; d++) if (reach[d]! > 0) imbalance = Math.max(imbalance, Math.abs(load[d]! - target[d]!) / share);
    if (imbalance < bestImbalance) {
      bestImbalance = imbalance;
      bestX.set(x);
      bestY.set(y);
      bestLoad.set(load);
    }
    if (imbalance <= TOLERANCE || round === ROUNDS) break;
    shiftX.fill(0);
    shiftY.fill(0);
    for (let a = 0; a < k; a++) {
      for (let b = a + 1; b < k; b++) {
        if (!border[a * k + b]) continue;
        const excess = load[a]! - target[a]! - (load[b]! - target[b]!);
        const step = 0.5 * Math.max(-MAX_SHIFT, Math.min(MAX_SHIFT, (RATE * excess) / share));
        const dx = step * (x[a]! - x[b]!);
        const dy = step * (y[a]! - y[b]!);
        shiftX[a]! += dx;
        shiftY[a]! += dy;
        shiftX[b]! += dx;
        shiftY[b]! += dy;
      }
    }
    for (let d = 0; d < k; d++) {
      x[d]! += shiftX[d]!;
      y[d]! += shiftY[d]!;
    }
  }
  x.set(bestX);
  y.set(bestY);
  return bestLoad;
}
