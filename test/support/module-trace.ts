import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The URLs of the modules a fresh Node process resolves in importing `moduleUrl` (our compiled
 * modules and the packages they import), to check what a process kind loads, not how long it takes.
 */
export async function modulesResolvedBy(moduleUrl: string): Promise<string[]> {
  const folder = mkdtempSync(join(tmpdir(), 'wayplan-module-trace-'));
  const trace = join(folder, 'modules.txt');
  const hooks = new URL('./module-trace-hooks.js', import.meta.url).href;
  const register = `import { register } from 'node:module'; register(${JSON.stringify(hooks)});`;
  try {
    const code = await new Promise<number | null>((resolveRun, reject) => {
      const child = spawn(
        process.execPath,
        [
          '--import',
          `data:text/javascript,${encodeURIComponent(register)}`,
          '--input-type=module',
          '-e',
          `await import(${JSON.stringify(moduleUrl)});`,
        ],
        { env: { ...process.env, WAYPLAN_MODULE_TRACE: trace }, stdio: ['ignore', 'inherit', 'inherit'] },
      );
      child.on('error', reject);
      child.on('exit', resolveRun);
    });
    if (code !== 0) throw new Error(`importing ${moduleUrl} exited with code ${code}`);
    return readFileSync(trace, 'utf8').split('\n').filter(Boolean);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
