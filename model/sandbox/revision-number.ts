/** Revisions are numbered in a PostgreSQL integer column: a number past it names no revision. */
export const MAX_REVISION = 2_147_483_647;
