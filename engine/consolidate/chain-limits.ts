import type { ResolvedTimeWindow } from '../../model/resolve.js';

/** What limits how many jobs of a street chain one linked job may take. */
export interface ChainMember {
  /** Time on site, seconds. */
  service: number;
  /** The windows every job of the chain shares (merge keys make them equal), sorted. */
  windows: readonly ResolvedTimeWindow[];
  /** Load per metric (negative = pickup). */
  amounts: Float64Array;
}

/** A stretch `[first, last]` of chain positions that becomes one linked job, with its windows. */
export interface ChainPiece {
  first: number;
  last: number;
  /** Seconds from arriving at the first job to arriving at the last one. */
  spanSeconds: number;
  /** The shared windows narrowed so that arriving at the first job in them brings every job in its own. */
  windows: ResolvedTimeWindow[];
}

/**
 * Cuts a chain into linked jobs, greedily in driving order. A job joins the current piece while
 * (1) some window is still open for the whole piece: arriving at the first job at `t` brings job
 * i at `t + offset_i`, so a window `[s, e]` narrows to `[s, e - offset_last]`; and (2) the summed
 * load of every metric stays within `capacities` (the largest any route has). `legSeconds[i]` is
 * the drive from job i to job i + 1.
 */
export function cutChain(members: readonly ChainMember[], legSeconds: readonly number[], capacities: Float64Array): ChainPiece[] {
  const pieces: ChainPiece[] = [];
  let first = 0;
  while (first < members.length) {
    const totals = Float64Array.from(members[first]!.amounts);
    let last = first;
    let offset = 0;
    while (last + 1 < members.length) {
      const nextOffset = offset + members[last]!.service + legSeconds[last]!;
      const next = members[last + 1]!;
      const fits = narrowed(members[first]!.windows, nextOffset).length > 0 || members[first]!.windows.length === 0;
      const loads = totals.map((total, k) => total + next.amounts[k]!);
      if (!fits || loads.some((total, k) => Math.abs(total) > capacities[k]!)) break;
      totals.set(loads);
      offset = nextOffset;
      last++;
    }
    pieces.push({ first, last, spanSeconds: offset, windows: narrowed(members[first]!.windows, offset) });
    first = last + 1;
  }
  return pieces;
}

function narrowed(windows: readonly ResolvedTimeWindow[], spanSeconds: number): ResolvedTimeWindow[] {
  return windows.map((window) => ({ start: window.start, end: window.end - spanSeconds })).filter((window) => window.end >= window.start);
}
