import { straightLineProvider } from '../../geo/straight-line.js';
import type { TravelProvider } from '../../geo/travel.js';

/** What a counting provider was asked; set a count to 0 to count afresh. */
export interface TravelAsked {
  matrixCells: number;
  /** Legs asked one at a time. */
  singleLegs: number;
  /** Legs asked a row at a time. */
  rowLegs: number;
}

/**
 * The straight-line provider, counting what it is asked, for tests that bound the travel work of
 * the code they drive. Its answers are the straight-line provider's own.
 */
export function countingStraightLine(): { provider: TravelProvider; asked: TravelAsked } {
  const asked: TravelAsked = { matrixCells: 0, singleLegs: 0, rowLegs: 0 };
  const provider: TravelProvider = {
    ...straightLineProvider,
    matrix: (points, options) => {
      asked.matrixCells += points.length ** 2;
      return straightLineProvider.matrix(points, options);
    },
    leg: (from, to, options) => {
      asked.singleLegs++;
      return straightLineProvider.leg!(from, to, options);
    },
    legRows: (points, options) => {
      const rows = straightLineProvider.legRows!(points, options);
      return (from, to, distances, durations) => {
        asked.rowLegs += to.length;
        rows(from, to, distances, durations);
      };
    },
  };
  return { provider, asked };
}
