import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { bootstrapDemoConnection } from '../../cli/commands/demo-connection.js';
import { CsvFolderConnector } from '../../platform/csv-folder/csv-folder-connector.js';
import { loadConfig } from '../../runtime/config.js';
import { listPlatformConnections, removePlatformConnection } from '../../store/platform-connections.js';

describe('the demo connection of the bootstrap account', () => {
  const url = process.env.WAYPLAN_TEST_DATABASE_URL!;
  const account = `boot-${randomBytes(4).toString('hex')}`;
  const log = { info: () => undefined };
  let pool: pg.Pool;
  let dataDir: string;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: url, max: 1 });
    await pool.query('INSERT INTO accounts(name) VALUES ($1)', [account]);
    dataDir = await mkdtemp(join(tmpdir(), 'wayplan-boot-'));
  });

  afterAll(async () => {
    await pool.query('DELETE FROM accounts WHERE name = $1', [account]);
    await pool.end();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is added on the first start with a working copy, never again, and not with WAYPLAN_DEMO=0', async () => {
    const config = { ...loadConfig({}), admin: { account, user: 'ops', password: 'unused-here' }, dataDir };
    await bootstrapDemoConnection({ ...config, demo: loadConfig({ WAYPLAN_DEMO: '0' }).demo }, log, url);
    expect(await listPlatformConnections(pool, account)).toEqual([]);

    await bootstrapDemoConnection(config, log, url);
    const [demo] = await listPlatformConnections(pool, account);
    expect(demo).toMatchObject({ name: 'demo', kind: 'csv_folder', settings: { path: join(dataDir, 'demo-fleet') } });
    expect((await readdir(join(dataDir, 'demo-fleet'))).sort()).toEqual([
      'depots.csv',
      'drivers.csv',
      'jobs.csv',
      'schedules.csv',
      'shift_patterns.csv',
      'shifts.csv',
      'territories.csv',
      'vehicles.csv',
    ]);
    expect(await new CsvFolderConnector(join(dataDir, 'demo-fleet')).listTerritories()).toHaveLength(3);

    // Removed by its owner: a later start leaves it removed.
    await removePlatformConnection(pool, account, 'demo');
    await bootstrapDemoConnection(config, log, url);
    expect(await listPlatformConnections(pool, account)).toEqual([]);
  });

  it('belongs to an account "demo" without users when no WAYPLAN_ADMIN is set', async () => {
    const ownData = await mkdtemp(join(tmpdir(), 'wayplan-boot-'));
    try {
      await bootstrapDemoConnection({ ...loadConfig({}), admin: undefined, dataDir: ownData }, log, url);
      const connections = await listPlatformConnections(pool, 'demo');
      expect(connections.map((c) => c.settings)).toContainEqual({ path: join(ownData, 'demo-fleet') });
      expect((await pool.query('SELECT count(*)::int AS n FROM users WHERE account = $1', ['demo'])).rows[0].n).toBe(0);
    } finally {
      await pool.query('DELETE FROM accounts WHERE name = $1', ['demo']);
      await rm(ownData, { recursive: true, force: true });
    }
  });
});
