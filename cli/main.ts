import { Command, Option } from 'commander';
import { ConfigError, loadConfig, type Config } from '../runtime/config.js';
import { createLogger, type Logger } from '../runtime/logger.js';
import { NotRunningError } from '../runtime/embedded-services.js';
import { withDatabase } from './database.js';
import { runMapImportCommand } from '../geo/road/map-import-command.js';
import { infraCommand } from './commands/infra.js';
import { apiCommand, workerCommand } from './commands/services.js';
import { routeCardsCommand, type RouteCardsFlags } from './commands/route-cards.js';
import { startCommand } from './commands/start.js';
import { tasksCancel, tasksList, tasksResult, tasksShow } from './commands/tasks.js';
import { geocodeFile, geocodeImport, geocodeIndex, geocodeRetry, type BatchFlags, type ColumnFlags } from './commands/geocode.js';
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

program
  .command('route-cards <source>')
  .description('printable driver sheets of a plan: <source> is a problem JSON file, or the id of a finished build, optimize, sequence or evaluate task')
  .option('--route <id>', 'only this route (repeatable)', (id: string, ids: string[]) => [...ids, id], [] as string[])
  .option('--locale <tag>', 'number and date formats, e.g. en-US, fr-FR, de-DE', 'en-US')
  .option('--pdf <file>', 'write a PDF')
  .option('--html <file>', 'write a self-contained HTML document')
  .action(action('route-cards', (config, log, source: string, flags: RouteCardsFlags) => routeCardsCommand(config, log, source, flags)));

/** Column flags shared by `geocode <file>` and `geocode import`. */
function columnOptions(command: Command): Command {
  return command
    .option('--query-column <name>', 'column holding the whole address (default: a column named address or query)')
    .option('--house-number-column <name>', 'column of the house number')
    .option('--street-column <name>', 'column of the street')
    .option('--postcode-column <name>', 'column of the postcode')
    .option('--city-column <name>', 'column of the city')
    .option('--country-column <name>', 'column of the ISO 3166 alpha-2 country code')
    .option('--country <code>', 'country of rows without one')
    .option('--delimiter <char>', 'field separator', ',');
}

const geocode = columnOptions(
  program
    .command('geocode')
    .description('geocode a CSV file of addresses as a batch (needs a running stack); subcommands manage the local index')
    .argument('<file>', 'CSV file with a header row'),
)
  .option('--out <file>', 'result CSV (default <file>.geocoded.csv)')
  .option('--batch-size <n>', 'addresses per child workflow', '100')
  .option('--window <n>', 'child workflows running at once', '4')
  .option('--attempts <n>', 'tries of a batch before its failing addresses are recorded as failed', '5')
  .option('--retry-interval <ms>', 'first delay between tries; doubles each time', '2000')
  .option('--max-retry-interval <ms>', 'longest delay between tries', '60000')
  .option('--json', 'print the counts as JSON')
  .action(action('geocode', (config, log, file: string, options: ColumnFlags & BatchFlags) => geocodeFile(config, log, file, options)));
geocode
  .command('retry <batch>')
  .description("geocode a batch's failed addresses again and rewrite its result CSV")
  .option('--out <file>', 'result CSV (default: the one of the first run)')
  .option('--json', 'print the counts as JSON')
  // `--out` and `--json` are also options of `geocode` itself, which claims them: read them from both.
  .action(action('geocode retry', (config, log, batch: string, _options: unknown, command: Command) => geocodeRetry(config, log, batch, command.optsWithGlobals())));
geocode
  .command('index')
  .description('build the local geocoding index of a map extract (once per file content)')
  .option('--map <file.osm.pbf>', 'OSM extract (default WAYPLAN_GEOCODER_MAP or the demo map)')
  .option('--json', 'print the counts as JSON')
  .action(action('geocode index', (config, log, _options: unknown, command: Command) => geocodeIndex(config, log, command.optsWithGlobals())));
columnOptions(
  geocode
    .command('import <file>')
    .description('import a customer address list with coordinates; it ranks above map data')
    .option('--name <list>', 'list name (default: the file name); importing a list again updates it')
    .option('--account <account>', 'only this account sees the list (default: every account)')
    .option('--lat-column <name>', 'column of the latitude', 'lat')
    .option('--lon-column <name>', 'column of the longitude', 'lon')
    .option('--json', 'print the count as JSON'),
).action(
  action('geocode import', (config, log, file: string, _options: unknown, command: Command) =>
    geocodeImport(config, log, file, command.optsWithGlobals<ColumnFlags & { name?: string; account?: string; latColumn: string; lonColumn: string; json?: boolean }>()),
  ),
);

await program.parseAsync(process.argv);
