import { straightLineProvider } from '../../../geo/straight-line.js';
import { runOperation } from '../../../engine/operations/index.js';
import { takeSearchRuns } from '../../../engine/planning/search-tally.js';

const dates = ['2024-03-04', '2024-03-05', '2024-03-06'];

function request(): Record<string, unknown> {
  return {
    jobs: Array.from({ length: 30 }, (_, i) => ({
      id: `j${i}`,
      location: `${(47.6 + (i % 7) * 0.004).toFixed(4)}, ${(-122.3 - (i % 5) * 0.004).toFixed(4)}`,
      time_on_site: '00:05',
      allowed_dates: [dates[i % 3]],
    })),
    routes: dates.map((date, d) => ({ id: `r${d}`, location: '47.6, -122.3', start_time: '08:00', date })),
  };
}

describe('search tally', () => {
  test('a build records its core search: the iterations it ran, and a last improvement after its start and before the answer', async () => {
    takeSearchRuns();
    const before = Date.now();
    await runOperation('build', request(), {}, straightLineProvider, () => undefined, { maxIterations: 40 });
    const after = Date.now();
    const runs = takeSearchRuns();
    // 30 jobs are searched over all dates at once (a split by date starts at thousands).
    expect(runs.map((run) => run.iterations)).toEqual([40]);
    const [run] = runs;
    expect(run!.startedAt).toBeGreaterThanOrEqual(before);
    expect(run!.timeToBestMs).toBeGreaterThanOrEqual(0);
    expect(run!.startedAt + run!.timeToBestMs).toBeLessThanOrEqual(after);
    expect(takeSearchRuns()).toEqual([]);
  });
});
