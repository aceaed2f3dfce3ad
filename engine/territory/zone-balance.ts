import type { Cell } from './rectangle-bisection.js';
import type { VarianceKind, ZonePoints } from './zone-points.js';

export interface ZoneBalance {
  variance_kind: VarianceKind;
  value: number;
  mean: number;
  deviation: number;
  within_variance: boolean;
}

export interface CellCounts {
  stop_count: number;
  marker_count: number;
  balance: ZoneBalance;
}

/** Rounds away float noise of summed minutes and metric amounts without hiding a real difference. */
function tidy(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Per cell: the jobs and markers inside and how far its balanced quantity is from the mean. */
export function cellBalances(points: ZonePoints, cells: readonly Cell[]): CellCounts[] {
  const values = cells.map((cell) => cell.points.reduce((sum, i) => sum + points.weight[i]!, 0));
  const mean = values.reduce((sum, value) => sum + value, 0) / cells.length;
  return cells.map((cell, c) => {
    let stops = 0;
    for (const i of cell.points) stops += points.isJob[i]!;
    const deviation = values[c]! - mean;
    return {
      stop_count: stops,
      marker_count: cell.points.length - stops,
      balance: {
        variance_kind: points.kind,
        value: tidy(values[c]!),
        mean: tidy(mean),
        deviation: tidy(deviation),
        within_variance: points.variance === undefined || Math.abs(deviation) <= points.variance + 1e-9,
      },
    };
  });
}
