import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGraphHopperProvider } from '../../geo/http/graphhopper.js';
import { createOsrmProvider } from '../../geo/http/osrm.js';
import { createValhallaProvider } from '../../geo/http/valhalla.js';
import { encodePolyline } from '../../model/formats/polyline.js';
import { SINGLE_PRECISION_POINTS, straightLineLeg } from '../../geo/straight-line.js';
import type { LatLon, PathProvider } from '../../geo/travel.js';

// The stand-in engines answer with straight-line figures in each engine's own wire format, so the
// providers' translation (units, axis order, blocks, nulls) is checked against known numbers.
const leg = (a: LatLon, b: LatLon) => straightLineLeg(a, b);
const fast = { timeoutMs: 300, attempts: 3, backoffMs: 10 };
// For counting a large matrix's requests: a busy machine may take longer than `fast` allows over
// a block of thousands of cells, and a retry would add requests.
const patient = { ...fast, timeoutMs: 60_000 };

interface Behaviour {
  /** Answers still to fail before working, with this status (0 = hang until the client gives up). */
  failures: number[];
  retryAfter?: string;
  requests: number;
  /** Requests being answered now, and the most at once so far. */
  inFlight?: number;
  mostInFlight?: number;
  /** How long each answer takes. */
  delayMs?: number;
  /** A point at this latitude is unreachable: the engine answers null for it. */
  unreachableLat?: number;
}

function body(req: IncomingMessage): Promise<any> {
  return new Promise((resolveBody) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => resolveBody(text ? JSON.parse(text) : undefined));
  });
}

async function serve(
  behaviour: Behaviour,
  answer: (req: IncomingMessage, url: URL, body: any) => unknown,
): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    behaviour.requests++;
    behaviour.inFlight = (behaviour.inFlight ?? 0) + 1;
    behaviour.mostInFlight = Math.max(behaviour.mostInFlight ?? 0, behaviour.inFlight);
    const payload = await body(req);
    const failure = behaviour.failures.shift();
    if (failure === 0) return; // hang
    if (behaviour.delayMs) await new Promise((r) => setTimeout(r, behaviour.delayMs));
    if (failure !== undefined) {
      res.writeHead(failure, behaviour.retryAfter ? { 'retry-after': behaviour.retryAfter } : {});
      res.end('{"message":"try later"}');
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer(req, new URL(req.url!, 'http://x'), payload)));
    }
    behaviour.inFlight--;
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const points: LatLon[] = Array.from({ length: 7 }, (_, i) => ({ lat: 43.72 + i * 0.004, lon: 7.41 + ((i * 37) % 11) * 0.003 }));

const osrm = (b: Behaviour) =>
  serve(b, (_req, url) => {
    const coords = url.pathname
      .split('/')
      .pop()!
      .split(';')
      .map((c) => c.split(',').map(Number))
      .map(([lon, lat]) => ({ lat: lat!, lon: lon! }));
    if (url.pathname.startsWith('/table')) {
      const sources = url.searchParams.get('sources')!.split(';').map(Number);
      const targets = url.searchParams.get('destinations')!.split(';').map(Number);
      const cell = (s: number, t: number, f: 'distance' | 'duration') =>
        coords[s]!.lat === b.unreachableLat || coords[t]!.lat === b.unreachableLat ? null : leg(coords[s]!, coords[t]!)[f];
      return {
        code: 'Ok',
        distances: sources.map((s) => targets.map((t) => cell(s, t, 'distance'))),
        durations: sources.map((s) => targets.map((t) => cell(s, t, 'duration'))),
      };
    }
    const legs = coords.slice(1).map((c, i) => leg(coords[i]!, c));
    return {
      code: 'Ok',
      routes: [
        {
          distance: legs.reduce((s, l) => s + l.distance, 0),
          duration: legs.reduce((s, l) => s + l.duration, 0),
          legs,
          geometry: { coordinates: coords.map((c) => [c.lon, c.lat]) },
        },
      ],
    };
  });

const valhalla = (b: Behaviour) =>
  serve(b, (_req, url, payload) => {
    if (url.pathname === '/sources_to_targets') {
      return {
        sources_to_targets: payload.sources.map((s: LatLon) =>
          payload.targets.map((t: LatLon) => ({ distance: leg(s, t).distance / 1000, time: leg(s, t).duration })),
        ),
      };
    }
    const locs: LatLon[] = payload.locations;
    const legs = locs.slice(1).map((c, i) => ({
      summary: { length: leg(locs[i]!, c).distance / 1000, time: leg(locs[i]!, c).duration },
      shape: encodePolyline([locs[i]!, c], 6),
    }));
    return {
      trip: {
        legs,
        summary: { length: legs.reduce((s, l) => s + l.summary.length, 0), time: legs.reduce((s, l) => s + l.summary.time, 0) },
      },
    };
  });

const graphhopper = (b: Behaviour) =>
  serve(b, (_req, url, payload) => {
    const toLatLon = ([lon, lat]: [number, number]) => ({ lat, lon });
    if (url.pathname === '/matrix') {
      const from = payload.from_points.map(toLatLon);
      const to = payload.to_points.map(toLatLon);
      return {
        distances: from.map((s: LatLon) => to.map((t: LatLon) => leg(s, t).distance)),
        times: from.map((s: LatLon) => to.map((t: LatLon) => leg(s, t).duration)),
      };
    }
    const [a, c] = payload.points.map(toLatLon);
    return { paths: [{ distance: leg(a, c).distance, time: leg(a, c).duration * 1000, points: { coordinates: payload.points } }] };
  });

