import type { LatLon } from '../../model/latlon.js';
import type { TestNode, TestWay } from '../../test/geo/support/osm-pbf-writer.js';
import { gridOrigin, gridSpacing } from '../../test/geo/support/street-grid.js';

/** Grid segments a street runs before the next one takes over the same line. */
const streetLength = 10;
/** Grid blocks a suburb spans each way. */
const suburbSide = 30;
/** How far an address stands from its street's centre line, in degrees of latitude (~15 m). */
const setback = 0.000135;

const firstWords = [
  'Maple',
  'Cedar',
  'Willow',
  'Birch',
  'Aspen',
  'Laurel',
  'Hazel',
  'Juniper',
  'Alder',
  'Linden',
  'Chestnut',
  'Magnolia',
  'Sycamore',
  'Hawthorn',
  'Rowan',
  'Poplar',
  'Spruce',
  'Cypress',
  'Elm',
  'Holly',
  'Meadow',
  'Harbor',
  'Summit',
  'Canyon',
  'Prairie',
  'Orchard',
  'Quarry',
  'Lantern',
  'Falcon',
  'Heron',
  'Sparrow',
  'Kingfisher',
  'Marigold',
  'Primrose',
  'Thistle',
  'Clover',
  'Bramble',
  'Heather',
  'Saffron',
  'Larkspur',
  'Victoria',
  'Albert',
  'Wellington',
  'Lafayette',
  'Beaumont',
  'Montclair',
  'Fontaine',
  'Château',
  'Clémence',
  'Hélène',
];
const secondWords = [
  'Hill',
  'Park',
  'Grove',
  'Brook',
  'Field',
  'Creek',
  'Ridge',
  'Valley',
  'Garden',
  'Mill',
  'Bridge',
  'Crossing',
  'Point',
  'Spring',
  'Stone',
  'Wood',
  'Lake',
  'Gate',
  'Court',
  'Green',
  'North',
  'South',
  'East',
  'West',
  'Upper',
  'Lower',
  'Old',
  'New',
  'Market',
  'Church',
  'Station',
  'Castle',
  'Abbey',
  'Harbour',
  'Forest',
];
const streetTypes = ['Street', 'Avenue', 'Road', 'Lane', 'Boulevard', 'Drive', 'Way', 'Place', 'Terrace', 'Crescent', 'Rue', 'Chemin'];
const suburbNames = [
  'Northgate',
  'Southbank',
  'Eastmoor',
  'Westfield',
  'Oldtown',
  'Newhaven',
  'Riverside',
  'Hillcrest',
  'Brookdale',
  'Fairview',
  'Greenwood',
  'Lakeside',
  'Millbrook',
  'Oakridge',
  'Pinehurst',
  'Queensbury',
  'Rosemont',
  'Stonebridge',
  'Thornbury',
  'Underhill',
  'Valemont',
  'Whitmore',
  'Ashford',
  'Belmont',
  'Claremont',
  'Dunmore',
  'Elmhurst',
  'Foxley',
  'Glenwood',
  'Hartfield',
  'Ivybridge',
  'Kingsley',
  'Longmead',
  'Marston',
  'Norwood',
  'Oxley',
  'Penrose',
  'Redhill',
  'Sutton',
  'Tilbury',
  'Upton',
  'Vernon',
  'Walton',
  'Yardley',
  'Ashbury',
  'Bexley',
  'Colwood',
  'Dalton',
  'Easton',
  'Fenwick',
  'Garston',
  'Hexham',
  'Ingleby',
  'Kenton',
  'Lydford',
  'Marlow',
  'Newbury',
  'Orford',
  'Preston',
  'Rydal',
  'Selby',
  'Tenby',
  'Ufford',
  'Ventnor',
  'Wembury',
  'Yelton',
  'Alston',
  'Brampton',
  'Carlton',
  'Denton',
  'Egton',
  'Felton',
  'Grafton',
  'Hilton',
  'Ilton',
  'Kirton',
  'Langton',
  'Merton',
  'Norton',
  'Overton',
  'Pelton',
  'Ruston',
  'Skelton',
  'Thurston',
  'Ulverston',
  'Whitton',
  'Acton',
  'Bolton',
  'Clifton',
  'Dunston',
  'Everton',
  'Fulton',
  'Gorton',
  'Horton',
  'Ickleton',
  'Kelston',
  'Lofton',
  'Moreton',
  'Newton',
  'Oulston',
];

/** A street of the synthetic city: one OSM way of `streetLength` grid segments, with its own name. */
export interface CityStreet {
  name: string;
  suburb: string;
  points: LatLon[];
}

export interface CityAddress {
  houseNumber: string;
  street: string;
  suburb: string;
  location: LatLon;
}

export interface SyntheticCity {
  nodes: TestNode[];
  ways: TestWay[];
  streets: CityStreet[];
  addresses: CityAddress[];
}

