import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBestKnown } from '../../../bench/solver/best-known.js';

describe('loadBestKnown', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'wayplan-bks-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const write = (file: string, header: string, rows: string[]): void => writeFileSync(join(folder, file), [header, ...rows, ''].join('\n'));

  it('takes for Solomon the cheapest plan known to exist in double precision', () => {
    write('bks_distance_only.csv', 'instance,vehicles,distance,source', [
      'A1,10,100.5,published',
      'B1,11,249.86,published without routes',
      'C1,8,300.2,published',
      'D1,5,400.0,published',
    ]);
    write('bks_distance_only_dimacs.csv', 'instance,vehicles,distance,source', [
      'A1,10,99.9,x',
      'B1,11,258.0,x',
      'C1,8,299.0,x',
      'D1,5,398.1,x',
    ]);
    write('cvrplib_sol_eval_double.csv', 'instance,vehicles,distance,feasible_double_precision,source', [
      'A1,10,101.0,yes,"re-evaluated, dearer"',
      'B1,11,261.67,yes,"re-evaluated"',
      'C1,9,299.5,yes,"re-evaluated, cheaper"',
      'D1,5,399.0,no,"cheaper but late somewhere in double precision"',
    ]);
    const table = loadBestKnown(folder, 'solomon');
    expect(table.get('a1')).toEqual({ distance: 100.5, vehicles: 10, reference: 'distance-only' });
    // Below the optimum under truncated distances: no feasible plan has it.
    expect(table.get('b1')).toEqual({ distance: 261.67, vehicles: 11, reference: 'distance-only' });
    expect(table.get('c1')).toEqual({ distance: 299.5, vehicles: 9, reference: 'distance-only' });
    expect(table.get('d1')).toEqual({ distance: 400, vehicles: 5, reference: 'distance-only' });
  });

  it('reads the other families from bks.csv with their own convention', () => {
    write('bks.csv', 'instance,vehicles,distance,source', ['c1_4_2,40,7686.38,sintef']);
    expect(loadBestKnown(folder, 'homberger').get('c1_4_2')).toEqual({ distance: 7686.38, vehicles: 40, reference: 'hierarchical' });
    expect(loadBestKnown(folder, 'cvrp').get('c1_4_2')).toEqual({ distance: 7686.38, vehicles: 40, reference: 'cvrplib' });
    expect(loadBestKnown(join(folder, 'absent'), 'cvrp').size).toBe(0);
  });
});
