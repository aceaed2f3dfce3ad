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
    expect(names.filter((name) => /_4_[36]$/.test(name))).toHaveLength(6);
    expect(names.filter((name) => /_10_[36]$/.test(name))).toHaveLength(6);
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

  it('has, beside the tight-window `_1` instances, ones where a quarter to half of the customers may come at any time', () => {
    const openShare = (path: string): number => {
      const instance = readInstance(path);
      const horizon = instance.due[instance.depot]! - instance.ready[instance.depot]!;
      const customers = instance.ready.map((ready, node) => ({ node, width: instance.due[node]! - ready }));
      const others = customers.filter((customer) => customer.node !== instance.depot);
      return others.filter((customer) => customer.width > horizon / 2).length / others.length;
    };
    for (const file of files.filter((candidate) => candidate.name.endsWith('_1'))) expect(openShare(file.path)).toBe(0);
    for (const file of files.filter((candidate) => /_(4|10)_[36]$/.test(candidate.name))) {
      expect(openShare(file.path)).toBeGreaterThanOrEqual(0.25);
      expect(openShare(file.path)).toBeLessThanOrEqual(0.5);
    }
  });

  (existsSync(sharedBenchFolder()) ? it : it.skip)('shares no instance with the report set', () => {
    const reported = new Set(discoverInstances(sharedBenchFolder()).map((file) => file.name.toLowerCase()));
    expect(files.filter((file) => reported.has(file.name.toLowerCase()))).toEqual([]);
  });
});
