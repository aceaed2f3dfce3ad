import type { ViolationType } from '../../model/types/violation.js';

/**
 * What a violation adds to `internal_cost`, in US$. A hard constraint costs far more than any
 * route, so a search never trades one for a shorter drive; a soft one costs per minute of excess,
 * so a search still prefers smaller violations.
 */
export const hardViolationPenalty = 100000;
export const softViolationPenaltyPerMinute = 1;

export function violationPenalty(_type: ViolationType, excessSeconds: number, hard: boolean): number {
  const perMinute = (excessSeconds / 60) * softViolationPenaltyPerMinute;
  return hard ? hardViolationPenalty + perMinute : perMinute;
}
