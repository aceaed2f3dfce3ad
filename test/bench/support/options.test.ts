import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// A real bench's command line, parsed by `benchOptions` before the bench does any work.
const bench = fileURLToPath(new URL('../../../bench/build-scale/main.js', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [bench, ...args], { encoding: 'utf8', timeout: 30000 });

describe('benchOptions', () => {
  it('--help prints every option with its default, and exits 0', () => {
    const result = run('--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^usage: bench:build-scale -- .*\[--jobs <n> \(default 1000\)\].*\[--http\]/);
  });

  it('refuses an unknown option in one line and the usage, with status 2 and no stack trace', () => {
    const result = run('--jobz', '5');
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe("Unknown option '--jobz'");
    expect(result.stderr).toMatch(/^usage: bench:build-scale/m);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a count that is not a whole number', () => {
    const result = run('--jobs', '2.5');
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe('--jobs must be an integer ≥ 0');
  });
});
