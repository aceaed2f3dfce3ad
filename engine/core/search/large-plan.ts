/**
 * Jobs from which a plan is large for the search's settings (route opening in recreates, penalty
 * updates, restart waits, educated candidates): there a recreate places a small share of the plan,
 * and a run polishes few new bests per second.
 */
export const LARGE_PLAN_JOBS = 400;
