import { travelOptionsKey, type TravelMatrix, type TravelOptions, type TravelPoint, type TravelProvider } from '../geo/travel.js';
import { pointKey } from '../geo/travel-cache/cached-provider.js';
import { MatrixCache } from '../geo/travel-cache/matrix-cache.js';

/** The most one operation thread keeps of the matrices it answered last (a 1,000-stop matrix is about 18 MB). */
const maxRecentBytes = 64 * 1024 * 1024;

/**
 * The matrices an operation thread answered last, in the order their points were asked: a
 * dispatcher who sends the same plan again (evaluate, recommend, insert on one day's routes)
 * gets the very same matrix, without the renumbering copy of the process cache, which is most
 * of a small operation's time at a thousand stops. Operations only read matrices, so one object
 * can serve several of them.
 */
export class RecentMatrices {
  private readonly cache: MatrixCache;

  /** `cacheBytes`: the process cache's size; 0 (the cache turned off) keeps nothing here either. */
  constructor(cacheBytes: number) {
    this.cache = new MatrixCache(Math.min(maxRecentBytes, cacheBytes));
  }

  /** `provider` answering an exact repeat of a recent request from memory. */
  serve<P extends TravelProvider>(provider: P): P {
    return {
      ...provider,
      matrix: async (points: readonly TravelPoint[], options?: TravelOptions): Promise<TravelMatrix> => {
        const key = `${travelOptionsKey(options)}\n${points.map(pointKey).join('\n')}`;
        const recent = this.cache.lookup(key);
        if (recent !== undefined) return recent;
        const matrix = await provider.matrix(points, options);
        this.cache.set(key, matrix);
        return matrix;
      },
    };
  }
}
