import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface InstanceFile {
  path: string;
  folder: string;
  name: string;
  format: 'solomon' | 'cvrplib';
}

/**
 * Every benchmark instance under `root`, by content: Solomon/G&H text has a VEHICLE block and a
 * CUSTOMER table; CVRPLIB files end in `.vrp`. Li & Lim PDPTW files (a bare numeric header) are
 * skipped because pickup-and-delivery is not supported yet.
 */
export function discoverInstances(root: string): InstanceFile[] {
  const found: InstanceFile[] = [];
  const visit = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.toLowerCase().endsWith('.vrp')) {
        found.push({ path, folder, name: entry.name.replace(/\.vrp$/i, ''), format: 'cvrplib' });
      } else if (entry.name.toLowerCase().endsWith('.txt')) {
        const head = readFileSync(path, 'utf8').slice(0, 400);
        if (/VEHICLE/i.test(head) && /CUST\s+NO/i.test(head)) {
          found.push({ path, folder, name: entry.name.replace(/\.txt$/i, ''), format: 'solomon' });
        }
      }
    }
  };
  visit(root);
  return found;
}

/** `--instances` accepts comma-separated names or globs (`R1*,X-n1??-*`), or else a regular expression. */
export function instanceFilter(pattern: string | undefined): (name: string) => boolean {
  if (!pattern) return () => true;
  if (!/[\\^$()|+{}[\]]/.test(pattern)) {
    const regex = new RegExp(
      `^(${pattern
        .split(',')
        .map((part) => part.replace(/[.]/g, '\\.').replace(/\*/g, '.*').replace(/\?/g, '.'))
        .join('|')})$`,
      'i',
    );
    return (name) => regex.test(name);
  }
  const regex = new RegExp(pattern, 'i');
  return (name) => regex.test(name);
}
