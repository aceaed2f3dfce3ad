import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the stand-in server does with one request. */
export type UpstreamAction =
  | { kind: 'ok'; delayMs?: number }
  | { kind: 'status'; status: number; retryAfter?: string }
  | { kind: 'hang' }
  | { kind: 'drop' }
  | { kind: 'garbage' };

export interface UpstreamRequest {
  /** The query text (`q`, Nominatim; `text`, Pelias) or `lat,lon` for reverse. */
  key: string;
  /** 1 for the first request with this key. */
  attempt: number;
}

/** The coordinates the fake answers for a query: derived from its text, so tests can check them. */
export function fakeLocation(key: string): { lat: number; lon: number } {
  const digest = createHash('sha256').update(key).digest();
  return { lat: 43.7 + digest.readUInt16BE(0) / 65535 / 10, lon: 7.4 + digest.readUInt16BE(2) / 65535 / 10 };
}

/**
 * A small Nominatim- and Pelias-compatible HTTP server that stands in for the upstream geocoder
 * in tests: `behaviour` decides per request whether it answers, fails, hangs or drops the line.
 */
export class FakeUpstream {
  behaviour: (request: UpstreamRequest) => UpstreamAction = () => ({ kind: 'ok' });
  readonly requests = new Map<string, number>();
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolveListen) => this.server!.listen(0, '127.0.0.1', resolveListen));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  get totalRequests(): number {
    let total = 0;
    for (const n of this.requests.values()) total += n;
    return total;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    const reverse = url.pathname.endsWith('/reverse');
    const key = reverse
      ? `${url.searchParams.get('lat') ?? url.searchParams.get('point.lat')},${url.searchParams.get('lon') ?? url.searchParams.get('point.lon')}`
      : (url.searchParams.get('q') ?? url.searchParams.get('text') ?? '');
    const attempt = (this.requests.get(key) ?? 0) + 1;
    this.requests.set(key, attempt);
    const action = this.behaviour({ key, attempt });
    switch (action.kind) {
      case 'hang':
        return;
      case 'drop':
        req.socket.destroy();
        return;
      case 'garbage':
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"not json');
        return;
      case 'status':
        res
          .writeHead(action.status, {
            'content-type': 'application/json',
            ...(action.retryAfter ? { 'retry-after': action.retryAfter } : {}),
          })
          .end('{"error":"fake"}');
        return;
      case 'ok':
        if (action.delayMs) setTimeout(() => this.answer(url, key, reverse, res), action.delayMs);
        else this.answer(url, key, reverse, res);
        return;
    }
  }

  /** A found address (or place, for reverse) in the dialect the request's path asks for. */
  private answer(url: URL, key: string, reverse: boolean, res: ServerResponse): void {
    const location = fakeLocation(key);
    const pelias = url.pathname.startsWith('/v1/');
    const body = pelias
      ? {
          type: 'FeatureCollection',
          features: [
            {
              geometry: { type: 'Point', coordinates: [location.lon, location.lat] },
              properties: { label: `Pelias ${key}`, confidence: 0.9, country_code: 'MC' },
            },
          ],
        }
      : reverse
        ? {
            lat: String(location.lat),
            lon: String(location.lon),
            display_name: `Nominatim ${key}`,
            importance: 0.5,
            place_rank: 30,
            address: { country_code: 'mc' },
          }
        : [
            {
              lat: String(location.lat),
              lon: String(location.lon),
              display_name: `Nominatim ${key}`,
              importance: 0.8,
              place_rank: 30,
              address: { country_code: 'mc' },
            },
          ];
    // The client may have given up meanwhile (a delayed answer).
    if (!res.destroyed) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolveClose) => (this.server ? this.server.close(() => resolveClose()) : resolveClose()));
  }
}
