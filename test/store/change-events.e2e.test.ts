import { freePort } from '../../runtime/ports.js';
import { ChangeEvents } from '../../store/change-events.js';
import { DatabaseConnectTimeoutError } from '../../store/connection-bounds.js';
import { createPool, type Pool } from '../../store/db.js';
import { silentHost } from '../platform/dead-hosts.js';
import { forwarder, type Forwarder } from '../support/forwarder.js';

const channel = 'change_events_test';
const suiteDatabase = new URL(process.env.WAYPLAN_TEST_DATABASE_URL!);
// 1 s: a first connection of a process on a loaded machine may take more than 0.2 s.
const limits = { connectTimeoutMs: 1000, keepAliveIdleMs: 30_000 };
let pool: Pool;
let events: ChangeEvents;

beforeAll(async () => {
  pool = createPool(process.env.WAYPLAN_TEST_DATABASE_URL!, 2);
  events = new ChangeEvents(process.env.WAYPLAN_TEST_DATABASE_URL!, channel, limits);
  await events.start();
});

afterAll(async () => {
  await events.close();
  await pool.end();
});

const notify = (id: string) => pool.query('SELECT pg_notify($1, $2)', [channel, id]);
/** Whether `wait` has settled once every callback queued so far has run. */
async function settled(wait: Promise<void>): Promise<boolean> {
  let done = false;
  void wait.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('ChangeEvents', () => {
  test('a change heard before the wait began wakes a wait that asks for changes after an earlier mark', async () => {
    const stop = new AbortController();
    const before = events.mark();
    // The notification arrives while nobody listens for "early": only the mark remembers it.
    const heardByOther = events.nextChange('early', 2 ** 30, stop.signal);
    await notify('early');
    await heardByOther;
    expect(await settled(events.nextChange('early', 2 ** 30, stop.signal, before))).toBe(true);
    // From a mark taken after it, the same change no longer counts: the wait holds until the next one.
    const fromNow = events.nextChange('early', 2 ** 30, stop.signal, events.mark());
    expect(await settled(fromNow)).toBe(false);
    // Nor does a change of another id (waited for from a mark: it may be heard before `notify` returns).
    const beforeOther = events.mark();
    await notify('other');
    await events.nextChange('other', 2 ** 30, stop.signal, beforeOther);
    expect(await settled(fromNow)).toBe(false);
    await notify('early');
    await fromNow;
    // Without a mark, a wait starts from nothing heard.
    expect(await settled(events.nextChange('early', 2 ** 30, stop.signal))).toBe(false);
    stop.abort();
  });
});

/** The suite's database at another port of this machine. */
function at(port: number): string {
  const url = new URL(suiteDatabase);
  url.port = String(port);
  return url.toString();
}

describe('ChangeEvents on a database that goes away', () => {
  test('starting on a host that accepts the connection and never answers ends at the connect timeout', async () => {
    const host = await silentHost();
    const silent = new ChangeEvents(at(host.port), channel, limits);
    try {
      const accepted = host.nextConnection();
      // Without a connect timeout this waited for ever (the API's start-up with it).
      await expect(silent.start()).rejects.toBeInstanceOf(DatabaseConnectTimeoutError);
      await (
        await accepted
      ).closed;
    } finally {
      await silent.close();
      await host.close();
    }
  });

  test('after the connection is cut and the address stays silent for a while, notifications resume', async () => {
    const port = await freePort();
    let forwarding: Forwarder = await forwarder(port, suiteDatabase.host);
    const cut = new ChangeEvents(at(port), channel, limits);
    await cut.start();
    try {
      const first = cut.mark();
      await notify('before-cut');
      await cut.nextChange('before-cut', 2 ** 30, undefined, first);
      // Woken when the listener is back: changes of the gap were not heard, so every waiter re-reads.
      const waiting = cut.nextChange('during-cut', 2 ** 30);
      await forwarding.close();
      const host = await silentHost(port);
      // Two reconnection attempts meet the silent host, and each ends at the timeout (before, the
      // first waited for ever): the loop goes on.
      for (let attempt = 0; attempt < 2; attempt++) await (await host.nextConnection()).closed;
      await host.close();
      forwarding = await forwarder(port, suiteDatabase.host);
      await waiting;
      const back = cut.mark();
      await notify('after-cut');
      await cut.nextChange('after-cut', 2 ** 30, undefined, back);
    } finally {
      await cut.close();
      await forwarding.close();
    }
  });
});
