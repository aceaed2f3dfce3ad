import type { CentroidInput } from './centroid-input.js';
import { balanceNearestCentres } from './voronoi-balance.js';

export interface CentroidResult {
  /** Per driver; NaN for a driver that may serve no job and had no seed. */
  x: Float64Array;
  y: Float64Array;
  /** Per driver: the workload of the jobs nearest to it (among their allowed drivers) in the end. */
  load: Float64Array;
}

const ITERATIONS = 80;

/** Jobs around each job (its grid cell and the 8 next to it): where centres start is drawn to density. */
function localDensity(input: CentroidInput): Float64Array {
  const n = input.x.length;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let j = 0; j < n; j++) {
    minX = Math.min(minX, input.x[j]!);
    maxX = Math.max(maxX, input.x[j]!);
    minY = Math.min(minY, input.y[j]!);
    maxY = Math.max(maxY, input.y[j]!);
  }
  const size = Math.max(1e-3, 2 * Math.sqrt(((maxX - minX) * (maxY - minY)) / Math.max(1, n)));
  const key = (cx: number, cy: number): string => `${cx}:${cy}`;
  const counts = new Map<string, number>();
  const cellX = new Int32Array(n);
  const cellY = new Int32Array(n);
  for (let j = 0; j < n; j++) {
    cellX[j] = Math.floor((input.x[j]! - minX) / size);
    cellY[j] = Math.floor((input.y[j]! - minY) / size);
    const k = key(cellX[j]!, cellY[j]!);
    counts.set(k, (counts.get(k) ?? 0) + input.workload[j]!);
  }
  const density = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) density[j] += counts.get(key(cellX[j]! + dx, cellY[j]! + dy)) ?? 0;
  }
  return density;
}

/**
 * Starting centres: a driver's existing centroid; else the workload-weighted mean of the jobs
 * only it may serve; else, among the jobs it may serve, the one where density × squared distance
 * to the centres placed so far is largest (dense, and away from the others: k-means++ made
 * deterministic).
 */
function startingCentres(input: CentroidInput, eligibleJobs: readonly number[][]): { x: Float64Array; y: Float64Array } {
  const n = input.x.length;
  const x = Float64Array.from(input.seedX);
  const y = Float64Array.from(input.seedY);
  const nearest = new Float64Array(n).fill(Infinity);
  const place = (d: number): void => {
    for (let j = 0; j < n; j++) nearest[j] = Math.min(nearest[j]!, (input.x[j]! - x[d]!) ** 2 + (input.y[j]! - y[d]!) ** 2);
  };
  for (let d = 0; d < input.driverCount; d++) if (!Number.isNaN(x[d]!)) place(d);
  for (let d = 0; d < input.driverCount; d++) {
    if (!Number.isNaN(x[d]!)) continue;
    let sum = 0;
    let sx = 0;
    let sy = 0;
    for (const j of eligibleJobs[d]!) {
      if (input.eligible[j]!.length !== 1) continue;
      sum += input.workload[j]!;
      sx += input.workload[j]! * input.x[j]!;
      sy += input.workload[j]! * input.y[j]!;
    }
    if (sum > 0) {
      x[d] = sx / sum;
      y[d] = sy / sum;
      place(d);
    }
  }
  const density = localDensity(input);
  for (let d = 0; d < input.driverCount; d++) {
    if (!Number.isNaN(x[d]!) || eligibleJobs[d]!.length === 0) continue;
    let best = -1;
    let bestScore = -Infinity;
    for (const j of eligibleJobs[d]!) {
      const score = density[j]! * (nearest[j] === Infinity ? 1 : nearest[j]!);
      if (score > bestScore) {
        bestScore = score;
        best = j;
      }
    }
    x[d] = input.x[best]!;
    y[d] = input.y[best]!;
    place(d);
  }
  return { x, y };
}

