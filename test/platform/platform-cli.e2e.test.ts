import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runCli, type CliRun } from '../support/cli.js';

const demoFleet = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'platform', 'demo-fleet');

function wayplan(args: string[], stdin = ''): Promise<CliRun> {
  return runCli(args, { LOG_LEVEL: 'error' }, stdin);
}

describe('wayplan platform add|list|remove', () => {
  const account = `acct-${randomBytes(4).toString('hex')}`;
  const schema = `cli_${randomBytes(4).toString('hex')}`;
  // The database URL with a password in it, as a customer's would have.
  const url = new URL(process.env.WAYPLAN_TEST_DATABASE_URL!);
  let pool: pg.Pool;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    await pool.query('INSERT INTO accounts(name) VALUES ($1)', [account]);
    if (!url.password) {
      url.password = 'not-used-by-trust-auth';
    }
  });

  afterAll(async () => {
    await pool.query('DELETE FROM accounts WHERE name = $1', [account]);
    await pool.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
    await pool.end();
  });

  it('adds connections after reading their territories, lists them with secrets masked, removes them', async () => {
    const files = await wayplan(['platform', 'add', 'files', '--account', account, '--csv-folder', demoFleet]);
    expect(files).toMatchObject({ code: 0, stdout: `added connection ${account}:files (csv_folder, 3 territories)\n` });

    const erp = await wayplan(
      ['platform', 'add', 'erp', '--account', account, '--postgres', schema, '--url-stdin', '--load-csv', demoFleet, '--json'],
      `${url.toString()}\n`,
    );
    expect(erp.stderr).toBe('');
    expect(erp.code).toBe(0);
    expect(erp.stdout).not.toContain(url.password);
    expect(JSON.parse(erp.stdout)).toMatchObject({
      name: 'erp',
      kind: 'postgres',
      territories: 3,
      settings: { schema, url: expect.stringContaining(':***@') },
    });

    const listed = await wayplan(['platform', 'list', '--account', account]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('files');
    expect(listed.stdout).toContain(':***@');
    expect(listed.stdout).not.toContain(url.password);

    expect(await wayplan(['platform', 'remove', 'erp', '--account', account])).toMatchObject({ code: 0 });
    const gone = await wayplan(['platform', 'remove', 'erp', '--account', account]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain(`no connection ${account}:erp`);
  });

  it('refuses a folder it cannot read, an unknown account, and conflicting flags', async () => {
    const unreadable = await wayplan(['platform', 'add', 'x', '--account', account, '--csv-folder', join(demoFleet, 'missing')]);
    expect(unreadable.code).toBe(1);
    expect(unreadable.stderr).toContain('territories.csv does not exist');
    const noAccount = await wayplan(['platform', 'add', 'x', '--account', `${account}-none`, '--csv-folder', demoFleet]);
    expect(noAccount.stderr).toContain('no account');
    const both = await wayplan(['platform', 'add', 'x', '--account', account, '--csv-folder', demoFleet, '--postgres', 's']);
    expect(both.stderr).toContain('exactly one of');
  });
});
