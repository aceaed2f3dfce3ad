// Brings a checkout to a runnable state, doing only what changed since last time:
// installs npm dependencies when package-lock.json changed, compiles TypeScript incrementally,
// and removes compiled files whose source is gone (a stale compiled test would still run).
// Plain Node with no dependencies, because it runs before node_modules exists.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const quiet = process.argv.includes('--quiet');

function log(message) {
  if (!quiet) process.stderr.write(`[prepare] ${message}\n`);
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`[prepare] ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(result.status ?? 1);
  }
}

function ensureDependencies() {
  const lockFile = join(root, 'package-lock.json');
  const stampFile = join(root, 'node_modules', '.wayplan-installed');
  const lockHash = createHash('sha256')
    .update(readFileSync(join(root, 'package.json')))
    .update(existsSync(lockFile) ? readFileSync(lockFile) : '')
    .digest('hex');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === lockHash) return;
  log('installing npm dependencies');
  // `npm install` rather than `npm ci`: it follows the lock file just the same, and npm 11's `ci`
  // rejects a lock file that leaves out other platforms' optional binaries.
  run('npm', ['install', '--no-audit', '--no-fund']);
  writeFileSync(stampFile, lockHash);
}

const sourceFolders = [
  'api',
  'cards',
  'model',
  'engine',
  'geo',
  'store',
  'platform',
  'runtime',
  'bench',
  'workflows',
  'activities',
  'worker',
  'cli',
  'test',
];

function removeOrphanedOutputs() {
  const dist = join(root, 'dist');
  for (const folder of sourceFolders) {
    const out = join(dist, folder);
    if (!existsSync(out)) continue;
    const walk = (dir) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) {
          walk(path);
          continue;
        }
        const source = join(root, relative(dist, path)).replace(/\.js(\.map)?$|\.d\.ts(\.map)?$/, '.ts');
        if (source.endsWith('.ts') && !existsSync(source)) rmSync(path);
      }
    };
    walk(out);
  }
}

/**
 * The newest modification time of the files `include` accepts under `folders`, and a fingerprint
 * of their paths. Times alone miss a checkout that only deletes files (of an older commit, say):
 * nothing left is newer than the last build, yet the outputs of the deleted sources must go.
 */
function sourceState(folders, include) {
  let newest = 0;
  const paths = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (include(entry.name)) {
        newest = Math.max(newest, statSync(path).mtimeMs);
        paths.push(relative(root, path));
      }
    }
  };
  for (const folder of folders) if (existsSync(join(root, folder))) walk(join(root, folder));
  const fingerprint = createHash('sha256').update(paths.sort().join('\n')).digest('hex');
  return { newest, fingerprint };
}

/** Whether `stamp`, written by the last successful build, is at least as new as the sources and lists the same files. */
function upToDate(stamp, state) {
  return existsSync(stamp) && statSync(stamp).mtimeMs >= state.newest && readFileSync(stamp, 'utf8') === state.fingerprint;
}

/** Marks a successful build of `state`, dated at its start so a source saved during the build is newer and triggers the next one. */
function writeStamp(stamp, state, started) {
  writeFileSync(stamp, state.fingerprint);
  utimesSync(stamp, started, started);
}

/** tsc needs seconds even when nothing changed, so skip it when no source is newer than the last build and none is gone. */
function compile() {
  // Written only after a successful build: tsc writes its build info even when it fails.
  const stamp = join(root, 'dist', '.compiled');
  const sources = sourceState(sourceFolders, (name) => name.endsWith('.ts'));
  const state = { ...sources, newest: Math.max(sources.newest, statSync(join(root, 'tsconfig.json')).mtimeMs) };
  if (upToDate(stamp, state)) return;
  log('compiling TypeScript');
  const started = Date.now() / 1000;
  removeOrphanedOutputs();
  run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json']);
  writeStamp(stamp, state, started);
}

/** The web planner (app/): type-checked and bundled by Vite into dist/app when its sources or the dependencies changed. */
function buildApp() {
  const stamp = join(root, 'dist', 'app', '.built');
  const sources = sourceState(['app'], () => true);
  const state = { ...sources, newest: Math.max(sources.newest, statSync(join(root, 'package-lock.json')).mtimeMs) };
  if (upToDate(stamp, state)) return;
  log('building the web planner');
  const started = Date.now() / 1000;
  run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join('app', 'tsconfig.json')]);
  run(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', join('app', 'vite.config.mjs')]);
  writeStamp(stamp, state, started);
}

ensureDependencies();
compile();
buildApp();
