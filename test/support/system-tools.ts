import { execFileSync, spawnSync } from 'node:child_process';

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

const installed = new Set<string>();

/**
 * Makes sure `command` exists, installing Debian package `debianPackage` once (as root, with
 * apt-get) when it is missing. Throws with the reason when that is not possible, so that a test
 * needing the tool fails loudly instead of being skipped.
 */
export function requireSystemTool(command: string, debianPackage: string): void {
  if (onPath(command)) return;
  if (!installed.has(debianPackage)) {
    installed.add(debianPackage);
    if (process.getuid?.() !== 0) {
      throw new Error(
        `${command} is missing; install the Debian package ${debianPackage} (apt-get install -y ${debianPackage}) or run the tests as root`,
      );
    }
    if (!onPath('apt-get')) throw new Error(`${command} is missing and there is no apt-get to install ${debianPackage} with`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync('apt-get', ['update'], { env, stdio: 'pipe', timeout: 300000 });
      execFileSync('apt-get', ['install', '-y', '--no-install-recommends', debianPackage], { env, stdio: 'pipe', timeout: 900000 });
    } catch (err) {
      const stderr = (err as { stderr?: Buffer }).stderr?.toString() ?? '';
      throw new Error(`could not install ${debianPackage} for ${command}: ${(err as Error).message}\n${stderr.slice(-2000)}`);
    }
  }
  if (!onPath(command)) throw new Error(`${command} is still missing after installing ${debianPackage}`);
}
