import type { ResolvedJob, ResolvedTimeWindow } from '../../model/resolve.js';
import { jobTimeWindows } from '../evaluate/time-windows.js';

/**
 * The one window the core serves a job in: its only window, or the longer of two (the earlier on a
 * tie). Any single window is safe: the evaluator serves at the first window still open, which is
 * never later than the core's choice.
 */
export function coreWindow(job: ResolvedJob): ResolvedTimeWindow | undefined {
  const windows = jobTimeWindows(job);
  return windows.reduce<ResolvedTimeWindow | undefined>(
    (best, w) => (best === undefined || w.end - w.start > best.end - best.start ? w : best),
    undefined,
  );
}
