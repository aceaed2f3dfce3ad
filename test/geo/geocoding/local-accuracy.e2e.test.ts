import { LocalGeocoder } from '../../../geo/geocoding/local/local-geocoder.js';
import { indexMap } from '../../../geo/geocoding/local/map-index.js';
import { foldText } from '../../../geo/geocoding/text/normalize.js';
import { demoMapPath } from '../../../runtime/paths.js';
import type { LatLon } from '../../../model/latlon.js';
import { createPool, type Pool } from '../../../store/db.js';
import { GeocodingIndexStore } from '../../../store/geocoding-index.js';
import { migrate } from '../../../store/migrate.js';
import { metersBetween, metersToLines, readOsmTruth, seededRandom, type OsmTruth } from './osm-truth.js';
import { perturb } from './perturb.js';

// Figures are printed for the issue note; thresholds are the "done when".
describe('local geocoder on the Monaco demo map (© OpenStreetMap contributors)', () => {
  let pool: Pool;
  let geocoder: LocalGeocoder;
  let truth: OsmTruth;

  beforeAll(async () => {
    const url = process.env.WAYPLAN_TEST_DATABASE_URL!;
    await migrate(url);
    pool = createPool(url, 4);
    const store = new GeocodingIndexStore(pool);
    const { mapHash } = await indexMap(store, demoMapPath());
    geocoder = new LocalGeocoder(store, () => Promise.resolve(mapHash));
    truth = readOsmTruth();
  });

  afterAll(() => pool.end());

  it('indexes a map once per file content', async () => {
    const again = await indexMap(new GeocodingIndexStore(pool), demoMapPath());
    expect(again.built).toBe(false);
    expect(again.counts.addresses).toBeGreaterThanOrEqual(60);
  });

  it('finds perturbed house-numbered addresses and street + locality queries (top-1 ≥ 90 %)', async () => {
    const random = seededRandom(8);
    const nearestPlace = (p: LatLon): string =>
      truth.places.reduce((best, place) => (metersBetween(p, place.location) < metersBetween(p, best.location) ? place : best)).name;
    const misses: string[] = [];
    let addressHits = 0;
    for (const address of truth.addresses) {
      const query = perturb({ houseNumber: address.houseNumber, street: address.street }, random);
      const [top] = await geocoder.geocode({ text: query, maxResults: 1 });
      if (top && metersBetween(top.location, address.location) <= 50) addressHits++;
      else misses.push(`${query} → ${top?.formattedAddress ?? 'nothing'}`);
    }
    const names = [...truth.roads.keys()].sort();
    let streetHits = 0;
    const streetQueries = 200;
    for (let i = 0; i < streetQueries; i++) {
      const name = names[Math.floor(random() * names.length)]!;
      const lines = truth.roads.get(name)!;
      const middle = lines[0]![Math.floor(lines[0]!.length / 2)]!;
      const query = perturb({ street: name, locality: nearestPlace(middle) }, random);
      const [top] = await geocoder.geocode({ text: query, maxResults: 1 });
      if (top && metersToLines(top.location, lines) <= 25) streetHits++;
      else misses.push(`${query} (${name}) → ${top?.formattedAddress ?? 'nothing'}`);
    }
    const total = truth.addresses.length + streetQueries;
    const share = (addressHits + streetHits) / total;
    process.stdout.write(
      `local geocoding: addresses ${addressHits}/${truth.addresses.length}, streets ${streetHits}/${streetQueries}, overall ${(share * 100).toFixed(1)} %\n` +
        `misses:\n  ${misses.join('\n  ')}\n`,
    );
    expect(truth.addresses.length).toBeGreaterThanOrEqual(60);
    expect(share).toBeGreaterThanOrEqual(0.9);
  });

  it('reverse geocodes points within 20 m of a road to that road (≥ 95 %)', async () => {
    const random = seededRandom(20);
    const entries = [...truth.roads];
    const samples = 300;
    let hits = 0;
    const misses: string[] = [];
    for (let i = 0; i < samples; i++) {
      const [, lines] = entries[Math.floor(random() * entries.length)]!;
      const line = lines[Math.floor(random() * lines.length)]!;
      const k = Math.floor(random() * (line.length - 1));
      const a = line[k]!;
      const b = line[k + 1]!;
      const t = random();
      const offset = (random() * 2 - 1) * 20;
      const cos = Math.cos((a.lat * Math.PI) / 180);
      const dx = (b.lon - a.lon) * cos;
      const dy = b.lat - a.lat;
      const length = Math.hypot(dx, dy) || 1;
      // Perpendicular to the piece, |offset| meters away.
      const point = {
        lat: a.lat + t * (b.lat - a.lat) + ((dx / length) * offset) / 111_195,
        lon: a.lon + t * (b.lon - a.lon) + ((-dy / length) * offset) / (111_195 * cos),
      };
      // The right street is the nearest named road (ties within half a meter all count).
      const distances = entries.map(([name, l]) => [name, metersToLines(point, l)] as const);
      const nearest = Math.min(...distances.map(([, d]) => d));
      const right = distances.filter(([, d]) => d <= nearest + 0.5).map(([name]) => foldText(name));
      const [top] = await geocoder.reverse(point, 1);
      const answer = foldText(top?.formattedAddress ?? '');
      if (right.some((name) => answer.includes(name))) hits++;
      else misses.push(`${point.lat.toFixed(6)},${point.lon.toFixed(6)}: ${right.join(' | ')} → ${top?.formattedAddress ?? 'nothing'}`);
    }
    process.stdout.write(
      `reverse geocoding: ${hits}/${samples} right street (${((hits / samples) * 100).toFixed(1)} %)\nmisses:\n  ${misses.join('\n  ')}\n`,
    );
    expect(hits / samples).toBeGreaterThanOrEqual(0.95);
  });
});
