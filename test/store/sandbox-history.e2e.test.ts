import { randomBytes } from 'node:crypto';
import { snapshotState } from '../../model/sandbox/index.js';
import { CHECKPOINT_INTERVAL } from '../../model/sandbox/replay.js';
import { createPool, type Pool } from '../../store/db.js';
import { migrate } from '../../store/migrate.js';
import { SandboxStore } from '../../store/sandboxes.js';
import { ensureAccount } from '../../store/users.js';
import { planReportingPool, rowsRead, type ExecutedStatement } from '../support/statement-plans.js';

const databaseUrl = process.env.WAYPLAN_TEST_DATABASE_URL!;
const account = `history-${randomBytes(4).toString('hex')}`;
let pool: Pool;
let explained: { pool: Pool; statements: ExecutedStatement[] };

beforeAll(async () => {
  await migrate(databaseUrl);
  pool = createPool(databaseUrl, 2);
  await ensureAccount(pool, account);
  explained = planReportingPool(databaseUrl);
});
afterAll(async () => {
  await explained.pool.end();
  await pool.end();
});

/** Revision k edits one of three jobs: the state keeps its size whatever the history. */
const edit = (k: number): unknown[] => [
  { $path: ['jobs'], $collection: 'keyed_array', assign: [{ id: `j${k % 3}`, location: `47.${6000 + k}, -122.3` }] },
];

async function sandboxWithHistory(length: number): Promise<string> {
  const store = new SandboxStore(pool);
  const id = `history-${length}-${randomBytes(4).toString('hex')}`;
  const state = snapshotState({ jobs: [0, 1, 2].map((j) => ({ id: `j${j}`, location: '47.6, -122.3' })) });
  await store.create({ id, account, creator: 'planner', name: id, state });
  for (let k = 1; k <= length; k++) await store.append(id, { kind: 'deltas', deltas: edit(k) }, `t${k}`);
  return id;
}

/** What `work` makes PostgreSQL do: each statement it runs (first words) with the rows its scans read. */
async function workOf(work: (store: SandboxStore) => Promise<unknown>): Promise<{ statement: string; rows: number }[]> {
  await explained.pool.query('SELECT 1');
  explained.statements.length = 0;
  await work(new SandboxStore(explained.pool));
  return explained.statements.map(({ query, plan }) => ({ statement: query.replace(/\s+/g, ' ').slice(0, 60), rows: rowsRead(plan) }));
}

const total = (work: { rows: number }[]): number => work.reduce((sum, statement) => sum + statement.rows, 0);

describe('sandbox revisions cost the same whatever the history', () => {
  // Numbers 0..15 past a checkpoint at both lengths, so the replays are as long.
  const short = 40;
  const long = 400;
  let shortId: string;
  let longId: string;

  beforeAll(async () => {
    shortId = await sandboxWithHistory(short);
    longId = await sandboxWithHistory(long);
  });

  test('a deltas revision runs the same statements reading the same rows at a history of 40 as of 400', async () => {
    const add = (id: string, k: number) => (store: SandboxStore) => store.append(id, { kind: 'deltas', deltas: edit(k) }, undefined);
    const atShort = await workOf(add(shortId, short + 1));
    const atLong = await workOf(add(longId, long + 1));
    expect(atLong).toEqual(atShort);
    expect(total(atLong)).toBeLessThanOrEqual(5);
    // The locking read, then one statement writes the revision, the sandbox row and the notification
    // (PostgreSQL's foreign-key check on the new revision is the third).
    expect(atLong).toHaveLength(3);
  });

  test('retrieval 7 deltas after a checkpoint reads the same rows anywhere in a long history as in a short one', async () => {
    const atShort = await workOf((store) => store.stateAt(shortId, CHECKPOINT_INTERVAL + 7));
    const atLong = await workOf((store) => store.stateAt(longId, CHECKPOINT_INTERVAL + 7));
    const midLong = await workOf((store) => store.stateAt(longId, 12 * CHECKPOINT_INTERVAL + 7));
    expect(atLong).toEqual(atShort);
    expect(midLong).toEqual(atShort);
    // The checkpoint and the 7 revisions after it, found once and read once.
    expect(total(atLong)).toBe(2 * 8);
  });

  test('an undo/redo far back in a long history reads as many rows as one in a short history', async () => {
    const undo = (id: string, target: number) => (store: SandboxStore) => store.append(id, { kind: 'undo_redo', target }, undefined);
    const shortTarget = CHECKPOINT_INTERVAL + 7;
    const longTarget = 12 * CHECKPOINT_INTERVAL + 7;
    const atShort = await workOf(undo(shortId, shortTarget));
    const atLong = await workOf(undo(longId, longTarget));
    expect(atLong).toEqual(atShort);
    const store = new SandboxStore(pool);
    const latest = (await store.get(longId))!;
    expect(latest.activeRevision).toBe(longTarget);
    expect(await store.stateAt(longId, latest.latestRevision)).toEqual(await store.stateAt(longId, longTarget));
  });
});