/** The `index`-th street name: every name distinct, accents and several words included. */
function streetName(index: number): string {
  const type = streetTypes[index % streetTypes.length]!;
  const rest = Math.floor(index / streetTypes.length);
  const first = firstWords[rest % firstWords.length]!;
  const second = secondWords[Math.floor(rest / firstWords.length) % secondWords.length]!;
  const round = Math.floor(rest / (firstWords.length * secondWords.length));
  const name = `${first} ${second}${round > 0 ? ` ${round + 1}` : ''}`;
  return type === 'Rue' || type === 'Chemin' ? `${type} ${name}` : `${name} ${type}`;
}

function suburbOf(n: number, row: number, column: number): string {
  const across = Math.ceil(n / suburbSide);
  const k = Math.floor(row / suburbSide) * across + Math.floor(column / suburbSide);
  const name = suburbNames[k % suburbNames.length]!;
  return k < suburbNames.length ? name : `${name} ${Math.floor(k / suburbNames.length) + 1}`;
}

/**
 * A city on an N × N street grid for the local geocoder at size: every line of the grid is cut
 * into streets of `streetLength` segments with distinct names, each segment has a house on either
 * side (odd numbers on the left, even on the right, counted along the street), and the grid is
 * divided into suburbs of 30 × 30 blocks, each a `place=suburb` with its own postcode. A 300 × 300
 * grid gives about 18,000 streets and 360,000 addresses: the gazetteer of a large city.
 */
export function syntheticCity(n: number): SyntheticCity {
  const nodeId = (row: number, column: number): number => 1 + row * n + column;
  const at = (row: number, column: number): LatLon => ({
    lat: gridOrigin.lat + row * gridSpacing,
    lon: gridOrigin.lon + column * gridSpacing,
  });
  const nodes: TestNode[] = [];
  for (let row = 0; row < n; row++) for (let column = 0; column < n; column++) nodes.push({ id: nodeId(row, column), ...at(row, column) });
  const ways: TestWay[] = [];
  const streets: CityStreet[] = [];
  const addresses: CityAddress[] = [];
  const postcodes = new Map<string, string>();
  const postcodeOf = (suburb: string): string => {
    let code = postcodes.get(suburb);
    if (code === undefined) {
      code = String(10_000 + 10 * postcodes.size);
      postcodes.set(suburb, code);
    }
    return code;
  };
  // Lines of the grid: rows run east, columns run north; `cell(line, k)` is the k-th node along.
  const lines: { cell: (line: number, k: number) => [number, number] }[] = [
    { cell: (line, k) => [line, k] },
    { cell: (line, k) => [k, line] },
  ];
  for (const { cell } of lines) {
    for (let line = 0; line < n; line++) {
      for (let start = 0; start + 1 < n; start += streetLength) {
        const end = Math.min(n - 1, start + streetLength);
        const cells = Array.from({ length: end - start + 1 }, (_, k) => cell(line, start + k));
        const name = streetName(streets.length);
        const [midRow, midColumn] = cells[Math.floor(cells.length / 2)]!;
        const suburb = suburbOf(n, midRow, midColumn);
        const points = cells.map(([row, column]) => at(row, column));
        streets.push({ name, suburb, points });
        ways.push({
          id: 10_000_000 + ways.length,
          refs: cells.map(([row, column]) => nodeId(row, column)),
          tags: { highway: streets.length % 10 === 0 ? 'secondary' : 'residential', name },
        });
        for (let k = 0; k + 1 < points.length; k++) {
          const a = points[k]!;
          const b = points[k + 1]!;
          const middle = { lat: (a.lat + b.lat) / 2, lon: (a.lon + b.lon) / 2 };
          // Left of the direction of travel, then right.
          const dLat = b.lat - a.lat;
          const dLon = (b.lon - a.lon) * Math.cos((middle.lat * Math.PI) / 180);
          const length = Math.hypot(dLat, dLon);
          for (const side of [1, -1]) {
            const location = {
              lat: middle.lat + (side * dLon * setback) / length,
              lon: middle.lon - (side * dLat * setback) / length / Math.cos((middle.lat * Math.PI) / 180),
            };
            const houseNumber = String(2 * k + (side === 1 ? 1 : 2));
            addresses.push({ houseNumber, street: name, suburb, location });
          }
        }
      }
    }
  }
  let nextId = n * n + 1;
  for (const address of addresses) {
    nodes.push({
      id: nextId++,
      ...address.location,
      tags: {
        'addr:housenumber': address.houseNumber,
        'addr:street': address.street,
        'addr:postcode': postcodeOf(address.suburb),
        'addr:city': 'Gridton',
      },
    });
  }
  // Each suburb's place sits at the middle of its blocks (of what the grid's edge leaves of them).
  for (let top = 0; top < n; top += suburbSide) {
    for (let left = 0; left < n; left += suburbSide) {
      const row = Math.min(n - 1, top + suburbSide / 2);
      const column = Math.min(n - 1, left + suburbSide / 2);
      nodes.push({ id: nextId++, ...at(row, column), tags: { place: 'suburb', name: suburbOf(n, top, left) } });
    }
  }
  return { nodes, ways, streets, addresses };
}
