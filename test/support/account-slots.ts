import type { TestStack } from './stack.js';

/**
 * Slots of `kind` the account holds now over every API process of the stack (the advisory locks
 * of store/account-slots.ts), so that a test can wait until its requests really hold them.
 */
export async function heldSlots(stack: TestStack, kind: 'work' | 'wait', account: string): Promise<number> {
  const { rows } = await stack.query(
    `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND classid = hashtext($1)::oid`,
    [`wayplan:${kind}:${account}`],
  );
  return rows[0].n as number;
}
