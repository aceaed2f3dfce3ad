import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../runtime/paths.js';

// scripts/prepare.mjs on a checkout of its own: one test source, TypeScript from this repository,
// dependencies marked as installed and the web planner as built, so that only compiling is left.
describe('prepare after a checkout that only deletes a source', () => {
  let root: string;
  const prepare = (): string => {
    const run = spawnSync(process.execPath, [join(root, 'scripts', 'prepare.mjs')], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(0);
    return run.stderr;
  };
  const compiledTests = (): string[] => readdirSync(join(root, 'dist', 'test')).sort();
  const sha256 = (...parts: (string | Buffer)[]): string =>
    parts.reduce((hash, part) => hash.update(part), createHash('sha256')).digest('hex');

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'wayplan-prepare-'));
    for (const folder of ['scripts', 'test', 'app', 'node_modules', join('dist', 'app')])
      mkdirSync(join(root, folder), { recursive: true });
    copyFileSync(join(repoRoot, 'scripts', 'prepare.mjs'), join(root, 'scripts', 'prepare.mjs'));
    symlinkSync(join(repoRoot, 'node_modules', 'typescript'), join(root, 'node_modules', 'typescript'));
    writeFileSync(join(root, 'package.json'), '{"name":"fixture","private":true}');
    writeFileSync(join(root, 'package-lock.json'), '{}');
    writeFileSync(
      join(root, 'node_modules', '.wayplan-installed'),
      sha256(readFileSync(join(root, 'package.json')), readFileSync(join(root, 'package-lock.json'))),
    );
    writeFileSync(join(root, 'app', 'index.html'), '<!doctype html>');
    writeFileSync(join(root, 'dist', 'app', '.built'), sha256('app/index.html'));
    writeFileSync(
      join(root, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { outDir: 'dist', rootDir: '.', module: 'nodenext', target: 'es2022', incremental: true },
        include: ['test/**/*.ts'],
      }),
    );
    writeFileSync(join(root, 'test', 'kept.ts'), 'export const kept = 1;\n');
    writeFileSync(join(root, 'test', 'dropped.ts'), 'export const dropped = 2;\n');
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('compiles once, then skips while nothing changes', () => {
    expect(prepare()).toContain('compiling TypeScript');
    expect(compiledTests()).toEqual(['dropped.js', 'kept.js']);
    expect(prepare()).toBe('');
  });

  it('removes the output of the deleted source although every remaining source is older than the last build', () => {
    rmSync(join(root, 'test', 'dropped.ts'));
    expect(prepare()).toContain('compiling TypeScript');
    expect(compiledTests()).toEqual(['kept.js']);
    expect(prepare()).toBe('');
  });
});
