import { TIME_WARP_TOLERANCE } from '../route-model.js';
import type { Route } from '../structures/route.js';
import { SEG_DURATION, SEG_EARLIEST, SEG_LATEST, SEG_TIME_WARP, SEGMENT_STRIDE } from '../structures/segment.js';

const S = SEGMENT_STRIDE;

/** Whether some job's window closes: without one, a window rules out no position. */
export function hasClosingWindows(instance: { jobs: ArrayLike<number>; timeWindowEnd: ArrayLike<number> }): boolean {
  for (let i = 0; i < instance.jobs.length; i++) if (Number.isFinite(instance.timeWindowEnd[instance.jobs[i]!]!)) return true;
  return false;
}

/**
 * The positions `[first, last]` (insert before that index) where `node`'s window alone does not
 * already rule out an insertion into `route` with hard windows (`visits`: the model's visit
 * segments). Along a feasible route the latest start of each suffix and the earliest end of each
 * prefix never decrease, so the positions before `first` leave too little time after the visit and
 * those after `last` reach it too late: on narrow windows a long route keeps a few positions.
 */
export function windowPositions(visits: Float64Array, route: Route, node: number): [first: number, last: number] {
  const ready = visits[node * S + SEG_EARLIEST]! + visits[node * S + SEG_DURATION]! - TIME_WARP_TOLERANCE;
  const due = visits[node * S + SEG_LATEST]! + TIME_WARP_TOLERANCE;
  const { prefix, suffix } = route;
  // Binary search: the first position whose suffix may start once the visit is done.
  let low = 1;
  let high = route.size + 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (suffix[middle * S + SEG_LATEST]! < ready) low = middle + 1;
    else high = middle;
  }
  let last = low - 1;
  while (
    last <= route.size &&
    prefix[last * S + SEG_EARLIEST]! + prefix[last * S + SEG_DURATION]! - prefix[last * S + SEG_TIME_WARP]! <= due
  )
    last++;
  return [low, last];
}
