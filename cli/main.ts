import { Command, Option } from 'commander';
import { ConfigError, loadConfig, type Config } from '../runtime/config.js';
import { createLogger, type Logger } from '../runtime/logger.js';
import { NotRunningError } from '../runtime/embedded-services.js';
import { withDatabase } from './database.js';
import { runMapImportCommand } from '../geo/road/map-import-command.js';
import { infraCommand } from './commands/infra.js';
import { apiCommand, workerCommand } from './commands/services.js';
import { startCommand } from './commands/start.js';
import { tasksCancel, tasksList, tasksResult, tasksShow } from './commands/tasks.js';
import { usersAdd, usersList, usersPasswd } from './commands/users.js';
import type { Queue } from '../worker/main.js';

function context(name: string): { config: Config; log: Logger } {
  const config = loadConfig();
  return { config, log: createLogger(config.logLevel, name) };
}

/** Wraps a command so that expected failures print one line and exit non-zero. */
function action<A extends unknown[]>(name: string, run: (config: Config, log: Logger, ...args: A) => Promise<void>) {
  return async (...args: A): Promise<void> => {
    try {
      const { config, log } = context(name);
      await run(config, log, ...args);
    } catch (err) {
      process.stderr.write(`wayplan ${name}: ${(err as Error).message}\n`);
      const expected = err instanceof ConfigError || err instanceof NotRunningError;
      if (!expected && process.env.LOG_LEVEL === 'debug') process.stderr.write(`${(err as Error).stack ?? ''}\n`);
      process.exit(1);
    }
  };
}

const program = new Command('wayplan').description('Route optimization service: API, worker and operations tools').showHelpAfterError();

program.command('start').description('set up and run everything: PostgreSQL, Temporal, migrations, worker and API').action(action('start', startCommand));
program
  .command('infra')
  .description('run only PostgreSQL and Temporal (embedded unless configured); prints their addresses as JSON')
  .option('--exit-with-stdin', 'stop when standard input closes')
  .action(action('infra', (config, log, options: { exitWithStdin?: boolean }) => infraCommand(config, log, options)));
program.command('api').description('run the HTTP API against running PostgreSQL and Temporal').action(action('api', apiCommand));
program
  .command('worker')
  .description('run the Temporal worker against running PostgreSQL and Temporal')
  .addOption(new Option('--queues <list>', 'task queues to serve: solve, io or both').default('solve,io'))
  .action(
    action('worker', (config, log, options: { queues: string }) => {
      const queues = options.queues.split(',').map((q) => q.trim());
      const bad = queues.filter((q) => q !== 'solve' && q !== 'io');
      if (bad.length || queues.length === 0) throw new Error(`unknown queue ${bad.join(', ')}: use solve and/or io`);
      return workerCommand(config, log, queues as Queue[]);
    }),
  );
program
  .command('migrate')
  .description('apply pending database migrations')
  .action(
    action('migrate', (config, log) =>
      withDatabase(config, log, async () => {
        process.stdout.write('migrations are up to date\n');
      }),
    ),
  );

const users = program.command('users').description('manage accounts and users');
users
  .command('add <name>')
  .description('add <account>:<user>; the account is created with its first user')
  .option('--owner', 'make the user the account owner')
  .option('--password-stdin', 'read the password from standard input')
  .action(action('users add', (config, log, name: string, options: { owner?: boolean; passwordStdin?: boolean }) => usersAdd(config, log, name, options)));
users
  .command('list')
  .description('list users')
  .option('--account <account>', 'only this account')
  .option('--json', 'print JSON')
  .action(action('users list', (config, log, options: { account?: string; json?: boolean }) => usersList(config, log, options)));
users
  .command('passwd <name>')
  .description("change <account>:<user>'s password (ends its sessions)")
  .option('--password-stdin', 'read the password from standard input')
  .action(action('users passwd', (config, log, name: string, options: { passwordStdin?: boolean }) => usersPasswd(config, log, name, options)));

const map = program.command('map').description('road network maps');
map
  .command('import <file>')
  .description('import an OpenStreetMap .osm.pbf extract into a routable graph (contraction hierarchies)')
  .option('--out <path>', 'where to write the graph (default .data/maps/<name>.wpgraph)')
  .option('--json', 'print the result as JSON')
  .action(async (file: string, options: { out?: string; json?: boolean }) => {
    process.exitCode = runMapImportCommand({ file, ...options });
  });

const tasks = program.command('tasks').description('inspect and cancel tasks');
tasks
  .command('list')
  .description('list tasks, newest first')
  .option('--account <account>', 'only this account')
  .addOption(new Option('--status <status>', 'only this status').choices(['running', 'completed', 'failed', 'canceled']))
  .option('--limit <n>', 'at most this many', '50')
  .option('--json', 'print JSON')
  .action(action('tasks list', (config, log, options: { account?: string; status?: string; limit?: string; json?: boolean }) => tasksList(config, log, options)));
tasks.command('show <taskId>').description("print a task's record").action(action('tasks show', (config, log, id: string) => tasksShow(config, log, id)));
tasks.command('result <taskId>').description("print a finished task's result (or error) body").action(action('tasks result', (config, log, id: string) => tasksResult(config, log, id)));
tasks.command('cancel <taskId>').description('cancel a running task').action(action('tasks cancel', (config, log, id: string) => tasksCancel(config, log, id)));

await program.parseAsync(process.argv);
