import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { CsvFolderConnector } from '../../platform/csv-folder/csv-folder-connector.js';
import { UnknownTerritoryError } from '../../platform/platform-errors.js';
import { samplePlan } from './sample-plan.js';

const demoFleet = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'platform', 'demo-fleet');
const range = { start: '2026-11-23', end: '2026-11-23' };

async function copyOfDemo(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'wayplan-csv-platform-'));
  await cp(demoFleet, folder, { recursive: true });
  return folder;
}

function csvRows(text: string): string[][] {
  return parse(text) as string[][];
}

describe('CSV folder connector: reading', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await copyOfDemo();
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('reads the demo fleet without faults, with addresses to geocode', async () => {
    const connector = new CsvFolderConnector(folder);
    expect((await connector.listTerritories()).map((t) => t.id)).toEqual(['fontvieille', 'condamine', 'monte-carlo']);
    const pulled = await connector.pull('condamine', range);
    expect(pulled.faults).toEqual([]);
    expect(pulled.territory).toEqual({ id: 'condamine', name: 'La Condamine', timezone: 'Europe/Monaco' });
    expect(pulled.problem.jobs).toHaveLength(100);
    expect(pulled.problem.drivers).toHaveLength(4);
    expect(pulled.problem.shift_patterns?.map((p) => p.shifts.length)).toEqual([7, 7, 14]);
    expect(pulled.problem.schedules).toHaveLength(2);
    expect(pulled.addresses).toHaveLength(20);
    for (const address of pulled.addresses) {
      const job = pulled.problem.jobs!.find((j) => j.id === address.id)!;
      expect(job.location).toBeUndefined();
      expect(address.query).toBe(job.custom!.address);
    }
    const driver = pulled.problem.drivers![0]!;
    expect(driver).toMatchObject({
      start_location: '43.7365,7.4228',
      shift_patterns: [{ shift_pattern: 'condamine-every-day', start_date: '2026-01-05' }],
    });
  });

  it('reports each bad row by file, line and column and still uses the valid rows', async () => {
    const header = 'id,territory,name,address,country,lat,lon,date,time_window_start,time_window_end,time_on_site,load,notes';
    await writeFile(
      join(folder, 'jobs.csv'),
      [
        header,
        'ok1,condamine,Good,"Quai Antoine 1er, Monaco",,43.735,7.4215,,,,00:10,1,', // line 2
        'bad-load,condamine,Bad load,,,43.735,7.4215,,,,00:10,lots,', // line 3
        'bad-lat,condamine,Bad lat,,,95,7.4215,,,,,,', // line 4
        'short,condamine,Too few cells', // line 5
        'nowhere,condamine,No place,,,,,,,,,,', // line 6
        'ok2,condamine,"Multi', // line 7: a quoted cell over two lines
        'line name",6 Quai Antoine 1er,,,,,09:00,08:00,,,', // line 8 (window ends before it starts)
        'bad"quote,condamine,x,,,43.7,7.42,,,,,,', // line 9
        'ok3,condamine,Good too,,,43.736,7.423,,,,,2,', // line 10
        'ok1,condamine,Duplicate,,,43.736,7.423,,,,,,', // line 11
        'other,fontvieille,Not this territory,,,43.736,7.423,,,,,,', // line 12
        'dated,condamine,Outside the range,,,43.736,7.423,2026-11-30,,,,,', // line 13
        'baddate,condamine,Bad date,,,43.736,7.423,2026-02-30,,,,,', // line 14
      ].join('\n') + '\n',
    );
    const pulled = await new CsvFolderConnector(folder).pull('condamine', range);
    const faults = pulled.faults.map((f) => ({ line: f.line, column: f.column, source: f.source }));
    expect(faults).toEqual([
      { source: 'jobs.csv', line: 9, column: undefined },
      { source: 'jobs.csv', line: 5, column: undefined },
      { source: 'jobs.csv', line: 3, column: 'load' },
      { source: 'jobs.csv', line: 4, column: 'lat' },
      { source: 'jobs.csv', line: 6, column: 'address' },
      { source: 'jobs.csv', line: 7, column: 'time_window_end' },
      { source: 'jobs.csv', line: 11, column: 'id' },
      { source: 'jobs.csv', line: 14, column: 'date' },
    ]);
    expect(pulled.faults.find((f) => f.line === 3)!.message).toContain('"lots"');
    expect(pulled.faults.find((f) => f.line === 11)!.message).toContain('jobs.csv line 2');
    expect(pulled.problem.jobs!.map((j) => j.id)).toEqual(['ok1', 'ok3']);
    expect(pulled.addresses).toEqual([]);
  });

  it('reports a header without a required column once, at line 1', async () => {
    await writeFile(join(folder, 'vehicles.csv'), 'id,name\nv1,Van\n');
    const pulled = await new CsvFolderConnector(folder).pull('condamine', range);
    const [headerFault, ...rest] = pulled.faults;
    expect(headerFault).toEqual({ source: 'vehicles.csv', line: 1, column: 'territory', message: expect.stringContaining('missing') });
    expect(pulled.problem.vehicles).toBeUndefined();
    // Drivers that named those vehicles are faults of their own: the reference is unknown now.
    expect(rest.map((f) => `${f.source}:${f.line}:${f.column}`)).toEqual([6, 7, 8, 9].map((line) => `drivers.csv:${line}:vehicle`));
    expect(pulled.problem.drivers).toBeUndefined();
  });

  it('reports references to unknown rows on the referring column', async () => {
    await writeFile(join(folder, 'shift_patterns.csv'), 'id,territory,days\np1,condamine,condamine-early;nope;-\n');
    const pulled = await new CsvFolderConnector(folder).pull('condamine', range);
    expect(pulled.faults[0]).toMatchObject({
      source: 'shift_patterns.csv',
      line: 2,
      column: 'days',
      message: expect.stringContaining('nope'),
    });
    expect(pulled.faults.filter((f) => f.source === 'drivers.csv' && f.column === 'shift_pattern')).toHaveLength(4);
  });

  it('refuses an unknown territory and a folder without territories.csv', async () => {
    await expect(new CsvFolderConnector(folder).pull('atlantis', range)).rejects.toBeInstanceOf(UnknownTerritoryError);
    await expect(new CsvFolderConnector(join(folder, 'missing')).listTerritories()).rejects.toThrow('territories.csv does not exist');
  });
});

