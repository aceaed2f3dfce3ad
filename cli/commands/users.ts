import type { Config } from '../../runtime/config.js';
import type { Logger } from '../../runtime/logger.js';
import { isRole, roles, splitUsername, UserStore, type Role } from '../../store/users.js';
import { withDatabase } from '../database.js';
import { printRows } from '../output.js';
import { readPassword } from '../password.js';

function parseName(name: string): { account: string; user: string } {
  const parsed = splitUsername(name);
  if (!parsed) throw new Error(`expected <account>:<user>, got "${name}"`);
  return parsed;
}

function parseRole(role: string): Role {
  if (!isRole(role)) throw new Error(`the role must be one of ${roles.join(', ')}, got "${role}"`);
  return role;
}

/** `--owner` is short for `--role owner`; without either the user is a planner. */
function chosenRole(options: { owner?: boolean; role?: string }): Role {
  if (options.owner && options.role !== undefined && options.role !== 'owner') throw new Error('--owner and --role disagree');
  return options.owner ? 'owner' : parseRole(options.role ?? 'planner');
}

export async function usersAdd(
  config: Config,
  log: Logger,
  name: string,
  options: { owner?: boolean; role?: string; passwordStdin?: boolean },
): Promise<void> {
  const { account, user } = parseName(name);
  const role = chosenRole(options);
  const password = await readPassword(Boolean(options.passwordStdin));
  if (password.length < 8) throw new Error('the password must have at least 8 characters');
  await withDatabase(config, log, (pool) => new UserStore(pool).add(account, user, password, role));
  process.stdout.write(`added ${account}:${user} (${role})\n`);
}

export async function usersRole(config: Config, log: Logger, name: string, role: string): Promise<void> {
  const { account, user } = parseName(name);
  const chosen = parseRole(role);
  await withDatabase(config, log, (pool) => new UserStore(pool).setRole(account, user, chosen));
  process.stdout.write(`${account}:${user} is now a ${chosen}\n`);
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
    users.map((u) => ({ user: `${u.account}:${u.user}`, role: u.role, created: u.createdTime })),
    Boolean(options.json),
  );
}
