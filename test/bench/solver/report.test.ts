import { stallFigures, summarize, type RunRow } from '../../../bench/solver/report.js';

const row = (instance: string, gapPercent: number | null, timeToBestS: number, feasible = true): RunRow => ({
  solver: 'wayplan',
  instance,
  family: 'solomon',
  instanceClass: instance.replace(/\d{2}$/, ''),
  cost: 100,
  vehicles: 10,
  feasible,
  bestKnown: 100,
  reference: 'distance-only',
  gapPercent,
  timeToBestS,
  elapsedS: 10,
});

describe('stallFigures', () => {
  it('counts the runs that end above the reference and those whose best came early', () => {
    const figures = stallFigures([
      row('C101', 0, 0.2),
      row('R101', 0.05, 0.5),
      row('R201', 0.4, 1.2),
      row('RC201', 1.1, 8.0),
      row('RC101', 3, 0.1, false),
    ]);
    expect(figures).toEqual({ above: 2, toBestS: 4.6, stalled: 1 });
  });

  it('has no time to best when every run reached the reference', () => {
    expect(stallFigures([row('C101', 0, 0.2), row('C102', -0.01, 0.3)])).toEqual({ above: 0, toBestS: null, stalled: 0 });
  });
});

describe('summarize', () => {
  it('gives each family its stall figures after the averages', () => {
    const lines = summarize([row('C101', 0, 0.2), row('R201', 0.4, 1.2), row('RC201', 1.1, 8.0)]);
    expect(lines.at(-1)).toMatch(
      /avg to-best +3\.1s .*\(vs distance-only best-known\) {2}above reference 2, avg to-best 4\.6s, stalled 1$/,
    );
  });
});
