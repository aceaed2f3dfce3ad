import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const root = import.meta.dirname;

// The layers and what each may import (README, "Architecture"). Arrows point one way: api →
// (Temporal) → workflows → activities → engine/geo/store/platform → model. An entry is a folder or
// one file; a layer may always import its own folder. Readings where the table is silent:
// - model/ is the floor every layer stands on (the arrows all end there), so it is allowed
//   everywhere without an entry, except in workflows/, whose row allows types of activities only.
//   model/ itself imports nothing of ours.
// - runtime/ (configuration, paths, ids, logging, the embedded services) is process plumbing:
//   the entry points and I/O edges that run a process (api, worker, cli, activities) may use it;
//   libraries (engine, geo, store, platform, cards) get what they need passed in.
// - workflows/contract.ts (workflow names, queries, failure types, queues) is the Temporal
//   contract that the API, the worker, the CLI and activities share with the workflows.
// - The API starts a task's workflow by its function (api → workflows, the arrow's own way), so it
//   may import the three task workflows; it never calls them, and no other workflow.
// - Type-only imports count as imports, with one exception: workflows import activities as types
//   only (proxyActivities), checked by the workflow block below.
// - app/ (the browser planner) is built on its own and imports nothing outside app/.
// cli/, bench/ and test/ may import anything; scripts/ is plain JavaScript run before any build.
const contract = 'workflows/contract.ts';
const registry = 'engine/operations/registry.ts';
const taskWorkflows = ['workflows/operation-task.ts', 'workflows/geocode-task.ts', 'workflows/platform-task.ts'];
const travelInterfaces = ['geo/travel.ts', 'geo/street-positions.ts'];
const layers = {
  api: ['store', 'runtime', contract, ...taskWorkflows, registry],
  workflows: ['activities'], // as types only: the workflow block below
  activities: ['engine', 'geo', 'store', 'platform', 'runtime', contract],
  worker: ['activities', 'store', 'geo', 'platform', 'runtime', contract],
  engine: travelInterfaces,
  geo: [],
  store: [],
  platform: ['store'],
  cards: [registry, ...travelInterfaces],
  // The shapes of the settings it reads from the environment (type-only files of geo/ and platform/).
  runtime: ['geo/travel-settings.ts', 'geo/geocoding/geocoding-config.ts', 'platform/platform-limits.ts'],
  model: [],
  app: [],
};
const withoutModel = new Set(['workflows', 'app']);

// Inside engine/, a stack with no arrow back up: each level may import the levels below it, never
// its own level's other folders nor anything above. calendar/ (recurring schedules) stands beside
// core/ at the bottom; territory/ beside compile/ (both build on the evaluator); consolidate/ uses
// compile/'s route eligibility, so it stands one level above them and below planning/. Files at the
// engine root (progress, operation errors) are shared by every level and import no engine folder.
const engineStack = [['core', 'calendar'], ['evaluate'], ['compile', 'territory'], ['consolidate'], ['planning'], ['operations']];

const abs = (path) => `${root}/${path}`;
// import-x takes exceptions to a glob `from` only as globs: a single file becomes `dir/@(name)`.
const within = (entry) => abs(entry.endsWith('.ts') ? entry.replace(/[^/]+$/, '@($&)') : `${entry}/**`);

/** The import-x zone that keeps `target` (a glob of files) to `allowed` (folders or files). */
function zone(target, allowed, message) {
  return { target: abs(target), from: abs('*/**'), except: [abs('node_modules/**'), ...allowed.map(within)], message };
}

function layerZones(layer, extra) {
  const allowed = [...new Set([layer, ...(withoutModel.has(layer) ? [] : ['model']), ...layers[layer], ...extra])];
  const message = `${layer}/ may import only ${allowed.filter((a) => a !== layer).join(', ') || 'its own folder'}.`;
  return [zone(`${layer}/**`, allowed, message)];
}

/** The zones of an engine folder (`sub`) or root file (`sub` ends in .ts): the engine layer's, plus no arrow up the stack. */
function engineZones(sub, extra) {
  const level = engineStack.findIndex((folders) => folders.includes(sub));
  const zones = layerZones('engine', extra);
  if (level < 0 && !sub.endsWith('.ts')) return zones;
  const below = engineStack
    .slice(0, Math.max(level, 0))
    .flat()
    .map((f) => `engine/${f}`);
  const own = level < 0 ? [] : [`engine/${sub}`];
  const name = level < 0 ? 'the engine root files' : `engine/${sub}/`;
  const message =
    level < 0 ? `${name} import no engine folder.` : `${name} may import only the engine root files${below.map((b) => `, ${b}`).join('')}.`;
  const target = level < 0 ? 'engine/*.ts' : `engine/${sub}/**`;
  return [...zones, { target: abs(target), from: abs('engine/*/**'), except: [...own, ...below, ...extra].map(within), message }];
}

/** The zones that apply to one file (or, with `sub` a folder, to every file of that folder). */
function zonesOf(layer, sub, extra) {
  return layer === 'engine' ? engineZones(sub, extra) : layerZones(layer, extra);
}

const rule = (zones) => ({ 'import-x/no-restricted-paths': ['error', { zones }] });

// Single files that may import more than their layer, for good. workflows/contract.ts names the
// workflows' inputs and outputs, which are model types (erased from the workflow bundle).
const fileReadings = { 'workflows/contract.ts': ['model'] };

/** One config block per layer (and per engine level), and one per file with a reading of its own. */
export function boundaryBlocks() {
  const blocks = Object.keys(layers).map((layer) => ({ files: [`${layer}/**/*.ts`], rules: rule(layerZones(layer, [])) }));
  blocks.push({ files: ['engine/*.ts'], rules: rule(engineZones('*.ts', [])) });
  for (const sub of engineStack.flat()) blocks.push({ files: [`engine/${sub}/**/*.ts`], rules: rule(engineZones(sub, [])) });
  for (const [file, imports] of Object.entries(fileReadings)) {
    const [layer, sub] = file.split('/');
    blocks.push({ files: [file], rules: rule(zonesOf(layer, sub, imports)) });
  }
  return blocks;
}

/** What the import rules need to see real paths: the plugin and TypeScript's module resolution. */
export const importResolution = {
  plugins: { 'import-x': importX },
  settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}/tsconfig.json` })] },
};

export const workflowSandbox = {
  // Workflow code runs in Temporal's deterministic sandbox: no I/O, no Node built-ins, no value
  // imports of activities.
  files: ['workflows/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: nodeBuiltins.map((name) => ({ name, message: 'Workflow code must not use Node built-ins.' })),
        patterns: [
          {
            group: ['**/activities/**', '../activities/*'],
            allowTypeImports: true,
            message: 'Import activities as types only (proxyActivities).',
          },
        ],
      },
    ],
    'no-restricted-globals': ['error', 'process', 'Buffer', 'setImmediate', 'require'],
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'coverage/**', 'bench/.venv/**'] },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.base],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    ...importResolution,
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  ...boundaryBlocks(),
  workflowSandbox,
);
