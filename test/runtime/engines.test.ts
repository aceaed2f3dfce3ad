import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { repoRoot } from '../../runtime/paths.js';

interface Lock {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
}

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as Lock;

/** The locked packages whose `engines.node` does not accept `version` (what npm warns EBADENGINE about). */
function refusing(version: string): string[] {
  return Object.entries(lock.packages)
    .filter(
      ([path, entry]) =>
        path !== '' && !Array.isArray(entry.engines) && entry.engines?.node && !semver.satisfies(version, entry.engines.node),
    )
    .map(([path, entry]) => `${path} wants ${(entry.engines as { node: string }).node}`);
}

describe('supported Node versions', () => {
  // The lowest version of each line our `engines` admits, and the Node running the tests.
  const lowest = manifest.engines.node.split('||').map((range) => semver.minVersion(range.trim())!.version);

  test.each([...lowest, process.versions.node])('every locked dependency accepts Node %s', (version) => {
    expect(semver.satisfies(version, manifest.engines.node)).toBe(true);
    expect(refusing(version)).toEqual([]);
  });
});
