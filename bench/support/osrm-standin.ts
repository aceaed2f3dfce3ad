import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { straightLineLeg } from '../../geo/straight-line.js';
import type { LatLon } from '../../geo/travel.js';

// A stand-in for an OSRM server, which cannot be installed here: `/table` and `/route` of the v1
// HTTP API answered with straight-line figures rounded to 0.1 m and 0.1 s as OSRM rounds them,
// each after a delay (a server on the same network), from a process of its own so that its work
// is not the client's. It measures what asking an engine costs wayplan, not an engine's speed.

const tenths = (value: number): number => Math.round(value * 10) / 10;

function coordinatesOf(path: string): LatLon[] {
  return path
    .split('/')
    .pop()!
    .split(';')
    .map((pair) => pair.split(',').map(Number))
    .map(([lon, lat]) => ({ lat: lat!, lon: lon! }));
}

function answer(url: URL): unknown {
  const points = coordinatesOf(url.pathname);
  if (url.pathname.startsWith('/table/')) {
    const indices = (name: string): number[] => url.searchParams.get(name)?.split(';').map(Number) ?? points.map((_, i) => i);
    const targets = indices('destinations');
    const rows = indices('sources').map((s) => targets.map((t) => straightLineLeg(points[s]!, points[t]!)));
    return {
      code: 'Ok',
      distances: rows.map((row) => row.map((leg) => tenths(leg.distance))),
      durations: rows.map((row) => row.map((leg) => tenths(leg.duration))),
    };
  }
  const legs = points.slice(1).map((point, i) => straightLineLeg(points[i]!, point));
  return {
    code: 'Ok',
    routes: [
      {
        distance: tenths(legs.reduce((sum, leg) => sum + leg.distance, 0)),
        duration: tenths(legs.reduce((sum, leg) => sum + leg.duration, 0)),
        legs: legs.map((leg) => ({ distance: tenths(leg.distance), duration: tenths(leg.duration) })),
        geometry: { coordinates: points.map((point) => [point.lon, point.lat]) },
      },
    ],
  };
}

/** Serves on `port` (0: any free one) and prints `listening <port>` once it does. */
function serve(port: number, delayMs: number): void {
  const server = createServer((req, res) => {
    const body = JSON.stringify(answer(new URL(req.url ?? '/', 'http://standin')));
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    }, delayMs);
  });
  server.listen(port, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
}

/** Starts the stand-in in a child process: its base URL, and a way to stop it. */
export function startOsrmStandin(delayMs: number): Promise<{ url: string; stop(): void }> {
  // The IPC channel closes when this process ends however it ends: the stand-in then ends too.
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), String(delayMs)], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  child.unref();
  child.channel?.unref();
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the OSRM stand-in exited with ${code}`)));
    child.stdout!.once('data', (line: Buffer) => {
      const port = /listening (\d+)/.exec(line.toString())?.[1];
      if (port === undefined) reject(new Error(`the OSRM stand-in said ${line.toString()}`));
      else resolve({ url: `http://127.0.0.1:${port}`, stop: () => child.kill() });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.on('disconnect', () => process.exit(0));
  serve(0, Number(process.argv[2] ?? 0));
}
