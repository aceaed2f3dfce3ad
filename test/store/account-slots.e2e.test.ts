import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort } from '../../runtime/ports.js';
import { AccountSlots, SlotStoreUnavailableError, type Slot } from '../../store/account-slots.js';

// Two AccountSlots are two API processes: each holds its slots on a PostgreSQL connection of its own.
let a: AccountSlots;
let b: AccountSlots;
let admin: pg.Pool;
const url = (): string => process.env.WAYPLAN_TEST_DATABASE_URL!;
const limits = { connectTimeoutMs: 2000, keepAliveIdleMs: 30_000 };
const account = (): string => `acct-${randomBytes(4).toString('hex')}`;

beforeEach(() => {
  a = new AccountSlots(url(), limits);
  b = new AccountSlots(url(), limits);
});
afterEach(async () => {
  await Promise.all([a.close(), b.close()]);
});
beforeAll(() => {
  admin = new pg.Pool({ connectionString: url(), max: 1 });
});
afterAll(() => admin.end());

async function takeAll(slots: AccountSlots, acct: string, limit: number, count: number): Promise<(Slot | undefined)[]> {
  const taken: (Slot | undefined)[] = [];
  for (let i = 0; i < count; i++) taken.push(await slots.acquire('work', acct, limit));
  return taken;
}

test('the limit holds over two processes; other accounts and the other kind are unaffected', async () => {
  const acct = account();
  const fromA = await takeAll(a, acct, 3, 2);
  const fromB = await takeAll(b, acct, 3, 2);
  expect(fromA.every(Boolean)).toBe(true);
  expect(fromB.filter(Boolean)).toHaveLength(1);
  expect(await a.acquire('work', acct, 3)).toBeUndefined();
  expect(await b.acquire('work', account(), 3)).toBeDefined();
  expect(await b.acquire('wait', acct, 3)).toBeDefined();
  // A slot given back in one process is free for the other.
  await a.release(fromA[0]!);
  expect(await b.acquire('work', acct, 3)).toBeDefined();
  expect(await a.acquire('work', acct, 3)).toBeUndefined();
});

test('simultaneous acquires in one process never count one slot twice', async () => {
  const acct = account();
  const taken = await Promise.all(Array.from({ length: 8 }, () => a.acquire('work', acct, 5)));
  const indices = taken.filter((s): s is Slot => s !== undefined).map((s) => s.index);
  expect(indices.sort()).toEqual([0, 1, 2, 3, 4]);
  expect(await b.acquire('work', acct, 5)).toBeUndefined();
});

test('a process that dies or loses its connection frees its slots; it reconnects on the next request', async () => {
  const acct = account();
  await takeAll(a, acct, 2, 2);
  expect(await b.acquire('work', acct, 2)).toBeUndefined();
  // The connection is killed from the server side, as a PostgreSQL restart would.
  await admin.query(
    `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objid IN (0, 1) AND classid = hashtext($1)::oid AND pid <> pg_backend_pid()`,
    [`wayplan:work:${acct}`],
  );
  const freed = await waitFor(() => b.acquire('work', acct, 2));
  expect(freed).toBeDefined();
  // A's old slots are stale: releasing them frees nothing of B's, and A can take the one left.
  const again = await a.acquire('work', acct, 2);
  expect(again).toBeDefined();
  expect(await b.acquire('work', acct, 2)).toBeUndefined();
  // Closing a process (its connection ends) frees everything it held.
  await b.close();
  expect(await a.acquire('work', acct, 2)).toBeDefined();
});

test('an unreachable PostgreSQL is an error the API answers with 503, not a free slot or a full account', async () => {
  const nowhere = new AccountSlots(`postgres://wayplan:x@127.0.0.1:${await freePort()}/wayplan`, limits);
  try {
    await expect(nowhere.acquire('work', account(), 3)).rejects.toBeInstanceOf(SlotStoreUnavailableError);
    await expect(nowhere.acquire('work', account(), 3)).rejects.toBeInstanceOf(SlotStoreUnavailableError);
  } finally {
    await nowhere.close();
  }
});

/** The terminated backend's locks go when PostgreSQL has reaped it, a moment after the call. */
async function waitFor<T>(attempt: () => Promise<T | undefined>): Promise<T | undefined> {
  for (let i = 0; i < 50; i++) {
    const value = await attempt();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}
