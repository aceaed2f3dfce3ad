import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { seededRandom as random } from '../../engine/planning/search-budget.js';

export interface SyntheticFleetOptions {
  territories: number;
  jobsPerTerritory: number;
  driversPerTerritory: number;
  /** The day the jobs are dated (they must fall in the planned range). */
  date: string;
  /** Jobs with an address to geocode instead of coordinates: every n-th job (0 = none). */
  addressEvery?: number;
  seed?: number;
}

function write(folder: string, name: string, header: string[], rows: (string | number)[][]): void {
  writeFileSync(join(folder, name), stringify([header, ...rows]));
}

/**
 * Writes a CSV-folder fleet (platform/FORMATS.md) in the Monaco map area: per territory a depot,
 * drivers on an 08:00–18:00 shift every day with a vehicle each, and jobs dated `date` with
 * morning or afternoon windows. For benchmarks and tests of the nightly pipeline.
 */
export function writeSyntheticFleet(folder: string, options: SyntheticFleetOptions): void {
  mkdirSync(folder, { recursive: true });
  const next = random(options.seed ?? 7);
  const territories = Array.from({ length: options.territories }, (_, i) => `T${String(i + 1).padStart(2, '0')}`);
  const point = (): [string, string] => [(43.727 + next() * 0.02).toFixed(6), (7.412 + next() * 0.025).toFixed(6)];
  write(
    folder,
    'territories.csv',
    ['id', 'name', 'timezone'],
    territories.map((t) => [t, `Territory ${t}`, 'Europe/Monaco']),
  );
  write(
    folder,
    'depots.csv',
    ['id', 'territory', 'name', 'lat', 'lon'],
    territories.map((t) => [`${t}-depot`, t, `Depot ${t}`, ...point()]),
  );
  write(
    folder,
    'shifts.csv',
    ['id', 'territory', 'start_time', 'end_time'],
    territories.map((t) => [`${t}-day`, t, '08:00', '18:00']),
  );
  write(
    folder,
    'shift_patterns.csv',
    ['id', 'territory', 'days'],
    territories.map((t) => [`${t}-daily`, t, `${t}-day`]),
  );
  const vehicles: (string | number)[][] = [];
  const drivers: (string | number)[][] = [];
  for (const t of territories) {
    for (let d = 1; d <= options.driversPerTerritory; d++) {
      vehicles.push([`${t}-v${d}`, t, `${t}-depot`, 200]);
      drivers.push([`${t}-d${d}`, t, `${t}-depot`, `${t}-v${d}`, `${t}-daily`, '2026-01-01']);
    }
  }
  write(folder, 'vehicles.csv', ['id', 'territory', 'depot', 'load_capacity'], vehicles);
  write(folder, 'drivers.csv', ['id', 'territory', 'depot', 'vehicle', 'shift_pattern', 'pattern_start_date'], drivers);
  const jobs: (string | number)[][] = [];
  for (const t of territories) {
    for (let j = 1; j <= options.jobsPerTerritory; j++) {
      const [lat, lon] = point();
      const morning = next() < 0.5;
      const byAddress = options.addressEvery !== undefined && options.addressEvery > 0 && j % options.addressEvery === 0;
      jobs.push([
        `${t}-j${j}`,
        t,
        byAddress ? '' : lat,
        byAddress ? '' : lon,
        byAddress ? `${j} Boulevard du Test ${t}, 98000 Monaco` : '',
        options.date,
        morning ? '08:00' : '13:00',
        morning ? '12:00' : '18:00',
        '00:05',
        1 + Math.floor(next() * 3),
      ]);
    }
  }
  write(
    folder,
    'jobs.csv',
    ['id', 'territory', 'lat', 'lon', 'address', 'date', 'time_window_start', 'time_window_end', 'time_on_site', 'load'],
    jobs,
  );
}
