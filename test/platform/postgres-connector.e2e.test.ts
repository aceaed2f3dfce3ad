import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { CsvFolderConnector } from '../../platform/csv-folder/csv-folder-connector.js';
import { publicPlatformFault, UnknownTerritoryError } from '../../platform/platform-errors.js';
import { loadCsvFolder } from '../../platform/postgres/load-csv-folder.js';
import { createOutputTables, qualified } from '../../platform/postgres/platform-schema.js';
import { PostgresConnector } from '../../platform/postgres/postgres-connector.js';
import { samplePlan } from './sample-plan.js';

const demoFleet = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'platform', 'demo-fleet');
const range = { start: '2026-11-23', end: '2026-11-23' };

describe('PostgreSQL schema connector (the suite PostgreSQL, a temp schema)', () => {
  const url = process.env.WAYPLAN_TEST_DATABASE_URL!;
  const schema = `platform_${randomBytes(4).toString('hex')}`;
  let pool: pg.Pool;
  let connector: PostgresConnector;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: url, max: 2 });
    await loadCsvFolder(pool, schema, demoFleet);
    connector = new PostgresConnector(url, schema, { connectTimeoutMs: 5000, statementTimeoutMs: 60_000, keepAliveIdleMs: 30_000 });
  });

  afterAll(async () => {
    await connector.close();
    await pool.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
    await pool.end();
  });

  it('pulls the same problem as the CSV folder it was loaded from', async () => {
    const csv = new CsvFolderConnector(demoFleet);
    const byId = <T extends { id: string }>(items: T[] | undefined) => [...(items ?? [])].sort((a, b) => a.id.localeCompare(b.id));
    // Tables have no row order: the connector orders rows by id.
    expect(await connector.listTerritories()).toEqual(byId(await csv.listTerritories()));
    const fromPostgres = await connector.pull('monte-carlo', range);
    const fromCsv = await csv.pull('monte-carlo', range);
    expect(fromPostgres.faults).toEqual([]);
    for (const collection of ['depots', 'vehicles', 'shifts', 'shift_patterns', 'drivers', 'jobs', 'schedules'] as const) {
      expect(byId(fromPostgres.problem[collection] as { id: string }[])).toEqual(byId(fromCsv.problem[collection] as { id: string }[]));
    }
    expect(byId(fromPostgres.addresses)).toEqual(byId(fromCsv.addresses));
    await expect(connector.pull('atlantis', range)).rejects.toBeInstanceOf(UnknownTerritoryError);
  });

  it('reports a bad row by table, row id and column and keeps the others', async () => {
    await pool.query(
      `INSERT INTO ${pg.escapeIdentifier(schema)}.jobs (id, territory, lat, time_on_site) VALUES ('half-located', 'condamine', 43.7, '00:10'), ('bad-time', 'condamine', NULL, 'soon')`,
    );
    await pool.query(`UPDATE ${pg.escapeIdentifier(schema)}.jobs SET address = 'Quai Antoine 1er' WHERE id = 'bad-time'`);
    try {
      const pulled = await connector.pull('condamine', range);
      expect(pulled.faults).toEqual([
        { source: 'jobs', line: 'bad-time', column: 'time_on_site', message: expect.stringContaining('"soon"') },
        { source: 'jobs', line: 'half-located', column: 'lon', message: expect.stringContaining('both') },
      ]);
      expect(pulled.problem.jobs).toHaveLength(100);
    } finally {
      await pool.query(`DELETE FROM ${pg.escapeIdentifier(schema)}.jobs WHERE id IN ('half-located', 'bad-time')`);
    }
  });

  it('syncs idempotently by run: the same plan writes nothing, a changed one replaces that run', async () => {
    const sync = (runId: string, territory: string, plan = samplePlan()) => connector.sync({ runId, territory, range, plan });
    expect(await sync('run-1', 'condamine')).toEqual({
      routes: 1,
      stops: 4,
      unchanged: false,
      destination: `${schema}.routes, ${schema}.stops`,
    });
    expect(await sync('run-1', 'condamine')).toMatchObject({ unchanged: true });
    await sync('run-1', 'fontvieille');
    expect(await sync('run-1', 'condamine', samplePlan('r2', ['j3', 'j4', 'j5']))).toMatchObject({ routes: 1, stops: 5, unchanged: false });
    expect(await sync('run-1', 'condamine', samplePlan('r2', ['j3', 'j4', 'j5']))).toMatchObject({ unchanged: true });
    const routes = await pool.query(
      `SELECT run_id, territory, route_id, date::text, cost::text, distance_meters FROM ${pg.escapeIdentifier(schema)}.routes ORDER BY territory, route_id`,
    );
    expect(routes.rows).toEqual([
      { run_id: 'run-1', territory: 'condamine', route_id: 'r2', date: '2026-11-23', cost: '12.35', distance_meters: '2346' },
      { run_id: 'run-1', territory: 'fontvieille', route_id: 'r1', date: '2026-11-23', cost: '12.35', distance_meters: '2346' },
    ]);
    const stops = await pool.query(`SELECT job FROM ${pg.escapeIdentifier(schema)}.stops WHERE territory = 'condamine' ORDER BY sequence`);
    expect(stops.rows.map((r) => r.job)).toEqual(['', 'j3', 'j4', 'j5', '']);
  });

  it('a statement waiting for a lock someone else holds ends at the statement timeout, with no one cancelling it', async () => {
    await createOutputTables(pool, schema);
    const hurried = new PostgresConnector(url, schema, { connectTimeoutMs: 5000, statementTimeoutMs: 100, keepAliveIdleMs: 30_000 });
    const lock = new pg.Client({ connectionString: url });
    await lock.connect();
    try {
      await lock.query('BEGIN');
      await lock.query(`LOCK TABLE ${qualified(schema, 'jobs')}, ${qualified(schema, 'routes')} IN ACCESS EXCLUSIVE MODE`);
      const failures = await Promise.all([
        hurried.pull('condamine', range).catch((err: unknown) => err),
        hurried.sync({ runId: 'locked-out', territory: 'condamine', range, plan: samplePlan() }).catch((err: unknown) => err),
      ]);
      for (const failure of failures) {
        expect(failure).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
        expect(publicPlatformFault(failure)).toBe(
          'a statement on the platform database ran longer than the statement timeout or was cancelled there',
        );
      }
    } finally {
      await lock.query('ROLLBACK');
      await lock.end();
      await hurried.close();
    }
    const written = await pool.query(`SELECT count(*)::int AS n FROM ${qualified(schema, 'routes')} WHERE run_id = 'locked-out'`);
    expect(written.rows[0].n).toBe(0);
  });
});
