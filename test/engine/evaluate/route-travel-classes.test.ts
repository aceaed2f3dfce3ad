import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileProblem } from '../../../engine/compile/compile-problem.js';
import { problemTravelTable } from '../../../engine/evaluate/problem-travel.js';
import { routeTravelOptions } from '../../../engine/evaluate/travel-class.js';
import { runOperation } from '../../../engine/operations/index.js';
import { appendDirectedGeometry } from '../../../geo/road/directed-geometry.js';
import { loadRoadGraph } from '../../../geo/road/load.js';
import type { RoadGraph } from '../../../geo/road/road-graph.js';
import { createRoadProvider } from '../../../geo/road/road-provider.js';
import { demoMapPath } from '../../../runtime/paths.js';
import type { LatLon, PathProvider, TravelOptions, TravelProvider } from '../../../geo/travel.js';
import { straightLineProvider } from '../../../geo/straight-line.js';
import { ON_DEMAND_POINTS } from '../../../engine/evaluate/travel-table.js';
import { resolveProblem } from '../../../model/resolve.js';
import type { ProblemResponse } from '../../../model/types/responses.js';

// OSM ways of the demo extract (geo/maps/monaco.osm.pbf, © OpenStreetMap contributors):
const avenueDuGeneralDeGaulle = 23009810; // tertiary, maxweight=10: closed to the 18 t reference truck
const bateauBus = 166399542; // route=ferry across Port Hercule

function pointOnWay(graph: RoadGraph, wayId: number, along: number): LatLon {
  let longest = -1;
  const { directedKey } = graph.network.profiles.auto;
  for (let s = 0; s < graph.network.segmentCount; s++) {
    if (graph.network.segmentWayId[s] !== wayId) continue;
    if (longest < 0 || directedKey[2 * s]! % 2 ** 26 > directedKey[2 * longest]! % 2 ** 26) longest = s;
  }
  expect(longest).toBeGreaterThanOrEqual(0);
  const out: LatLon[] = [];
  appendDirectedGeometry(graph.network, 2 * longest, along, along, out);
  return out[0]!;
}

const at = (p: LatLon): string => `${p.lat}, ${p.lon}`;

describe('routes travel as their vehicles do (Monaco demo map)', () => {
  let folder: string;
  let graph: RoadGraph;
  let provider: PathProvider;
  let gaulleWest: LatLon;
  let gaulleEast: LatLon;
  let quayNorth: LatLon;
  let quaySouth: LatLon;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'wayplan-travel-classes-'));
    graph = loadRoadGraph(demoMapPath(), join(folder, 'monaco.wpgraph'));
    provider = createRoadProvider(graph);
    gaulleWest = pointOnWay(graph, avenueDuGeneralDeGaulle, 0.15);
    gaulleEast = pointOnWay(graph, avenueDuGeneralDeGaulle, 0.85);
    quayNorth = pointOnWay(graph, bateauBus, 0.15);
    quaySouth = pointOnWay(graph, bateauBus, 0.85);
  });

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** A problem with explicit vehicles: a van and a lorry on Avenue du Général De Gaulle, two vans at the harbour with ferries off by default. */
  const fleetProblem = (): Record<string, unknown> => ({
    vehicles: [
      { id: 'small-van', vehicle_type: 'auto' },
      { id: 'big-lorry', vehicle_type: 'truck' },
      { id: 'ferry-pass-van', allow_ferries: true },
    ],
    settings: { defaults: { allow_ferries: false } },
    routes: [
      { id: 'van', vehicle: 'small-van', location: at(gaulleWest), jobs: [{ id: 'van-job', location: at(gaulleEast) }] },
      { id: 'lorry', vehicle: 'big-lorry', location: at(gaulleWest), jobs: [{ id: 'lorry-job', location: at(gaulleEast) }] },
      { id: 'harbour-van', vehicle: 'small-van', location: at(quayNorth), jobs: [{ id: 'harbour-job', location: at(quaySouth) }] },
      { id: 'ferry-van', vehicle: 'ferry-pass-van', location: at(quayNorth), jobs: [{ id: 'ferry-job', location: at(quaySouth) }] },
    ],
  });

  const pathDistance = async (stops: LatLon[], options: TravelOptions): Promise<number> => (await provider.path(stops, options)).distance;

  it('evaluates each route on its own travel class, leg for leg as the path would drive it', async () => {
    const response = (await runOperation('evaluate', fleetProblem(), {}, provider, () => undefined)) as ProblemResponse;
    const distance = new Map(response.routes.map((route) => [route.id, route.distance_meters]));
    const tour = [gaulleWest, gaulleEast, gaulleWest];
    const harbour = [quayNorth, quaySouth, quayNorth];
    expect(distance.get('van')).toBeCloseTo(await pathDistance(tour, { vehicleType: 'auto' }), 3);
    expect(distance.get('lorry')).toBeCloseTo(await pathDistance(tour, { vehicleType: 'truck' }), 3);
    expect(distance.get('harbour-van')).toBeCloseTo(await pathDistance(harbour, { allowFerries: false }), 3);
    expect(distance.get('ferry-van')).toBeCloseTo(await pathDistance(harbour, {}), 3);
    // The maxweight=10 avenue and the ferry make real detours for the vehicles that may not use them.
    expect(distance.get('lorry')!).toBeGreaterThan(2 * distance.get('van')!);
    expect(distance.get('harbour-van')!).toBeGreaterThan(2 * distance.get('ferry-van')!);
  });

  it('plans mixed fleets on a safe bound and reports the true travel of each route', async () => {
    const problem = resolveProblem(fleetProblem(), 'build');
    const travel = await problemTravelTable(problem, provider);
    const [van, lorry] = problem.routes;
    const mixed = compileProblem(problem, travel, [van!, lorry!], [0, 1]);
    expect(mixed.approximations.has('mixed_travel')).toBe(true);
    expect(compileProblem(problem, travel, [van!], [0, 1]).approximations.has('mixed_travel')).toBe(false);
    const west = travel.indexOf(gaulleWest);
    const east = travel.indexOf(gaulleEast);
    const bound = travel.forRoutes([van!, lorry!]);
    expect(bound.distance(west, east)).toBe(
      Math.max(travel.forRoute(van!).distance(west, east), travel.forRoute(lorry!).distance(west, east)),
    );
    expect(travel.forRoute(lorry!).distance(west, east)).toBeGreaterThan(travel.forRoute(van!).distance(west, east));

    const built = (await runOperation(
      'build',
      { ...fleetProblem(), settings: { defaults: { allow_ferries: false }, time_limit: '00:00:02' } },
      {},
      provider,
      () => undefined,
    )) as ProblemResponse;
    const jobPlace = new Map(problem.jobs.map((job) => [job.id, job.location!.location]));
    const start = new Map(problem.routes.map((route) => [route.id, route.location!.location]));
    let checked = 0;
    for (const route of built.routes) {
      const jobs = (route.stops ?? []).filter((stop) => stop.type === 'job').map((stop) => jobPlace.get(stop.id!)!);
      if (jobs.length === 0) continue;
      const options = routeTravelOptions(
        problem,
        problem.routes.find((r) => r.id === route.id)!,
      );
      expect(route.distance_meters).toBeCloseTo(await pathDistance([start.get(route.id)!, ...jobs, start.get(route.id)!], options), 3);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(1);
  });

  it('resolves the flags route first, then vehicle, then settings.defaults', () => {
    const problem = resolveProblem(
      {
        vehicles: [
          { id: 'hazmat-lorry', vehicle_type: 'truck', allow_toll_roads: false, hazmat_load_types: ['flammable_liquids'] },
          { id: 'car' },
        ],
        settings: { defaults: { allow_ferries: false, allow_u_turns: false } },
        routes: [
          { id: 'a', vehicle: 'hazmat-lorry', allow_ferries: true },
          { id: 'b', vehicle: 'car', allow_toll_roads: false, allow_u_turns: true, same_side_routing: true },
        ],
      },
      'evaluate',
    );
    const [a, b] = problem.routes;
    expect(routeTravelOptions(problem, a!)).toEqual({ vehicleType: 'truck', allowTollRoads: false, allowUTurns: false, hazmat: true });
    expect(routeTravelOptions(problem, b!)).toEqual({
      vehicleType: 'auto',
      allowFerries: false,
      allowTollRoads: false,
      allowUTurns: false,
    });
  });
});

