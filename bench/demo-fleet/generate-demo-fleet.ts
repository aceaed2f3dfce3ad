/**
 * Writes the demo fleet (platform/demo-fleet/, a CSV folder as platform/FORMATS.md describes) from
 * the demo map: three territories of Monaco, their depots, vehicles, drivers on shift patterns,
 * 300 jobs on the map's named streets, some at house-numbered addresses without coordinates for
 * the pipeline to geocode, and a few recurring visits. Deterministic: run it again, get the same
 * files. Run once after changing it, and commit the CSVs:
 *   node dist-NAME/bench/demo-fleet/generate-demo-fleet.js
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { extractMap, type ExtractedAddress } from '../../geo/geocoding/osm/map-extract.js';
import { repoRoot } from '../../runtime/paths.js';
import { seededRandom as random } from '../../engine/planning/search-budget.js';

const out = join(repoRoot, 'platform', 'demo-fleet');
const jobsPerTerritory = 100;
// A territory's night is about 200 load units (100 jobs of 1–3, plus its recurring visits) and
// about 12 hours on site (4–10 minutes a job). On weekends only three of its four vans run (one
// driver works weekdays), 22.5 working hours: three vans of 100 carry it all with time to drive,
// so any first night plans every job and what is left unrouted is a real conflict.
const vanCapacity = 100;
const box = { south: 43.724, north: 43.752, west: 7.405, east: 7.44 };

interface Band {
  id: string;
  name: string;
  west: number;
  east: number;
  depot: { name: string; lat: number; lon: number };
}

const bands: Band[] = [
  {
    id: 'fontvieille',
    name: 'Fontvieille & Monaco-Ville',
    west: box.west,
    east: 7.419,
    depot: { name: 'Fontvieille depot', lat: 43.7301, lon: 7.4165 },
  },
  { id: 'condamine', name: 'La Condamine', west: 7.419, east: 7.428, depot: { name: 'Port Hercule depot', lat: 43.7365, lon: 7.4228 } },
  {
    id: 'monte-carlo',
    name: 'Monte-Carlo & Larvotto',
    west: 7.428,
    east: box.east,
    depot: { name: 'Larvotto depot', lat: 43.7447, lon: 7.4318 },
  },
];

function write(name: string, header: string[], rows: (string | number)[][]): void {
  writeFileSync(join(out, name), stringify([header, ...rows]));
}

function inBox(lat: number, lon: number): boolean {
  return lat > box.south && lat < box.north && lon > box.west && lon < box.east;
}

function bandOf(lon: number): Band {
  return bands.find((band) => lon >= band.west && lon < band.east)!;
}

function addressText(address: ExtractedAddress): string {
  const place = [address.postcode, address.city].filter(Boolean).join(' ');
  return `${address.houseNumber} ${address.street}${place ? `, ${place}` : ''}`;
}

const next = random(2026);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
const map = extractMap(readFileSync(join(repoRoot, 'geo', 'maps', 'monaco.osm.pbf')));

// Street points people can be visited at: named streets, not tunnels or bridges.
const streetPoints = new Map<string, { street: string; lat: number; lon: number }[]>(bands.map((band) => [band.id, []]));
for (const road of map.roads) {
  if (/^(Tunnel|Pont|Virage|Rond-Point)\b/.test(road.name)) continue;
  for (const point of road.points) {
    if (inBox(point.lat, point.lon)) streetPoints.get(bandOf(point.lon).id)!.push({ street: road.name, lat: point.lat, lon: point.lon });
  }
}
const addresses = new Map<string, ExtractedAddress[]>(bands.map((band) => [band.id, []]));
for (const address of map.addresses) {
  if (address.street !== undefined && inBox(address.location.lat, address.location.lon))
    addresses.get(bandOf(address.location.lon).id)!.push(address);
}

mkdirSync(out, { recursive: true });
write(
  'territories.csv',
  ['id', 'name', 'timezone'],
  bands.map((band) => [band.id, band.name, 'Europe/Monaco']),
);
write(
  'depots.csv',
  ['id', 'territory', 'name', 'address', 'lat', 'lon'],
  bands.map((band) => [`${band.id}-depot`, band.id, band.depot.name, '', band.depot.lat, band.depot.lon]),
);

const shifts: (string | number)[][] = [];
const patterns: (string | number)[][] = [];
const vehicles: (string | number)[][] = [];
const drivers: (string | number)[][] = [];
const firstNames = ['Léa', 'Marco', 'Sofia', 'Hugo', 'Chiara', 'Louis', 'Elena', 'Paul', 'Giulia', 'Jules', 'Anna', 'Théo'];
for (const band of bands) {
  const t = band.id;
  shifts.push([`${t}-early`, t, 'Early', '07:00', '15:00', '11:30', '00:30', '09:00', '08:00']);
  shifts.push([`${t}-late`, t, 'Late', '11:00', '19:00', '15:00', '00:30', '09:00', '08:00']);
  // Patterns start on Monday 2026-01-05: every day; weekdays only; early and late weeks in turn.
  patterns.push([`${t}-every-day`, t, 'Every day, early', Array(7).fill(`${t}-early`).join(';')]);
  patterns.push([`${t}-weekdays`, t, 'Weekdays, late', [...Array(5).fill(`${t}-late`), '-', '-'].join(';')]);
  patterns.push([`${t}-rotating`, t, 'Early week, late week', [...Array(7).fill(`${t}-early`), ...Array(7).fill(`${t}-late`)].join(';')]);
  const patternOf = [`${t}-every-day`, `${t}-every-day`, `${t}-rotating`, `${t}-weekdays`];
  patternOf.forEach((pattern, i) => {
    const n = i + 1;
    vehicles.push([`${t}-van${n}`, t, `Van ${n}`, `${t}-depot`, 'van', vanCapacity, '', 25, n === 1 ? 'refrigerated' : '']);
    drivers.push([
      `${t}-driver${n}`,
      t,
      firstNames.shift()!,
      `${t}-depot`,
      `${t}-van${n}`,
      pattern,
      '2026-01-05',
      n === 1 ? 'cold-chain' : '',
      24,
      36,
    ]);
  });
}
write(
  'shifts.csv',
  ['id', 'territory', 'name', 'start_time', 'end_time', 'break_start', 'break_length', 'max_working_time', 'normal_working_time'],
  shifts,
);
write('shift_patterns.csv', ['id', 'territory', 'name', 'days'], patterns);
write(
  'vehicles.csv',
  ['id', 'territory', 'name', 'depot', 'vehicle_type', 'load_capacity', 'cost_per_km', 'fixed_cost', 'attributes'],
  vehicles,
);
write(
  'drivers.csv',
  [
    'id',
    'territory',
    'name',
    'depot',
    'vehicle',
    'shift_pattern',
    'pattern_start_date',
    'attributes',
    'cost_per_hour',
    'overtime_cost_per_hour',
  ],
  drivers,
);

const jobs: (string | number)[][] = [];
const schedules: (string | number)[][] = [];
const customers = ['Boulangerie', 'Pharmacie', 'Hôtel', 'Fleuriste', 'Café', 'Cabinet', 'Épicerie', 'Galerie', 'Restaurant', 'Bureau'];
for (const band of bands) {
  const t = band.id;
  const located = addresses.get(t)!;
  for (let j = 1; j <= jobsPerTerritory; j++) {
    const id = `${t}-job${String(j).padStart(3, '0')}`;
    const window = next();
    const [start, end] = window < 0.25 ? ['08:00', '12:00'] : window < 0.45 ? ['13:00', '18:00'] : ['', ''];
    const onSite = `00:${String(4 + Math.floor(next() * 7)).padStart(2, '0')}`;
    const load = 1 + Math.floor(next() * 3);
    const cold = next() < 0.08 ? 'cold-chain' : '';
    const name = `${pick(customers)} ${j}`;
    // Every fifth job has only its house-numbered address: the pipeline geocodes it.
    if (j % 5 === 0 && located.length > 0) {
      const address = located[(j / 5 - 1) % located.length]!;
      jobs.push([id, t, name, addressText(address), '', '', '', start, end, onSite, load, cold, '']);
    } else {
      const point = pick(streetPoints.get(t)!);
      jobs.push([
        id,
        t,
        name,
        `${point.street}, Monaco`,
        'MC',
        point.lat.toFixed(6),
        point.lon.toFixed(6),
        start,
        end,
        onSite,
        load,
        cold,
        '',
      ]);
    }
  }
  const weekly = pick(streetPoints.get(t)!);
  schedules.push([
    `${t}-market`,
    t,
    'Market restock',
    'weekly',
    1,
    1,
    '2026-01-05',
    '',
    'mon;wed;fri',
    `${weekly.street}, Monaco`,
    'MC',
    weekly.lat.toFixed(6),
    weekly.lon.toFixed(6),
    '06:30',
    '09:00',
    '00:20',
    5,
    'Unload at the back door',
  ]);
  const daily = pick(streetPoints.get(t)!);
  schedules.push([
    `${t}-clinic`,
    t,
    'Clinic samples',
    'daily',
    1,
    1,
    '2026-01-05',
    '',
    '',
    `${daily.street}, Monaco`,
    'MC',
    daily.lat.toFixed(6),
    daily.lon.toFixed(6),
    '14:00',
    '16:00',
    '00:10',
    1,
    'Ask for the lab',
  ]);
}
write(
  'jobs.csv',
  [
    'id',
    'territory',
    'name',
    'address',
    'country',
    'lat',
    'lon',
    'time_window_start',
    'time_window_end',
    'time_on_site',
    'load',
    'required_driver_attributes',
    'notes',
  ],
  jobs,
);
write(
  'schedules.csv',
  [
    'id',
    'territory',
    'name',
    'type',
    'interval',
    'frequency',
    'earliest_date',
    'base_date',
    'allowed_days_of_week',
    'address',
    'country',
    'lat',
    'lon',
    'time_window_start',
    'time_window_end',
    'time_on_site',
    'load',
    'notes',
  ],
  schedules,
);
process.stdout.write(
  `wrote ${out}: ${bands.length} territories, ${drivers.length} drivers, ${jobs.length} jobs, ${schedules.length} schedules\n`,
);
