import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { repoRoot } from '../../runtime/paths.js';

/** The named exports of eslint.config.mjs that these tests lint with. */
interface BoundaryConfig {
  boundaryBlocks(): Linter.Config[];
  importResolution: Linter.Config;
  workflowSandbox: Linter.Config;
}

let config: BoundaryConfig;
let strict: ESLint;

beforeAll(async () => {
  config = (await import(pathToFileURL(join(repoRoot, 'eslint.config.mjs')).href)) as BoundaryConfig;
  // The layer rules alone, parsed without type information.
  strict = new ESLint({
    cwd: repoRoot,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, ...config.importResolution },
      ...config.boundaryBlocks(),
      config.workflowSandbox,
    ],
  });
});

/** The first TypeScript file of a folder (depth first, by name), or directly in it with `shallow`. */
function fileIn(folder: string, shallow = false): string {
  const entries = readdirSync(join(repoRoot, folder), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  const file = entries.find((entry) => entry.isFile() && entry.name.endsWith('.ts'));
  if (file || shallow) return `${folder}/${file!.name}`;
  return fileIn(`${folder}/${entries.find((entry) => entry.isDirectory())!.name}`);
}

interface Planted {
  target: string;
  typeOnly?: boolean;
}

/** Lints `file` made of one import per target; answers the targets whose import was reported. */
async function reportedImports(eslint: ESLint, file: string, imports: Planted[]): Promise<string[]> {
  const code = imports.map(({ target, typeOnly }, i) => {
    expect(existsSync(join(repoRoot, target))).toBe(true);
    let specifier = relative(dirname(join(repoRoot, file)), join(repoRoot, target)).replace(/\.ts$/, '.js');
    if (!specifier.startsWith('.')) specifier = `./${specifier}`;
    return `import ${typeOnly ? 'type ' : ''}* as imported${i} from '${specifier}';`;
  });
  code.push(`export const all = [${imports.map((_, i) => `imported${i}`).join(', ')}];`, '');
  const [result] = await eslint.lintText(code.join('\n'), { filePath: join(repoRoot, file) });
  const lines = new Set(result!.messages.filter((m) => m.ruleId !== null).map((m) => m.line));
  return imports.filter((_, i) => lines.has(i + 1)).map(({ target }) => target);
}

const value = (target: string): Planted => ({ target });
const type = (target: string): Planted => ({ target, typeOnly: true });

/** A planted file of a layer, imports it must not have, and imports it may. */
interface Case {
  file: string;
  bad: Planted[];
  good: Planted[];
}

const registry = 'engine/operations/registry.ts';
const contract = 'workflows/contract.ts';
// The doors that exist on this commit; the rules name them before the moves create them.
const doors = (...files: string[]): Planted[] => files.filter((file) => existsSync(join(repoRoot, file))).map(value);

function cases(): Case[] {
  const engine = (sub: string) => value(fileIn(`engine/${sub}`));
  const geoInternal = value('geo/configured-provider.ts');
  return [
    {
      file: 'model/planted.ts',
      bad: [value(fileIn('store')), value('geo/travel.ts'), value(fileIn('runtime')), engine('core')],
      good: [value(fileIn('model'))],
    },
    {
      file: 'geo/planted.ts',
      bad: [value(fileIn('store')), type(fileIn('store')), value(fileIn('runtime')), engine('evaluate'), value(fileIn('api'))],
      good: [value(fileIn('model')), value('geo/travel.ts')],
    },
    {
      file: 'store/planted.ts',
      bad: [type('geo/travel.ts'), value(fileIn('runtime')), value(fileIn('platform'))],
      good: [value(fileIn('model')), value(fileIn('store'))],
    },
    { file: 'runtime/planted.ts', bad: [value(fileIn('store')), geoInternal], good: [value(fileIn('model'))] },
    {
      file: 'platform/planted.ts',
      bad: [geoInternal, engine('core'), value(fileIn('runtime'))],
      good: [value(fileIn('store')), value(fileIn('model'))],
    },
    {
      file: 'cards/planted.ts',
      bad: [engine('evaluate'), geoInternal, value(fileIn('store'))],
      good: [type('geo/travel.ts'), value('geo/street-positions.ts'), value(fileIn('model')), ...doors(registry)],
    },
    {
      file: 'api/planted.ts',
      bad: [
        engine('planning'),
        engine('calendar'),
        geoInternal,
        value(fileIn('cards')),
        value(fileIn('activities')),
        type('workflows/nightly-plan.ts'),
        value('workflows/settle-task.ts'),
      ],
      good: [
        value(fileIn('store')),
        value(fileIn('runtime')),
        value(fileIn('model')),
        ...doors(registry, contract, 'workflows/operation-task.ts', 'workflows/geocode-task.ts', 'workflows/platform-task.ts'),
      ],
    },
    {
      file: 'activities/planted.ts',
      bad: [value(fileIn('api')), value(fileIn('worker')), value(fileIn('cards'))],
      good: [
        engine('planning'),
        geoInternal,
        value(fileIn('store')),
        value(fileIn('platform')),
        value(fileIn('runtime')),
        ...doors(contract),
      ],
    },
    {
      file: 'worker/planted.ts',
      bad: [value(fileIn('api')), engine('core'), value(fileIn('cards'))],
      good: [value(fileIn('activities')), value(fileIn('store')), geoInternal, value(fileIn('platform')), value(fileIn('runtime'))],
    },
    {
      file: 'workflows/planted.ts',
      bad: [value(fileIn('store')), type(fileIn('store')), type(fileIn('model')), type(fileIn('platform')), value(fileIn('activities'))],
      good: [type(fileIn('activities')), value(fileIn('workflows'))],
    },
    { file: 'app/src/planted.ts', bad: [type(fileIn('model'))], good: [value(fileIn('app/src'))] },
    {
      file: 'engine/planted.ts',
      bad: [engine('core'), engine('operations')],
      good: [value(fileIn('engine', true)), value(fileIn('model')), type('geo/travel.ts')],
    },
    {
      file: 'engine/core/planted.ts',
      bad: [engine('planning'), engine('evaluate'), engine('calendar'), value(fileIn('store')), geoInternal, value(fileIn('runtime'))],
      good: [engine('core'), value(fileIn('engine', true)), value(fileIn('model')), type('geo/travel.ts')],
    },
    { file: 'engine/calendar/planted.ts', bad: [engine('core'), engine('evaluate')], good: [engine('calendar'), value(fileIn('model'))] },
    {
      file: 'engine/evaluate/planted.ts',
      bad: [engine('compile'), engine('territory'), engine('operations')],
      good: [engine('core'), engine('calendar')],
    },
    {
      file: 'engine/compile/planted.ts',
      bad: [engine('territory'), engine('consolidate'), engine('planning')],
      good: [engine('evaluate'), engine('core')],
    },
    { file: 'engine/territory/planted.ts', bad: [engine('compile'), engine('operations')], good: [engine('evaluate'), engine('calendar')] },
    {
      file: 'engine/consolidate/planted.ts',
      bad: [engine('planning')],
      good: [engine('compile'), engine('territory'), engine('evaluate')],
    },
    {
      file: 'engine/planning/planted.ts',
      bad: [engine('operations'), value(fileIn('api'))],
      good: [engine('consolidate'), engine('compile'), engine('territory'), engine('evaluate'), engine('core')],
    },
    {
      file: 'engine/operations/planted.ts',
      bad: [value(fileIn('activities')), value(fileIn('store'))],
      good: [engine('planning'), engine('calendar'), value('geo/street-positions.ts')],
    },
  ];
}

test('each layer rule reports a planted import against the layout and passes the allowed ones', async () => {
  for (const { file, bad, good } of cases()) {
    const reported = await reportedImports(strict, file, [...bad, ...good]);
    expect({ file, reported }).toEqual({ file, reported: bad.map(({ target }) => target) });
  }
}, 120000);

/**
 * Lints `code` as `npm run lint` would lint it at `file`: the whole configuration (every block of
 * eslint.config.mjs), without type information. The layer and workflow rules read imports and
 * names, not types; a program of the whole project would cost some 20 s of CPU that `npm run lint`
 * spends already. The two type-aware rules go with it.
 *
 * `npm run lint` itself (every file of the tree, no warning allowed), which `npm test` runs before
 * jest, is what checks that the tree keeps to the rules; these tests show that it applies them.
 */
let npmLint: ESLint | undefined;
async function lintAsNpmRunLint(code: string, file: string): Promise<string[]> {
  npmLint ??= new ESLint({
    cwd: repoRoot,
    overrideConfig: {
      files: ['**/*.ts'],
      languageOptions: { parserOptions: { projectService: false } },
      rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
    },
  });
  const [result] = await npmLint.lintText(code, { filePath: join(repoRoot, file) });
  return result!.messages.map((m) => `${m.ruleId}:${m.line}`);
}

test('npm run lint applies the layer rules', async () => {
  const code = `import { Pool } from '../store/db.js';\nexport type Planted = Pool;\n`;
  expect(await lintAsNpmRunLint(code, 'geo/travel.ts')).toEqual(['import-x/no-restricted-paths:1']);
}, 120000);

test('npm run lint forbids Node built-ins, process and activity values in workflow code', async () => {
  const code = [
    "import { readFileSync } from 'node:fs';",
    "import { createTaskActivities } from '../activities/task-activities.js';",
    'export const leaks = [readFileSync, createTaskActivities, process.env];',
    '',
  ].join('\n');
  expect(await lintAsNpmRunLint(code, 'workflows/operation-task.ts')).toEqual(
    expect.arrayContaining(['no-restricted-imports:1', 'no-restricted-imports:2', 'no-restricted-globals:3']),
  );
}, 120000);
