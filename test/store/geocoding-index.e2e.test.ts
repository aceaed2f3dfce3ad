import { randomUUID } from 'node:crypto';
import { syntheticCity } from '../../bench/geocode/synthetic-city.js';
import { buildGazetteer } from '../../geo/geocoding/local/gazetteer.js';
import { extractMap } from '../../geo/geocoding/osm/map-extract.js';
import { nameKey } from '../../geo/geocoding/text/normalize.js';
import { createPool, withTransaction, type Pool } from '../../store/db.js';
import { GeocodingIndexStore } from '../../store/geocoding-index.js';
import { writeOsmPbf } from '../geo/support/osm-pbf-writer.js';

let pool: Pool;
let store: GeocodingIndexStore;
const mapHash = `test-${randomUUID()}`;
const city = syntheticCity(60);
const limit = 60;
let pendingAfterStore: number;

beforeAll(async () => {
  pool = createPool(process.env.WAYPLAN_TEST_DATABASE_URL!, 3);
  store = new GeocodingIndexStore(pool);
  await store.ensureMap(mapHash, 'city.osm.pbf', () => buildGazetteer(extractMap(writeOsmPbf(city.nodes, city.ways, []))));
  // Read at once, before another test's insert can fill the list again.
  pendingAfterStore = Number((await pool.query("SELECT gin_clean_pending_list('geocode_features_name'::regclass) AS pages")).rows[0].pages);
});
afterAll(async () => {
  await pool.query('DELETE FROM geocode_maps WHERE map_hash = $1', [mapHash]);
  await pool.end();
});

/** Similarities of the `limit` most similar names at one threshold, most similar first. */
function similaritiesAt(threshold: number, text: string): Promise<number[]> {
  return withTransaction(pool, async (client) => {
    await client.query(`SET LOCAL pg_trgm.similarity_threshold = ${threshold}`);
    const rows = await client.query(
      `SELECT similarity(name_key, $2) AS s FROM geocode_features WHERE map_hash = $1 AND name_key % $2 ORDER BY s DESC LIMIT $3`,
      [mapHash, text, limit],
    );
    return rows.rows.map((r) => Number(r.s));
  });
}

async function similaritiesOf(text: string): Promise<number[]> {
  const found = await store.similarFeatures(mapHash, text, limit);
  const rows = await pool.query('SELECT id, similarity(name_key, $2) AS s FROM geocode_features WHERE id = ANY($1)', [
    found.map((f) => f.id),
    text,
  ]);
  const of = new Map(rows.rows.map((r) => [Number(r.id), Number(r.s)]));
  return found.map((f) => of.get(f.id)!);
}

test('a stored map has its names in the trigram index proper: none wait in its pending list for a vacuum', () => {
  expect(pendingAfterStore).toBe(0);
});

test("deleting a map reaches its features' street pieces through an index, not a scan of every map's pieces per feature", async () => {
  const plan = await withTransaction(pool, async (client) => {
    await client.query('SET LOCAL enable_seqscan = off');
    const explained = await client.query('EXPLAIN DELETE FROM geocode_street_pieces WHERE feature_id = $1', [1]);
    return explained.rows.map((row) => String(row['QUERY PLAN'])).join('\n');
  });
  expect(plan).toContain('geocode_street_pieces_feature');
});

describe('the candidate search of the local geocoder', () => {
  // On a map of many similar names the search ends at the first threshold that fills the limit;
  // the answer must be that of the loosest threshold all the same.
  const street = nameKey(city.streets[0]!.name);
  test.each([
    ['the street name alone, ending at 0.3', street, 0.3],
    ['a house number and a suburb besides, ending at 0.2', `14 ${street} westfield`, 0.2],
    ['misspelt words, down to 0.12', `14 ${street.replace('maple', 'mapel').replace('hill', 'hil')} westfield`, 0.12],
  ])('%s', async (_, text, ending) => {
    const stricter = [0.3, 0.2].filter((t) => t > ending);
    for (const threshold of stricter) expect((await similaritiesAt(threshold, text)).length).toBeLessThan(limit);
    if (ending > 0.12) expect(await similaritiesAt(ending, text)).toHaveLength(limit);
    const loosest = await similaritiesAt(0.12, text);
    expect(loosest).toHaveLength(limit);
    expect(await similaritiesOf(text)).toEqual(loosest);
  });
});
