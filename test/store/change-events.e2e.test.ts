import { ChangeEvents } from '../../store/change-events.js';
import { createPool, type Pool } from '../../store/db.js';

const channel = 'change_events_test';
let pool: Pool;
let events: ChangeEvents;

beforeAll(async () => {
  pool = createPool(process.env.WAYPLAN_TEST_DATABASE_URL!, 2);
  events = new ChangeEvents(process.env.WAYPLAN_TEST_DATABASE_URL!, channel);
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