describe('CSV folder connector: sync', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await copyOfDemo();
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  const sync = (runId: string, territory: string, plan = samplePlan()) =>
    new CsvFolderConnector(folder).sync({ runId, territory, range, plan });

  it('writes routes.csv and stops.csv; the same run again writes nothing', async () => {
    const first = await sync('run-1', 'condamine');
    expect(first).toEqual({ routes: 1, stops: 4, unchanged: false, destination: 'routes.csv, stops.csv' });
    const routes = csvRows(await readFile(join(folder, 'routes.csv'), 'utf8'));
    expect(routes[0]).toEqual([
      'run_id',
      'territory',
      'route_id',
      'name',
      'date',
      'driver',
      'vehicle',
      'planned_start',
      'stops',
      'jobs',
      'distance_meters',
      'driving_time',
      'working_time',
      'cost',
      'violations',
    ]);
    expect(routes.slice(1)).toEqual([
      [
        'run-1',
        'condamine',
        'r1',
        'Route r1',
        '2026-11-23',
        '',
        'v1',
        '2026-11-23T07:00:00',
        '4',
        '2',
        '2346',
        '00:10:00',
        '00:40:00',
        '12.35',
        '',
      ],
    ]);
    const stops = csvRows(await readFile(join(folder, 'stops.csv'), 'utf8'));
    expect(stops.slice(1).map((s) => [s[3], s[5], s[6], s[13]])).toEqual([
      ['1', 'depot', '', ''],
      ['2', 'job', 'j1', ''],
      ['3', 'job', 'j2', 'job_missed_time_window'],
      ['4', 'depot', '', ''],
    ]);
    const before = await stat(join(folder, 'routes.csv'));
    expect(await sync('run-1', 'condamine')).toEqual({ ...first, unchanged: true });
    expect((await stat(join(folder, 'routes.csv'))).mtimeMs).toBe(before.mtimeMs);
  });

  it('a sync aborted while another holds the folder writes nothing, not even once the folder is free', async () => {
    const lock = join(folder, '.wayplan-sync.lock');
    await writeFile(lock, 'another sync');
    const abort = new AbortController();
    const outcome = new CsvFolderConnector(folder)
      .sync({ runId: 'run-1', territory: 'condamine', range, plan: samplePlan() }, abort.signal)
      .catch((err: unknown) => err);
    // Meanwhile the sync waits for the lock.
    await new Promise((r) => setTimeout(r, 200));
    abort.abort();
    await rm(lock);
    expect(await outcome).toMatchObject({ name: 'AbortError' });
    await expect(stat(join(folder, 'routes.csv'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(join(folder, 'stops.csv'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it("replaces a changed plan's rows of that run and territory only", async () => {
    await sync('run-1', 'condamine');
    await sync('run-1', 'fontvieille');
    await sync('run-0', 'condamine');
    const changed = await sync('run-1', 'condamine', samplePlan('r2', ['j3', 'j4', 'j5']));
    expect(changed).toMatchObject({ routes: 1, stops: 5, unchanged: false });
    const routes = csvRows(await readFile(join(folder, 'routes.csv'), 'utf8')).slice(1);
    expect(routes.map((r) => `${r[0]}/${r[1]}/${r[2]}`).sort()).toEqual([
      'run-0/condamine/r1',
      'run-1/condamine/r2',
      'run-1/fontvieille/r1',
    ]);
    const stops = csvRows(await readFile(join(folder, 'stops.csv'), 'utf8')).slice(1);
    expect(stops.filter((s) => s[0] === 'run-1' && s[1] === 'condamine').map((s) => s[6])).toEqual(['', 'j3', 'j4', 'j5', '']);
    expect(stops).toHaveLength(4 + 4 + 5);
  });

  it('takes drivers and job places from the planned problem when it comes along', async () => {
    const problem = {
      markers: [{ id: 'm1', location: '43.74, 7.43' }],
      drivers: [{ id: 'd1' }],
      jobs: [
        { id: 'j1', location: '43.731, 7.421' },
        { id: 'j2', location: 'm1' },
      ],
      routes: [{ id: 'r1', driver: 'd1', date: '2026-11-23', jobs: ['j1', 'j2'] }],
    };
    await new CsvFolderConnector(folder).sync({ runId: 'run-1', territory: 'condamine', range, plan: samplePlan(), problem });
    const routes = csvRows(await readFile(join(folder, 'routes.csv'), 'utf8')).slice(1);
    expect(routes.map((r) => r[5])).toEqual(['d1']);
    const stops = csvRows(await readFile(join(folder, 'stops.csv'), 'utf8')).slice(1);
    // Depot stops keep the location the plan gives them; job stops get their job's place.
    expect(stops.map((s) => s[8])).toEqual(['43.7365,7.4228', '43.731,7.421', '43.74,7.43', '43.7365,7.4228']);
  });

  it('keeps every territory when syncs run at once', async () => {
    const territories = ['t1', 't2', 't3', 't4', 't5', 't6'];
    await Promise.all(territories.map((t) => sync('run-1', t)));
    const routes = csvRows(await readFile(join(folder, 'routes.csv'), 'utf8')).slice(1);
    expect(routes.map((r) => r[1]).sort()).toEqual(territories);
  });

  it('refuses to overwrite a routes.csv it cannot read back', async () => {
    await writeFile(join(folder, 'routes.csv'), 'something,else\n1,2\n');
    await expect(sync('run-1', 'condamine')).rejects.toThrow('routes.csv lacks the columns');
    expect(await readFile(join(folder, 'routes.csv'), 'utf8')).toBe('something,else\n1,2\n');
  });
});
