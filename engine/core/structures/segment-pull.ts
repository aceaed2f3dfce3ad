import type { JobPull } from '../compiled/job-pull.js';
import { SEG_PULL } from './segment.js';

/**
 * The pull of a whole route of vehicle `type` from its segment's sums (job count, Σnorth, Σeast,
 * Σnorth², Σeast²): Σ (x − c)² = Σx² − 2cΣx + n·c², so every move is priced in O(1).
 */
export function routePull(pull: JobPull, type: number, segment: Float64Array, o: number): number {
  const weight = pull.weight[type]!;
  if (weight === 0) return 0;
  const count = segment[o + SEG_PULL]!;
  if (count === 0) return 0;
  const cn = pull.centreNorth[type]!;
  const ce = pull.centreEast[type]!;
  const north = segment[o + SEG_PULL + 3]! - 2 * cn * segment[o + SEG_PULL + 1]! + count * cn * cn;
  const east = segment[o + SEG_PULL + 4]! - 2 * ce * segment[o + SEG_PULL + 2]! + count * ce * ce;
  return weight * Math.max(0, north + pull.eastScale[type]! * east);
}

/** Writes the one-job pull sums of `node` into a visit segment. */
export function writeVisitPull(out: Float64Array, o: number, pull: JobPull, node: number): void {
  const north = pull.north[node]!;
  const east = pull.east[node]!;
  out[o + SEG_PULL] = 1;
  out[o + SEG_PULL + 1] = north;
  out[o + SEG_PULL + 2] = east;
  out[o + SEG_PULL + 3] = north * north;
  out[o + SEG_PULL + 4] = east * east;
}
