import { join } from 'node:path';
import { ESLint } from 'eslint';
import { repoRoot } from '../../runtime/paths.js';

test('lint forbids Node built-ins, process and activity values in workflow code', async () => {
  const eslint = new ESLint({ cwd: repoRoot });
  const code = [
    "import { readFileSync } from 'node:fs';",
    "import { createTaskActivities } from '../activities/task-activities.js';",
    'export const leaks = [readFileSync, createTaskActivities, process.env];',
    '',
  ].join('\n');
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, 'workflows', 'operation-task.ts') });
  const rules = result!.messages.map((m) => `${m.ruleId}:${m.line}`);
  expect(rules).toEqual(expect.arrayContaining(['no-restricted-imports:1', 'no-restricted-imports:2', 'no-restricted-globals:3']));
}, 120000);