/**
 * One centre per driver near the jobs it may serve, balanced in workload: k-means (each centre
 * moves to the workload-weighted mean of its jobs, which draws centres into dense areas) whose
 * assignment step gives every driver a capacity of its share of the workload. Jobs are assigned
 * most-constrained first (only one driver allowed, then by how much they lose when their nearest
 * centre is full: the gap to their second nearest), each to the nearest allowed centre with room,
 * else to the nearest allowed one. Dense areas so end up with several centres, sparse ones with
 * one over a wider area. A job only one driver may serve always pulls that driver's centre. Last,
 * the centres shift a little so that the jobs nearest to each weigh the same (voronoi-balance.ts).
 */
export function balancedCentroids(input: CentroidInput): CentroidResult {
  const n = input.x.length;
  const k = input.driverCount;
  const eligibleJobs: number[][] = Array.from({ length: k }, () => []);
  input.eligible.forEach((drivers, j) => drivers.forEach((d) => eligibleJobs[d]!.push(j)));
  const { x, y } = startingCentres(input, eligibleJobs);
  const load = new Float64Array(k);
  const assignment = new Int32Array(n).fill(-1);
  const active = eligibleJobs.filter((jobs) => jobs.length > 0).length;
  let total = 0;
  let heaviest = 0;
  for (let j = 0; j < n; j++) {
    if (input.eligible[j]!.length === 0) continue;
    total += input.workload[j]!;
    heaviest = Math.max(heaviest, input.workload[j]!);
  }
  // Room for one more job over the share, so every driver fills up to its share and none far past it.
  const capacity = active === 0 ? 0 : total / active + heaviest;
  const urgency = new Float64Array(n);
  const order = Int32Array.from({ length: n }, (_, j) => j);
  const sumX = new Float64Array(k);
  const sumY = new Float64Array(k);
  const distance = (j: number, d: number): number => (input.x[j]! - x[d]!) ** 2 + (input.y[j]! - y[d]!) ** 2;

  const assign = (): boolean => {
    for (let j = 0; j < n; j++) {
      const allowed = input.eligible[j]!;
      let best = Infinity;
      let second = Infinity;
      for (const d of allowed) {
        const value = distance(j, d);
        if (value < best) {
          second = best;
          best = value;
        } else if (value < second) second = value;
      }
      urgency[j] = allowed.length <= 1 ? Number.MAX_VALUE : second - best;
    }
    order.sort((a, b) => urgency[b]! - urgency[a]! || a - b);
    load.fill(0);
    let changed = false;
    for (const j of order) {
      let chosen = -1;
      let chosenDistance = Infinity;
      let nearest = -1;
      let nearestDistance = Infinity;
      for (const d of input.eligible[j]!) {
        const value = distance(j, d);
        if (value < nearestDistance) {
          nearestDistance = value;
          nearest = d;
        }
        if (load[d]! + input.workload[j]! <= capacity && value < chosenDistance) {
          chosenDistance = value;
          chosen = d;
        }
      }
      if (chosen < 0) chosen = nearest;
      if (assignment[j] !== chosen) changed = true;
      assignment[j] = chosen;
      if (chosen >= 0) load[chosen] += input.workload[j]!;
    }
    return changed;
  };
  const recentre = (): void => {
    sumX.fill(0);
    sumY.fill(0);
    for (let j = 0; j < n; j++) {
      const d = assignment[j]!;
      if (d < 0) continue;
      sumX[d] += input.workload[j]! * input.x[j]!;
      sumY[d] += input.workload[j]! * input.y[j]!;
    }
    for (let d = 0; d < k; d++) {
      if (load[d]! > 0) {
        x[d] = sumX[d]! / load[d]!;
        y[d] = sumY[d]! / load[d]!;
      }
    }
  };

  for (let iteration = 0; iteration < ITERATIONS && active > 0; iteration++) {
    const changed = assign();
    recentre();
    if (!changed) break;
  }
  return { x, y, load: balanceNearestCentres(input, x, y) };
}
