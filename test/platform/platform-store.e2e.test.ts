import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  addPlatformConnection,
  ConnectionExistsError,
  getPlatformConnection,
  listPlatformConnections,
  maskedSettings,
  removePlatformConnection,
  UnknownConnectionError,
} from '../../store/platform-connections.js';
import { getPayload, putPayload, UnknownPayloadError } from '../../store/payloads.js';

describe('platform connections and plan payloads in PostgreSQL', () => {
  let pool: pg.Pool;
  const account = `acct-${randomBytes(4).toString('hex')}`;
  const other = `${account}-other`;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: process.env.WAYPLAN_TEST_DATABASE_URL, max: 2 });
    await pool.query('INSERT INTO accounts(name) VALUES ($1), ($2)', [account, other]);
  });

  afterAll(async () => {
    await pool.query('DELETE FROM accounts WHERE name IN ($1, $2)', [account, other]);
    await pool.end();
  });

  it('adds, lists, replaces and removes connections per account, with secrets masked for display', async () => {
    await addPlatformConnection(pool, account, 'files', { kind: 'csv_folder', settings: { path: '/srv/drop' } });
    const db = {
      kind: 'postgres' as const,
      settings: { url: 'postgres://planner:s3cret@db.example:5432/fleet?sslpassword=x', schema: 'fleet' },
    };
    await addPlatformConnection(pool, account, 'erp', db);
    await expect(addPlatformConnection(pool, account, 'erp', db)).rejects.toBeInstanceOf(ConnectionExistsError);
    const replaced = await addPlatformConnection(pool, account, 'erp', { ...db, settings: { ...db.settings, schema: 'fleet2' } }, true);
    expect(replaced.settings).toEqual({ ...db.settings, schema: 'fleet2' });

    expect((await listPlatformConnections(pool, account)).map((c) => c.name)).toEqual(['erp', 'files']);
    expect(await listPlatformConnections(pool, other)).toEqual([]);
    const stored = await getPlatformConnection(pool, account, 'erp');
    const masked = JSON.stringify(maskedSettings(stored));
    expect(masked).not.toContain('s3cret');
    expect(maskedSettings(stored)).toEqual({ url: 'postgres://planner:***@db.example:5432/fleet?sslpassword=***', schema: 'fleet2' });
    expect(maskedSettings({ kind: 'postgres', settings: { url: 'host=db password=s3cret', schema: 's' } }).url).toBe('***');

    await expect(getPlatformConnection(pool, other, 'erp')).rejects.toBeInstanceOf(UnknownConnectionError);
    expect(await removePlatformConnection(pool, account, 'erp')).toBe(true);
    expect(await removePlatformConnection(pool, account, 'erp')).toBe(false);
  });

  it('stores payloads by reference, readable only by their account', async () => {
    const value = { routes: [{ id: 'r1', cost: 1.5 }], unrouted_jobs: [] };
    const id = await putPayload(pool, account, 'plan_response', value);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await getPayload(pool, account, id)).toEqual(value);
    await expect(getPayload(pool, other, id)).rejects.toBeInstanceOf(UnknownPayloadError);
    await expect(getPayload(pool, account, 'nope')).rejects.toBeInstanceOf(UnknownPayloadError);
  });
});
