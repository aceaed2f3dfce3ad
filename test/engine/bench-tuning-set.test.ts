import { existsSync } from 'node:fs';
import { loadBestKnown } from '../../bench/solver/best-known.js';
import { readInstance } from '../../bench/solver/check.js';
import { discoverInstances } from '../../bench/solver/discover.js';
import { sharedBenchFolder, tuningBenchFolder } from '../support/paths.js';

describe('the tuning instance set', () => {
  const files = discoverInstances(tuningBenchFolder);

  it('holds Gehring & Homberger 400 and 1000 of all six classes and CVRPLIB X above 500 customers, each with a best-known value', () => {
    const names = files.map((file) => file.name).sort();
    expect(names.filter((name) => name.endsWith('_4_1'))).toHaveLength(6);
    expect(names.filter((name) => name.endsWith('_10_1'))).toHaveLength(6);
    const x = names.filter((name) => name.startsWith('X-n'));
    expect(x.length).toBeGreaterThanOrEqual(4);
    for (const file of files) {
      const instance = readInstance(file.path);
      const customers = instance.x.length - 1;
      if (instance.family === 'cvrp') expect(customers).toBeGreaterThan(500);
      else expect([400, 1000]).toContain(customers);
      const bestKnown = loadBestKnown(file.folder, instance.family).get(instance.name.toLowerCase());
      expect(bestKnown?.distance).toBeGreaterThan(0);
    }
  });

  (existsSync(sharedBenchFolder()) ? it : it.skip)('shares no instance with the report set', () => {
    const reported = new Set(discoverInstances(sharedBenchFolder()).map((file) => file.name.toLowerCase()));
    expect(files.filter((file) => reported.has(file.name.toLowerCase()))).toEqual([]);
  });
});
