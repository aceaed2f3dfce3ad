import { syntheticCity } from '../../../bench/geocode/synthetic-city.js';
import { buildGazetteer } from '../../../geo/geocoding/local/gazetteer.js';
import { extractMap } from '../../../geo/geocoding/osm/map-extract.js';
import { writeOsmPbf } from '../support/osm-pbf-writer.js';

// The geocoding bench's city goes through the PBF writer's tagged dense nodes and the same
// extraction the worker runs: what the bench generates is what the index gets.
describe('the synthetic city of bench:geocode', () => {
  const city = syntheticCity(31);
  const extract = extractMap(writeOsmPbf(city.nodes, city.ways, []));

  it('has distinct street names, two addresses per segment and a suburb per 30 × 30 blocks', () => {
    expect(city.streets).toHaveLength(2 * 31 * 3);
    expect(new Set(city.streets.map((s) => s.name)).size).toBe(city.streets.length);
    expect(city.addresses).toHaveLength(2 * 2 * 31 * 30);
  });

  it('reads back every address with its street, postcode and city, and every suburb', () => {
    expect(extract.addresses).toHaveLength(city.addresses.length);
    const first = city.addresses[0]!;
    const read = extract.addresses.find((a) => a.street === first.street && a.houseNumber === first.houseNumber)!;
    expect(read.location.lat).toBeCloseTo(first.location.lat, 6);
    expect(read.city).toBe('Gridton');
    expect(read.postcode).toMatch(/^\d{5}$/);
    expect(extract.places.map((p) => p.name).sort()).toEqual(['Eastmoor', 'Northgate', 'Southbank', 'Westfield']);
    expect(extract.roads).toHaveLength(city.streets.length);
  });

  it('puts every address on its own street in the gazetteer', () => {
    const gazetteer = buildGazetteer(extract);
    const streets = gazetteer.features.filter((f) => f.kind === 'street');
    expect(streets).toHaveLength(city.streets.length);
    const named = gazetteer.addresses.filter((a) => gazetteer.features[a.feature]!.name === city.addresses[0]!.street);
    expect(named.length).toBe(city.addresses.filter((a) => a.street === city.addresses[0]!.street).length);
  });
});
