#!/usr/bin/env node
// Entry for `npx wayplan`: runs the compiled CLI, building it first when the checkout is fresh.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(join(root, 'dist', 'cli', 'main.js'))) {
  execFileSync(process.execPath, [join(root, 'scripts', 'prepare.mjs')], { stdio: 'inherit' });
}
await import(join(root, 'dist', 'cli', 'main.js'));
