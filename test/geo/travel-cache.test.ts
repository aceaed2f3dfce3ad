import { MessageChannel } from 'node:worker_threads';
import { RemoteMatrixStore, serveMatrixCache } from '../../geo/travel-cache/cache-port.js';
import { withMatrixCache } from '../../geo/travel-cache/cached-provider.js';
import { MatrixCache, matrixBytes } from '../../geo/travel-cache/matrix-cache.js';
import { straightLineProvider } from '../../geo/straight-line.js';
import type { TravelMatrix, TravelPoint } from '../../geo/travel.js';

const points: TravelPoint[] = [
  { lat: 43.73946, lon: 7.42797 },
  { lat: 43.73455, lon: 7.42254 },
  { lat: 43.73135, lon: 7.42012 },
  { lat: 43.7411, lon: 7.4301, locationType: 'on_street' },
];

function matrixOf(size: number): TravelMatrix {
  return { size, distances: new Float64Array(size * size).fill(1), durations: new Float64Array(size * size).fill(2) };
}

describe('travel matrix cache', () => {
  it('keeps the most recently used matrices within its byte budget', () => {
    const entryBytes = matrixBytes(matrixOf(10)) + 2 * 'a'.length;
    const cache = new MatrixCache(2 * entryBytes);
    cache.set('a', matrixOf(10));
    cache.set('b', matrixOf(10));
    expect(cache.lookup('a')).toBeDefined();
    cache.set('c', matrixOf(10));
    expect(cache.lookup('b')).toBeUndefined();
    expect(cache.lookup('a')).toBeDefined();
    expect(cache.lookup('c')).toBeDefined();
    cache.set('huge', matrixOf(100));
    expect(cache.lookup('huge')).toBeUndefined();
    expect(cache.stats()).toEqual({ hits: 3, misses: 2, entries: 2, bytes: 2 * entryBytes });
  });

  it('answers an identical request, in any point order, from the cache across a message port', async () => {
    const cache = new MatrixCache(1024 * 1024);
    const channel = new MessageChannel();
    serveMatrixCache(cache, channel.port1);
    const store = new RemoteMatrixStore(channel.port2);
    const provider = withMatrixCache(straightLineProvider, store, 'straight_line');

    const first = await provider.matrix(points, { vehicleType: 'truck' });
    const reordered = [points[2]!, points[0]!, points[3]!, points[1]!];
    const again = await provider.matrix(reordered, { vehicleType: 'truck' });
    const direct = await straightLineProvider.matrix(reordered, { vehicleType: 'truck' });
    expect(Array.from(again.distances)).toEqual(Array.from(direct.distances));
    expect(Array.from(again.durations)).toEqual(Array.from(direct.durations));
    expect(first.distances).not.toBe(again.distances);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });

    // Another travel class, another point set or another source is another entry.
    await provider.matrix(points, { vehicleType: 'truck', allowFerries: false });
    await provider.matrix(points.slice(1), { vehicleType: 'truck' });
    await withMatrixCache(straightLineProvider, store, 'osrm|http://elsewhere').matrix(points, { vehicleType: 'truck' });
    await store.close();
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 4, entries: 4 });
    channel.port1.close();
  });

  it('does not offer a store a matrix larger than it keeps (the canonical copy alone would be another matrix)', async () => {
    const offered: string[] = [];
    const small = new MatrixCache(matrixBytes(matrixOf(points.length)) - 1);
    const store = { maxBytes: small.maxBytes, get: (key: string) => small.get(key), set: (key: string) => offered.push(key) };
    const provider = withMatrixCache(straightLineProvider, store, 'straight_line');
    await provider.matrix(points);
    await provider.matrix(points.slice(1));
    expect(offered).toHaveLength(1);
  });
});
