import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { syntheticCity } from '../../../bench/geocode/synthetic-city.js';
import { CurrentMapIndex } from '../../../geo/geocoding/local/current-map.js';
import { LocalGeocoder } from '../../../geo/geocoding/local/local-geocoder.js';
import { createPool, type Pool } from '../../../store/db.js';
import { GeocodingIndexStore } from '../../../store/geocoding-index.js';
import { migrate } from '../../../store/migrate.js';
import { writeOsmPbf } from '../support/osm-pbf-writer.js';

// Cities of their own sizes: no other test indexes these files, so deleting their indexes here
// takes nothing from another test sharing the database.
const cityFile = (n: number): Buffer => {
  const city = syntheticCity(n);
  return writeOsmPbf(city.nodes, city.ways, []);
};

describe('the map index a worker serves', () => {
  let pool: Pool;
  let store: GazetteerStoreWithCount;
  let folder: string;

  beforeAll(async () => {
    const url = process.env.WAYPLAN_TEST_DATABASE_URL!;
    await migrate(url);
    pool = createPool(url, 4);
    store = new GazetteerStoreWithCount(pool);
    folder = mkdtempSync(join(tmpdir(), 'wayplan-current-map-'));
  });

  afterAll(async () => {
    await pool.end();
    rmSync(folder, { recursive: true, force: true });
  });

  it('is built once for queries that arrive together, again after its index was deleted, and anew when the file is replaced', async () => {
    const path = join(folder, 'city.osm.pbf');
    writeFileSync(path, cityFile(13));
    const map = new CurrentMapIndex(store, path);
    const geocoder = new LocalGeocoder(store, () => map.mapHash());
    const address = syntheticCity(13).addresses[0]!;

    const hashes = await Promise.all([map.mapHash(), map.mapHash(), map.mapHash()]);
    expect(new Set(hashes).size).toBe(1);
    const first = hashes[0]!;
    await pool.query('DELETE FROM geocode_maps WHERE map_hash = $1', [first]);
    expect(await store.hasMap(first)).toBe(false);

    // The next query finds the index gone and builds it again from the same file.
    const [found] = await geocoder.geocode({ text: `${address.houseNumber} ${address.street}`, maxResults: 1 });
    expect(found?.formattedAddress).toContain(address.street);
    expect(await map.mapHash()).toBe(first);
    expect(await store.hasMap(first)).toBe(true);
    expect(store.ensured).toBe(2);

    // A new extract at the same path gets its own index; the old one stays until deleted.
    writeFileSync(path, cityFile(14));
    const second = await map.mapHash();
    expect(second).not.toBe(first);
    expect(await store.hasMap(second)).toBe(true);
    expect(await store.hasMap(first)).toBe(true);
    expect(store.ensured).toBe(3);

    await pool.query('DELETE FROM geocode_maps WHERE map_hash = ANY($1)', [[first, second]]);
  });
});

/** The real store, counting how often a map is indexed (or found indexed) through it. */
class GazetteerStoreWithCount extends GeocodingIndexStore {
  ensured = 0;

  override ensureMap(...args: Parameters<GeocodingIndexStore['ensureMap']>): ReturnType<GeocodingIndexStore['ensureMap']> {
    this.ensured++;
    return super.ensureMap(...args);
  }
}
