import { decodePolyline } from '../../model/formats/polyline.js';
import { haversineMeters } from '../../geo/straight-line.js';
import { useTestStack } from '../support/stack.js';
import { postJson, postJsonWaiting } from '../support/http.js';

const { stack, user } = useTestStack();

// Monaco, on the demo map: the casino square, the port, the palace square.
const casino = { lat: 43.73946, lon: 7.42797 };
const port = { lat: 43.73455, lon: 7.42254 };
const palace = { lat: 43.73135, lon: 7.42012 };
const at = (p: { lat: number; lon: number }) => `${p.lat}, ${p.lon}`;

describe('POST /v1/path', () => {
  test('routes on the demo map: legs add up, roads are longer than the crow flies, geometry follows', async () => {
    const response = await postJson(
      `${stack.baseUrl}/v1/path`,
      {
        routes: [
          {
            id: 'tour',
            routing_options: { return_path: true },
            stops: [{ location: at(casino) }, { location: at(port) }, { location: at(palace) }],
          },
        ],
      },
      { authorization: user.basic },
    );
    expect(response.status).toBe(200);
    expect(response.body.attribution).toContain('OpenStreetMap');
    const route = response.body.routes[0];
    expect(route.id).toBe('tour');
    expect(route.straight_line_fallback).toBeUndefined();
    expect(route.legs).toHaveLength(2);
    expect(route.distance_meters).toBeCloseTo(route.legs[0].distance_meters + route.legs[1].distance_meters, 3);
    const crow = haversineMeters(casino, port) + haversineMeters(port, palace);
    expect(route.distance_meters).toBeGreaterThan(crow);
    expect(route.distance_meters).toBeLessThan(4 * crow);
    expect(route.driving_time).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(route.path.length).toBeGreaterThan(3);
    const first = route.path[0].split(',').map(Number);
    expect(haversineMeters({ lat: first[0], lon: first[1] }, casino)).toBeLessThan(100);
  });

  test('polyline encoding carries the same geometry', async () => {
    const request = (encoding: string) =>
      postJson(
        `${stack.baseUrl}/v1/path`,
        {
          path_encoding: encoding,
          routes: [{ routing_options: { return_path: true }, stops: [{ location: at(casino) }, { location: at(palace) }] }],
        },
        { authorization: user.basic },
      );
    const [json, polyline] = await Promise.all([request('json'), request('polyline')]);
    const decoded = decodePolyline(polyline.body.routes[0].path);
    expect(decoded).toHaveLength(json.body.routes[0].path.length);
    json.body.routes[0].path.forEach((p: string, i: number) => {
      const [lat, lon] = p.split(',').map(Number);
      expect(decoded[i]!.lat).toBeCloseTo(lat!, 4);
      expect(decoded[i]!.lon).toBeCloseTo(lon!, 4);
    });
  });

  test('a stop outside the map is a straight-line estimate, flagged', async () => {
    const response = await postJson(
      `${stack.baseUrl}/v1/path`,
      { routes: [{ stops: [{ location: at(casino) }, { location: '48.8566, 2.3522' }] }] },
      { authorization: user.basic },
    );
    expect(response.status).toBe(200);
    expect(response.body.routes[0].straight_line_fallback).toBe(true);
    expect(response.body.routes[0].distance_meters).toBeGreaterThan(600000);
  });

  test('invalid requests name the property', async () => {
    const one = await postJson(
      `${stack.baseUrl}/v1/path`,
      { routes: [{ stops: [{ location: at(casino) }] }] },
      { authorization: user.basic },
    );
    expect(one.status).toBe(400);
    expect(one.body.errors).toContainEqual(expect.objectContaining({ property: 'request.routes[0].stops', code: 'too_few_items_error' }));
    const bad = await postJson(
      `${stack.baseUrl}/v1/path`,
      { routes: [{ stops: [{ location: 'nowhere' }, { location: at(port) }] }] },
      { authorization: user.basic },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].property).toBe('request.routes[0].stops[0].location');
  });

  test('evaluate routes on the same roads: each leg equals the path between its stops', async () => {
    const problem = {
      routes: [
        {
          id: 'r1',
          location: at(casino),
          start_time: '08:00',
          jobs: [
            { id: 'port', location: at(port) },
            { id: 'palace', location: at(palace) },
          ],
        },
      ],
    };
    const evaluated = await postJsonWaiting(`${stack.baseUrl}/v1/evaluate?wait=1`, problem, { authorization: user.basic });
    expect(evaluated.status).toBe(200);
    expect(evaluated.body.straight_line_fallback_locations).toBeUndefined();
    const stops = evaluated.body.routes[0].stops;
    expect(stops.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining(['port', 'palace']));
    const path = await postJson(
      `${stack.baseUrl}/v1/path`,
      { routes: [{ stops: [casino, port, palace, casino].map((p) => ({ location: at(p) })) }] },
      { authorization: user.basic },
    );
    const legs = path.body.routes[0].legs;
    const legDistances = stops.slice(1).map((s: { distance_to_meters: number }) => s.distance_to_meters);
    legDistances.forEach((d: number, i: number) => expect(d).toBeCloseTo(legs[i].distance_meters, 3));
    expect(evaluated.body.routes[0].distance_meters).toBeCloseTo(path.body.routes[0].distance_meters, 3);

    const offMap = await postJsonWaiting(
      `${stack.baseUrl}/v1/evaluate?wait=1`,
      { routes: [{ id: 'r1', location: at(casino), jobs: [{ id: 'paris', location: '48.8566, 2.3522' }] }] },
      { authorization: user.basic },
    );
    expect(offMap.status).toBe(200);
    expect(offMap.body.straight_line_fallback_locations).toEqual(['48.8566,2.3522']);
  });
});
