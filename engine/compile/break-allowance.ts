import type { RouteSettings } from '../evaluate/route-settings.js';

/**
 * The most break time a route can take before moment `t` (seconds from the route's midnight): every
 * route break that may fall due before `t` (due times taken at the earliest departure, start_time,
 * which makes relative breaks due earliest), or the legal breaks one interval of work apart.
 * Shortening a deadline by this keeps what the core plans on time once the evaluator adds breaks.
 */
export function breakAllowance(settings: RouteSettings): (t: number) => number {
  const departure = settings.startTime;
  const legal = settings.legalBreaks;
  if (legal !== undefined) {
    if (legal.interval <= 0 || legal.duration <= 0) return () => 0;
    return (t) => (t <= departure ? 0 : Math.floor((t - departure) / legal.interval) * legal.duration);
  }
  const offset = settings.breaksRelativeToStart ? departure : 0;
  const breaks = settings.breaks.map((driverBreak) => ({
    due: offset + (driverBreak.start ?? driverBreak.earliest_start ?? departure - offset),
    length: driverBreak.length,
  }));
  if (breaks.length === 0) return () => 0;
  return (t) => breaks.reduce((sum, b) => (b.due < t ? sum + b.length : sum), 0);
}
