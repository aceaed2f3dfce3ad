import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { peerInput, writeMatrices } from '../../../bench/build-scale/peer-plan.js';
import { straightLineLeg } from '../../../geo/straight-line.js';

const depot = '47.6062, -122.3321';
const routes = [
  { id: 'r0', location: depot, start_time: '08:00', end_time: '18:00', date: '2024-03-04', load_capacity: 400 },
  { id: 'r1', location: depot, start_time: '08:00', end_time: '18:00', date: '2024-03-05', load_capacity: 400 },
  { id: 'r2', location: '47.62000, -122.30000', start_time: '07:30', end_time: '16:00', date: '2024-03-05', cost_per_hour: 0 },
];

describe('peerInput', () => {
  it('makes every route a vehicle with its day’s window, place and prices', () => {
    const { points, vehicles } = peerInput([], routes);
    expect(points).toEqual([
      { lat: 47.6062, lon: -122.3321 },
      { lat: 47.62, lon: -122.3 },
    ]);
    expect(vehicles).toEqual([
      { place: 0, window: [8 * 3600, 18 * 3600], cost_per_km: 0.07677, cost_per_hour: 10, capacity: 400 },
      { place: 0, window: [86_400 + 8 * 3600, 86_400 + 18 * 3600], cost_per_km: 0.07677, cost_per_hour: 10, capacity: 400 },
      { place: 1, window: [86_400 + 7.5 * 3600, 86_400 + 16 * 3600], cost_per_km: 0.07677, cost_per_hour: 0 },
    ]);
  });

  it('gives a job one window per allowed date, in order, its own or the whole day', () => {
    const jobs = [
      {
        id: 'windowed',
        location: '47.61000, -122.31000',
        time_on_site: '00:05:00',
        time_window: { start: '10:00:00', end: '12:00:00' },
        allowed_dates: ['2024-03-05', '2024-03-04'],
        load: 7,
      },
      { id: 'any day', location: depot, time_on_site: '00:10:00' },
    ];
    const input = peerInput(jobs, routes);
    expect(input.jobs).toEqual([
      {
        place: 2,
        service: 300,
        windows: [
          [10 * 3600, 12 * 3600],
          [86_400 + 10 * 3600, 86_400 + 12 * 3600],
        ],
        load: 7,
      },
      // Whole days that do not touch: VROOM refuses windows that overlap.
      {
        place: 0,
        service: 600,
        windows: [
          [0, 86_399],
          [86_400, 2 * 86_400 - 1],
        ],
      },
    ]);
    // The routes' places come first; a job at the depot shares its number.
    expect(input.points).toEqual([
      { lat: 47.6062, lon: -122.3321 },
      { lat: 47.62, lon: -122.3 },
      { lat: 47.61, lon: -122.31 },
    ]);
  });
});

describe('writeMatrices', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'wayplan-peer-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('writes whole metres and whole seconds rounded up, so that no leg is shorter for a peer', () => {
    const points = [
      { lat: 47.6062, lon: -122.3321 },
      { lat: 47.62, lon: -122.3 },
      { lat: 47.55, lon: -122.41 },
    ];
    const paths = { distances: join(folder, 'd.u32'), durations: join(folder, 't.u32') };
    writeMatrices(points, paths);
    const read = (path: string): Uint32Array => {
      const bytes = readFileSync(path);
      return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    };
    const [distances, durations] = [read(paths.distances), read(paths.durations)];
    expect(distances).toHaveLength(9);
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        const leg = i === j ? { distance: 0, duration: 0 } : straightLineLeg(points[i]!, points[j]!);
        expect(distances[3 * i + j]).toBe(Math.round(leg.distance));
        expect(durations[3 * i + j]).toBe(Math.ceil(leg.duration));
        expect(durations[3 * i + j]).toBeGreaterThanOrEqual(leg.duration);
      }
    }
    expect(durations[1]).toBeGreaterThan(100);
  });
});
