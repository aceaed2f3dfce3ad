import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CustomersFirstGeocoder } from '../../../geo/geocoding/customers-first-geocoder.js';
import { LocalGeocoder } from '../../../geo/geocoding/local/local-geocoder.js';
import { indexMap } from '../../../geo/geocoding/local/map-index.js';
import { demoMapPath } from '../../../runtime/paths.js';
import { createPool, type Pool } from '../../../store/db.js';
import { CustomerAddressStore } from '../../../store/geocoding-customer-addresses.js';
import { GeocodingIndexStore } from '../../../store/geocoding-index.js';
import { migrate } from '../../../store/migrate.js';
import { cliMain } from '../../support/paths.js';
import { seededRandom } from './osm-truth.js';

describe('customer address lists (`wayplan geocode import`)', () => {
  let pool: Pool;
  let folder: string;
  let geocoder: CustomersFirstGeocoder;

  beforeAll(async () => {
    const url = process.env.WAYPLAN_TEST_DATABASE_URL!;
    await migrate(url);
    pool = createPool(url, 4);
    folder = mkdtempSync(join(tmpdir(), 'wayplan-customers-'));
    const index = new GeocodingIndexStore(pool);
    const { mapHash } = await indexMap(index, demoMapPath());
    geocoder = new CustomersFirstGeocoder(new CustomerAddressStore(pool), new LocalGeocoder(index, () => Promise.resolve(mapHash)));
  });

  afterAll(async () => {
    await pool.end();
    rmSync(folder, { recursive: true, force: true });
  });

  it('finds every one of 1,000 imported synthetic addresses exactly, above map data', async () => {
    const random = seededRandom(1000);
    const streets = [
      'Rue Grimaldi',
      'Boulevard des Moulins',
      'Avenue de la Costa',
      'Chemin des Lavandes',
      'Allée des Érables',
      'Quai Antoine 1er',
    ];
    const rows: { number: number; street: string; city: string; lat: number; lon: number }[] = [];
    for (let i = 0; i < 1000; i++) {
      rows.push({
        number: 1 + i,
        street: streets[i % streets.length]!,
        city: i % 2 ? 'Monaco' : 'Beausoleil',
        lat: 43.72 + random() * 0.04,
        lon: 7.4 + random() * 0.05,
      });
    }
    const file = join(folder, 'depots.csv');
    writeFileSync(
      file,
      ['number;street;city;latitude;longitude', ...rows.map((r) => `${r.number};${r.street};${r.city};${r.lat};${r.lon}`)].join('\n'),
    );
    const imported = spawnSync(
      process.execPath,
      [
        cliMain,
        'geocode',
        'import',
        file,
        '--delimiter',
        ';',
        '--house-number-column',
        'number',
        '--street-column',
        'street',
        '--city-column',
        'city',
        '--lat-column',
        'latitude',
        '--lon-column',
        'longitude',
        '--country',
        'MC',
        '--json',
      ],
      { env: { ...process.env, DATABASE_URL: process.env.WAYPLAN_TEST_DATABASE_URL, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
    );
    expect(imported.stderr).toBe('');
    expect(JSON.parse(imported.stdout)).toMatchObject({ list: 'depots', imported: 1000 });
    // The import leaves no entry in the trigram index's pending list, which every fuzzy match would read in full.
    const pending = await pool.query("SELECT gin_clean_pending_list('geocode_customer_addresses_trgm'::regclass) AS pages");
    expect(Number(pending.rows[0].pages)).toBe(0);

    let exact = 0;
    for (const row of rows) {
      const [top] = await geocoder.geocode({ text: `${row.number} ${row.street}, ${row.city}`, maxResults: 3 });
      if (top && top.location.lat === row.lat && top.location.lon === row.lon && top.confidence === 1) exact++;
    }
    process.stdout.write(`customer list: ${exact}/1000 found exactly\n`);
    expect(exact).toBe(1000);
    // Case, accents, abbreviations and word order do not matter.
    const [variant] = await geocoder.geocode({ text: 'QUAI ANTOINE PREMIER 6 monaco', maxResults: 1 });
    expect(variant!.location).toEqual({ lat: rows[5]!.lat, lon: rows[5]!.lon });
  });
});