describe('a mixed fleet over thousands of places', () => {
  // Like an HTTP engine, this provider answers whole matrices only (straight lines, the truck's
  // class driven at 80 % of the speed), single precision from 3,000 places.
  const matrixOnly: TravelProvider = {
    name: 'matrices',
    matrix: (points, options = {}) =>
      straightLineProvider.matrix(points, options.vehicleType === 'truck' ? { ...options, drivingSpeedPercentage: 80 } : options),
  };

  it('bounds its travel classes leg by leg, holding no bound matrix beside theirs', async () => {
    const place = (i: number): string => `${(47 + (i % 60) * 0.002).toFixed(4)}, ${(-122 + Math.floor(i / 60) * 0.002).toFixed(4)}`;
    const problem = resolveProblem(
      {
        jobs: Array.from({ length: ON_DEMAND_POINTS }, (_, i) => ({ id: `job-${i}`, location: place(i + 1) })),
        routes: [
          { id: 'van', vehicle_type: 'auto', location: place(0) },
          { id: 'lorry', vehicle_type: 'truck', location: place(0) },
        ],
      },
      'build',
    );
    const travel = await problemTravelTable(problem, matrixOnly);
    const [van, lorry] = problem.routes;
    expect(travel.mixed).toBe(true);
    expect(travel.onDemand).toBe(true);
    expect(travel.forRoute(van!).onDemand).toBe(false);
    const to = Int32Array.from({ length: 50 }, (_, k) => (k * 61) % (ON_DEMAND_POINTS + 1));
    const distances = new Float64Array(to.length);
    const durations = new Float64Array(to.length);
    for (const from of [0, 7, 1234, ON_DEMAND_POINTS]) {
      travel.row(from, to, distances, durations);
      to.forEach((j, c) => {
        const [slow, fast] = [travel.forRoute(lorry!), travel.forRoute(van!)];
        expect(durations[c]).toBe(Math.max(slow.duration(from, j), fast.duration(from, j)));
        expect(distances[c]).toBe(Math.max(slow.distance(from, j), fast.distance(from, j)));
        expect(travel.duration(from, j)).toBe(durations[c]);
        if (from !== j) expect(slow.duration(from, j)).toBeGreaterThan(fast.duration(from, j));
      });
    }
  });
});
