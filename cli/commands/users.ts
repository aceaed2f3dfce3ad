import type { Config } from '../../runtime/config.js';
import type { Logger } from '../../runtime/logger.js';
import { UserStore } from '../../store/users.js';
import { splitUsername } from '../../api/plugins/auth.js';
import { withDatabase } from '../database.js';
import { printRows } from '../output.js';
import { readPassword } from '../password.js';

function parseName(name: string): { account: string; user: string } {
  const parsed = splitUsername(name);
  if (!parsed) throw new Error(`expected <account>:<user>, got "${name}"`);
  return parsed;
}

export async function usersAdd(config: Config, log: Logger, name: string, options: { owner?: boolean; passwordStdin?: boolean }): Promise<void> {
  const { account, user } = parseName(name);
  const password = await readPassword(Boolean(options.passwordStdin));
  if (password.length < 8) throw new Error('the password must have at least 8 characters');
  await withDatabase(config, log, (pool) => new UserStore(pool).add(account, user, password, Boolean(options.owner)));
  process.stdout.write(`added ${account}:${user}${options.owner ? ' (account owner)' : ''}\n`);
}

export async function usersPasswd(config: Config, log: Logger, name: string, options: { passwordStdin?: boolean }): Promise<void> {
  const { account, user } = parseName(name);
  const password = await readPassword(Boolean(options.passwordStdin));
  if (password.length < 8) throw new Error('the password must have at least 8 characters');
  await withDatabase(config, log, (pool) => new UserStore(pool).setPassword(account, user, password));
  process.stdout.write(`password of ${account}:${user} changed; its sessions were ended\n`);
}

export async function usersList(config: Config, log: Logger, options: { account?: string; json?: boolean }): Promise<void> {
  const users = await withDatabase(config, log, (pool) => new UserStore(pool).list(options.account));
  printRows(
    users.map((u) => ({ user: `${u.account}:${u.user}`, owner: u.isOwner ? 'yes' : '', created: u.createdTime })),
    Boolean(options.json),
  );
}