const engines: [string, (b: Behaviour) => Promise<{ server: Server; url: string }>, (url: string) => PathProvider][] = [
  ['OSRM', osrm, (url) => createOsrmProvider(url, fast, { blockSize: 3, inFlight: 2 })],
  ['Valhalla', valhalla, (url) => createValhallaProvider(url, fast, { blockSize: 3, inFlight: 2 })],
  ['GraphHopper', graphhopper, (url) => createGraphHopperProvider(url, fast, { blockSize: 3, inFlight: 2 })],
];

describe.each(engines)('%s provider', (_name, start, provider) => {
  test('matrix in blocks and path with legs translate the wire format exactly', async () => {
    const behaviour: Behaviour = { failures: [], requests: 0, delayMs: 20 };
    const { server, url } = await start(behaviour);
    try {
      const matrix = await provider(url).matrix(points, { drivingSpeedPercentage: 50 });
      expect(behaviour.requests).toBe(9); // 7 points in blocks of 3: 3 × 3 requests
      expect(behaviour.mostInFlight).toBe(2);
      expect(matrix.distances).toBeInstanceOf(Float64Array);
      for (let i = 0; i < points.length; i++) {
        for (let j = 0; j < points.length; j++) {
          if (i === j) continue;
          expect(matrix.distances[i * 7 + j]).toBeCloseTo(leg(points[i]!, points[j]!).distance, 3);
          expect(matrix.durations[i * 7 + j]).toBeCloseTo(leg(points[i]!, points[j]!).duration * 2, 3);
        }
      }
      expect(matrix.fallback).toBeUndefined();
      const path = await provider(url).path(points.slice(0, 3));
      expect(path.legs).toHaveLength(2);
      expect(path.distance).toBeCloseTo(leg(points[0]!, points[1]!).distance + leg(points[1]!, points[2]!).distance, 3);
      expect(path.geometry[0]!.lat).toBeCloseTo(points[0]!.lat, 5);
      expect(path.geometry[path.geometry.length - 1]!.lon).toBeCloseTo(points[2]!.lon, 5);
    } finally {
      server.close();
    }
  });

  test('transient failures (503, 429 with Retry-After, a hang) are retried; the attempts are bounded', async () => {
    const behaviour: Behaviour = { failures: [503, 429, 0], retryAfter: '0', requests: 0 };
    const { server, url } = await start(behaviour);
    try {
      await expect(provider(url).path(points.slice(0, 2))).rejects.toThrow();
      expect(behaviour.requests).toBe(3);
      behaviour.failures = [503, 429];
      behaviour.requests = 0;
      const path = await provider(url).path(points.slice(0, 2));
      expect(path.distance).toBeGreaterThan(0);
      expect(behaviour.requests).toBe(3);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  test('a client error is final: no retry', async () => {
    const behaviour: Behaviour = { failures: [400], requests: 0 };
    const { server, url } = await start(behaviour);
    try {
      await expect(provider(url).path(points.slice(0, 2))).rejects.toThrow(/400/);
      expect(behaviour.requests).toBe(1);
    } finally {
      server.close();
    }
  });
});

test('pairs an engine cannot route become straight-line estimates, flagged', async () => {
  const behaviour: Behaviour = { failures: [], requests: 0, unreachableLat: points[2]!.lat };
  const { server, url } = await osrm(behaviour);
  try {
    const matrix = await createOsrmProvider(url, fast, { blockSize: 50, inFlight: 4 }).matrix(points);
    expect(matrix.fallback![2 * 7 + 3]).toBe(1);
    expect(matrix.fallback![0 * 7 + 1]).toBe(0);
    expect(matrix.distances[2 * 7 + 3]).toBeCloseTo(leg(points[2]!, points[3]!).distance, 6);
  } finally {
    server.close();
  }
});

test('a matrix of thousands of places is asked a few blocks at a time and kept in single precision', async () => {
  const behaviour: Behaviour = { failures: [], requests: 0, delayMs: 2 };
  const { server, url } = await osrm(behaviour);
  try {
    const many = Array.from({ length: SINGLE_PRECISION_POINTS }, (_, i) => ({
      lat: 48 + (i % 61) * 0.003,
      lon: 2 + Math.floor(i / 61) * 0.002,
    }));
    const matrix = await createOsrmProvider(url, patient, { blockSize: 150, inFlight: 3 }).matrix(many);
    expect(behaviour.requests).toBe(400);
    expect(behaviour.mostInFlight).toBe(3);
    expect(matrix.distances).toBeInstanceOf(Float32Array);
    expect(matrix.fallback).toBeUndefined();
    for (let k = 0; k < 2000; k++) {
      const [i, j] = [(k * 7919) % many.length, (k * 104729 + 1) % many.length];
      const expected = i === j ? { distance: 0, duration: 0 } : leg(many[i]!, many[j]!);
      expect([matrix.distances[i * many.length + j], matrix.durations[i * many.length + j]]).toEqual([
        Math.fround(expected.distance),
        Math.fround(expected.duration),
      ]);
    }
  } finally {
    server.close();
  }
});

test('a block the engine refuses fails the matrix, and no further block is asked', async () => {
  const behaviour: Behaviour = { failures: [400], requests: 0, delayMs: 5 };
  const { server, url } = await osrm(behaviour);
  try {
    await expect(createOsrmProvider(url, patient, { blockSize: 1, inFlight: 3 }).matrix(points)).rejects.toThrow(/400/);
    await new Promise((r) => setTimeout(r, 50));
    expect(behaviour.requests).toBe(3); // 49 blocks: the refused one and the two already asked beside it
  } finally {
    server.close();
  }
});
