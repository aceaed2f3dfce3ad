import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { seededRandom } from '../../engine/planning/search-budget.js';
import { LocalGeocoder } from '../../geo/geocoding/local/local-geocoder.js';
import { indexMap } from '../../geo/geocoding/local/map-index.js';
import { foldText } from '../../geo/geocoding/text/normalize.js';
import type { LatLon } from '../../model/latlon.js';
import { createPool } from '../../store/db.js';
import { GeocodingIndexStore } from '../../store/geocoding-index.js';
import { metersBetween, metersToLines } from '../../test/geo/geocoding/osm-truth.js';
import { perturb } from '../../test/geo/geocoding/perturb.js';
import { writeOsmPbf } from '../../test/geo/support/osm-pbf-writer.js';
import { percentile } from '../road/measure.js';
import { benchDatabase, type BenchDatabase } from '../support/infra.js';
import { syntheticCity, type CityStreet } from './synthetic-city.js';

// The local geocoder on a city-size gazetteer: a synthetic city on an N × N street grid (about
// 18,000 streets and 360,000 addresses at N = 300), indexed into PostgreSQL as the worker does on
// first use, then perturbed address and street queries and reverse lookups, one at a time, with
// their latency percentiles and how often the top answer is right. PostgreSQL is the bench's own
// unless DATABASE_URL names one.
const cli = new Command()
  .option('--grid <n>', 'side of the synthetic street grid', '300')
  .option('--queries <n>', 'queries of each kind', '1000')
  .option('--seed <n>', 'seed of the sampled queries', '1')
  .parse()
  .opts<{ grid: string; queries: string; seed: string }>();

const n = Number(cli.grid);
const queries = Number(cli.queries);
const random = seededRandom(Number(cli.seed));
const folder = mkdtempSync(join(tmpdir(), 'wayplan-bench-geocode-'));
const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const ms = (values: number[]): string => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
};

let database: BenchDatabase | undefined;
try {
  const city = syntheticCity(n);
  const pbfPath = join(folder, `city-${n}.osm.pbf`);
  writeFileSync(pbfPath, writeOsmPbf(city.nodes, city.ways, []));
  console.log(`synthetic city ${n} × ${n}: ${city.streets.length} streets, ${city.addresses.length} addresses`);

  database = await benchDatabase(join(folder, 'data'));
  const pool = createPool(database.databaseUrl, 4);
  const store = new GeocodingIndexStore(pool);

  const cpu = process.cpuUsage();
  const started = performance.now();
  const indexed = await indexMap(store, pbfPath);
  const used = process.cpuUsage(cpu);
  const size = await pool.query(
    `SELECT sum(pg_total_relation_size(c.oid))::bigint AS bytes FROM pg_class c WHERE c.relkind = 'r' AND c.relname LIKE 'geocode_%'`,
  );
  console.log(
    `index: built ${indexed.built}, ${((performance.now() - started) / 1000).toFixed(1)} s (${((used.user + used.system) / 1e6).toFixed(1)} s of CPU in this process, the rest in PostgreSQL), ` +
      `${JSON.stringify(indexed.counts)}, geocode tables ${(Number(size.rows[0].bytes) / 2 ** 20).toFixed(0)} MB with their indexes; load ${load()}`,
  );
  const again = performance.now();
  const second = await indexMap(store, pbfPath);
  console.log(
    `same file again: built ${second.built}, ${((performance.now() - again) / 1000).toFixed(1)} s (reading and hashing the file)`,
  );

  const geocoder = new LocalGeocoder(store, () => Promise.resolve(indexed.mapHash));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

  const addressTimes: number[] = [];
  let addressHits = 0;
  for (let q = 0; q < queries; q++) {
    const address = pick(city.addresses);
    const text = perturb(
      { houseNumber: address.houseNumber, street: address.street, locality: random() < 0.5 ? address.suburb : undefined },
      random,
    );
    const t = performance.now();
    const [top] = await geocoder.geocode({ text, maxResults: 1 });
    addressTimes.push(performance.now() - t);
    if (top && metersBetween(top.location, address.location) <= 50) addressHits++;
  }
  console.log(`address queries (perturbed, half with the suburb): ${ms(addressTimes)}; top answer within 50 m ${addressHits}/${queries}`);

  const streetTimes: number[] = [];
  let streetHits = 0;
  for (let q = 0; q < queries; q++) {
    const street = pick(city.streets);
    const text = perturb({ street: street.name, locality: street.suburb }, random);
    const t = performance.now();
    const [top] = await geocoder.geocode({ text, maxResults: 1 });
    streetTimes.push(performance.now() - t);
    if (top && metersToLines(top.location, [street.points]) <= 25) streetHits++;
  }
  console.log(`street + suburb queries (perturbed): ${ms(streetTimes)}; top answer on the street ${streetHits}/${queries}`);

  const reverseTimes: number[] = [];
  let reverseHits = 0;
  for (let q = 0; q < queries; q++) {
    const street = pick(city.streets);
    const point = nearStreet(street, random);
    const t = performance.now();
    const [top] = await geocoder.reverse(point, 1);
    reverseTimes.push(performance.now() - t);
    if (top && foldText(top.formattedAddress).includes(foldText(street.name))) reverseHits++;
  }
  console.log(
    `reverse (points within 10 m of a street, off its ends): ${ms(reverseTimes)}; that street named ${reverseHits}/${queries}; load ${load()}`,
  );
  await pool.end();
} finally {
  await database?.stop();
  rmSync(folder, { recursive: true, force: true });
}

/** A point beside a street's middle pieces (not its end pieces, where the crossing street is as near). */
function nearStreet(street: CityStreet, random: () => number): LatLon {
  const inner = street.points.length > 3 ? street.points.slice(1, -1) : street.points;
  const k = Math.floor(random() * (inner.length - 1));
  const a = inner[k]!;
  const b = inner[k + 1]!;
  const t = 0.2 + 0.6 * random();
  const offset = ((random() * 2 - 1) * 10) / 111_195;
  const cos = Math.cos((a.lat * Math.PI) / 180);
  const dx = (b.lon - a.lon) * cos;
  const dy = b.lat - a.lat;
  const length = Math.hypot(dx, dy) || 1;
  return { lat: a.lat + t * (b.lat - a.lat) + (dx / length) * offset, lon: a.lon + t * (b.lon - a.lon) - ((dy / length) * offset) / cos };
}
