import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BestKnown } from '../../../bench/solver/best-known.js';
import { keepFoundPlan, readFoundPlan, referenceWithFoundPlan } from '../../../bench/solver/found-plans.js';
import type { BenchInstance } from '../../../bench/solver/instance-files.js';

/**
 * A depot at the origin and three customers on a line at 3, 4 and 10, whose windows are wide open
 * except customer 3's, which closes at 11: one route 1-2-3 costs 20 (3 reached at 10), and 3-1-2
 * costs 10 + 7 + 1 + 4 = 22.
 */
const instance: BenchInstance = {
  name: 'T1',
  family: 'solomon',
  x: [0, 3, 4, 10],
  y: [0, 0, 0, 0],
  demand: [0, 1, 1, 1],
  ready: [0, 0, 0, 0],
  due: [100, 100, 100, 11],
  service: [0, 0, 0, 0],
  capacity: 10,
  vehicles: 3,
  depot: 0,
  rounding: 'double',
};
const published: BestKnown = { distance: 22, vehicles: 1, reference: 'distance-only' };

describe('found plans', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'wayplan-found-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('keeps a checked plan cheaper than the reference, and scores later runs against it', () => {
    expect(keepFoundPlan(folder, instance, [[1, 2, 3]], published, 'wayplan, seed 3')).toBe(true);
    const found = readFoundPlan(folder, instance);
    expect(found).toEqual({ cost: 20, vehicles: 1, foundBy: 'wayplan, seed 3' });
    expect(referenceWithFoundPlan(published, found)).toEqual({ distance: 20, vehicles: 1, reference: 'distance-only' });
  });

  it('keeps nothing that is not cheaper, fails the check, or beats a hierarchical reference', () => {
    expect(keepFoundPlan(folder, instance, [[3, 1, 2]], published, 'as dear')).toBe(false);
    expect(keepFoundPlan(folder, instance, [[1, 2, 3], [3]], published, 'twice')).toBe(false);
    const hierarchical: BestKnown = { ...published, reference: 'hierarchical' };
    expect(keepFoundPlan(folder, instance, [[1, 2, 3]], hierarchical, 'shorter')).toBe(false);
    expect(readFoundPlan(folder, instance)).toBeUndefined();
    expect(referenceWithFoundPlan(hierarchical, { cost: 20, vehicles: 1, foundBy: 'x' })).toBe(hierarchical);
    expect(referenceWithFoundPlan(published, { cost: 21.999, vehicles: 1, foundBy: 'x' })).toBe(published);
  });

  it('ignores a kept plan that no longer passes the check', () => {
    expect(keepFoundPlan(folder, instance, [[1, 2, 3]], published, 'wayplan')).toBe(true);
    const path = join(folder, 'solomon', 'T1.sol');
    expect(readFileSync(path, 'utf8')).toMatch(/^Found by wayplan\nRoute #1: 1 2 3\nCost 20.00\n$/);
    // 1-3-2 reaches 3 at 10 and costs 3 + 7 + 6 + 4; 2-1-3 reaches 3 at 12, after its window.
    writeFileSync(path, 'Found by hand\nRoute #1: 1 3 2\n');
    expect(readFoundPlan(folder, instance)).toEqual({ cost: 20, vehicles: 1, foundBy: 'hand' });
    writeFileSync(path, 'Found by hand\nRoute #1: 2 1 3\n');
    expect(readFoundPlan(folder, instance)).toBeUndefined();
  });
});
