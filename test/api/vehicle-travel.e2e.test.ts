import { useTestStack } from '../support/stack.js';
import { postJson, postJsonWaiting, type JsonResponse } from '../support/http.js';

const { stack, user } = useTestStack();

// On the demo map (© OpenStreetMap contributors): both ends of Avenue du Général De Gaulle
// (way 23009810, maxweight=10, closed to trucks) and both quays of the Bateau Bus ferry (way 166399542).
const gaulleWest = '43.72408441084849, 7.395853352446617';
const gaulleEast = '43.725238723540826, 7.397372908510028';
const quayNorth = '43.73647307756677, 7.425242647120381';
const quaySouth = '43.73454449557667, 7.426775615317782';

const problem = {
  vehicles: [
    { id: 'small-van', vehicle_type: 'auto' },
    { id: 'big-lorry', vehicle_type: 'truck' },
    { id: 'ferry-pass-van', allow_ferries: true },
  ],
  settings: { defaults: { allow_ferries: false } },
  routes: [
    { id: 'van', vehicle: 'small-van', location: gaulleWest, jobs: [{ id: 'van-job', location: gaulleEast }] },
    { id: 'lorry', vehicle: 'big-lorry', location: gaulleWest, jobs: [{ id: 'lorry-job', location: gaulleEast }] },
    { id: 'harbour-van', vehicle: 'small-van', location: quayNorth, jobs: [{ id: 'harbour-job', location: quaySouth }] },
    { id: 'ferry-van', vehicle: 'ferry-pass-van', location: quayNorth, jobs: [{ id: 'ferry-job', location: quaySouth }] },
  ],
};

/** The same stops and vehicle flags as each route of `problem`, for POST /v1/path. */
const pathRequest = {
  routes: [
    {
      id: 'van',
      vehicle: { id: 'small-van', vehicle_type: 'auto' },
      stops: [gaulleWest, gaulleEast, gaulleWest].map((location) => ({ location })),
    },
    {
      id: 'lorry',
      vehicle: { id: 'big-lorry', vehicle_type: 'truck' },
      stops: [gaulleWest, gaulleEast, gaulleWest].map((location) => ({ location })),
    },
    {
      id: 'harbour-van',
      vehicle: { id: 'small-van', vehicle_type: 'auto', allow_ferries: false },
      stops: [quayNorth, quaySouth, quayNorth].map((location) => ({ location })),
    },
    {
      id: 'ferry-van',
      vehicle: { id: 'ferry-pass-van', allow_ferries: true },
      stops: [quayNorth, quaySouth, quayNorth].map((location) => ({ location })),
    },
  ],
};

/** evaluate with wait=1, following the 302s while the task runs (the first task may import the map). */
function evaluate(body: unknown): Promise<JsonResponse> {
  return postJsonWaiting(`${stack.baseUrl}/v1/evaluate?wait=1`, body, { authorization: user.basic });
}

describe('routes travel as their vehicles do', () => {
  test('evaluate reports per-route distances equal to POST /v1/path with the same vehicle flags', async () => {
    const evaluated = await evaluate(problem);
    expect(evaluated.status).toBe(200);
    const path = await postJson(`${stack.baseUrl}/v1/path`, pathRequest, { authorization: user.basic });
    expect(path.status).toBe(200);
    const evaluatedDistance = new Map(
      evaluated.body.routes.map((route: { id: string; distance_meters: number }) => [route.id, route.distance_meters]),
    );
    for (const route of path.body.routes as { id: string; distance_meters: number }[]) {
      expect(evaluatedDistance.get(route.id)).toBeCloseTo(route.distance_meters, 3);
    }
    const distance = (id: string): number => evaluatedDistance.get(id) as number;
    expect(distance('lorry')).toBeGreaterThan(2 * distance('van'));
    expect(distance('harbour-van')).toBeGreaterThan(2 * distance('ferry-van'));

    // The same problem again is served from the worker's travel cache, with the same figures.
    const again = await evaluate(problem);
    expect(again.status).toBe(200);
    expect(again.body.routes.map((route: { distance_meters: number }) => route.distance_meters)).toEqual(
      evaluated.body.routes.map((route: { distance_meters: number }) => route.distance_meters),
    );
  }, 120000);
});
