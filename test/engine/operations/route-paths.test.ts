import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runOperation } from '../../../engine/operations/index.js';
import { loadRoadGraph } from '../../../geo/road/load.js';
import { createRoadProvider } from '../../../geo/road/road-provider.js';
import { demoMapPath } from '../../../runtime/paths.js';
import { straightLineProvider } from '../../../geo/straight-line.js';
import type { PathProvider } from '../../../geo/travel.js';
import { parseLatLon } from '../../../model/latlon.js';
import type { ProblemResponse } from '../../../model/types/responses.js';

// Places in the Monaco demo extract (geo/maps/monaco.osm.pbf), and one far outside it.
const casino = '43.7396,7.4278';
const stadium = '43.7277,7.4155';
const harbour = '43.7347,7.4206';
const offMap = '43.9,7.6';

const problem = (routePaths: boolean | undefined) => ({
  settings: routePaths === undefined ? {} : { route_paths: routePaths },
  routes: [
    {
      id: 'r',
      location: casino,
      start_time: '08:00',
      breaks: [{ id: 'tea', start: '08:00:30', length: '00:05' }],
      jobs: [
        { id: 'stadium', location: stadium, time_on_site: '00:10' },
        { id: 'harbour', location: harbour },
        { id: 'far', location: offMap },
      ],
    },
  ],
});

/** Metres between two points, near enough at this scale. */
function gap(a: string, b: string): number {
  const p = parseLatLon(a)!;
  const q = parseLatLon(b)!;
  const dx = (p.lon - q.lon) * Math.cos((p.lat * Math.PI) / 180) * 111_320;
  const dy = (p.lat - q.lat) * 110_574;
  return Math.hypot(dx, dy);
}

describe('settings.route_paths', () => {
  let folder: string;
  let provider: PathProvider;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'wayplan-route-paths-'));
    provider = createRoadProvider(loadRoadGraph(demoMapPath(), join(folder, 'monaco.wpgraph')));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('gives each located stop the road geometry from the previous located stop; breaks and the first stop have none', async () => {
    const response = (await runOperation('evaluate', problem(true), {}, provider, () => undefined)) as ProblemResponse;
    const stops = response.routes[0]!.stops!;
    const jobPlaces = new Map([
      ['stadium', stadium],
      ['harbour', harbour],
      ['far', offMap],
    ]);
    const places = stops.map((s) => (s.type === 'depot' ? casino : jobPlaces.get(s.id)));
    expect(stops.map((s) => s.type).sort()).toEqual(['break', 'depot', 'depot', 'job', 'job', 'job']);
    expect(stops[0]).not.toHaveProperty('path_to_stop');
    expect(stops.find((s) => s.type === 'break')).not.toHaveProperty('path_to_stop');
    let previous = casino;
    for (const [i, stop] of stops.entries()) {
      const place = places[i];
      if (i === 0 || place === undefined) continue;
      const path = stop.path_to_stop!;
      // The road legs start and end where the road meets the two stops, a few metres off at most.
      if (previous !== offMap && place !== offMap) {
        expect(gap(path[0]!, previous)).toBeLessThan(150);
        expect(gap(path.at(-1)!, place)).toBeLessThan(150);
        expect(path.length).toBeGreaterThan(2);
      } else {
        // Off the map there is no road: a straight segment each way.
        expect(path).toEqual([previous, place]);
      }
      previous = place;
    }
    expect(stops.filter((s) => s.path_to_stop !== undefined)).toHaveLength(4);
  });

  it('is off by default and when false', async () => {
    for (const setting of [undefined, false]) {
      const response = (await runOperation('evaluate', problem(setting), {}, provider, () => undefined)) as ProblemResponse;
      expect(response.routes[0]!.stops!.some((s) => 'path_to_stop' in s)).toBe(false);
    }
  });

  it('draws straight segments with a provider that knows no roads', async () => {
    const response = (await runOperation('evaluate', problem(true), {}, straightLineProvider, () => undefined)) as ProblemResponse;
    const paths = response.routes[0]!.stops!.filter((s) => s.type !== 'break').map((s) => s.path_to_stop);
    expect(paths).toEqual([undefined, [casino, stadium], [stadium, harbour], [harbour, offMap], [offMap, casino]]);
  });
});
