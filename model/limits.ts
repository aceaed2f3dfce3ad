/**
 * Deepest nesting of arrays and objects a request body may have. Problems need about ten levels and
 * `custom` data a few more; validation, the canonical form and deltas walk bodies recursively, so
 * the API checks this first, without recursion.
 */
export const MAX_BODY_DEPTH = 64;

/**
 * Most routes and visits one synchronous instantiate call may make or examine (computed from the
 * request before any is made), whatever its mix of drivers, shifts, schedules and days.
 */
export const MAX_INSTANTIATE_WORK = 100_000;

/**
 * Most jobs a route cards request may hold: the cards are made in the API process, on a travel
 * matrix over every place of the problem (quadratic in the places).
 */
export const MAX_ROUTE_CARD_JOBS = 2000;
