import { Command, Option } from 'commander';
import { ConfigError, loadConfig, type Config } from '../runtime/config.js';
import { createLogger, type Logger } from '../runtime/logger.js';
import { NotRunningError } from '../runtime/embedded-services.js';
import type { RouteCardsFlags } from './commands/route-cards.js';
import type { BatchFlags, ColumnFlags } from './commands/geocode.js';
import type { RunNightlyFlags, ScheduleNightlyFlags } from './commands/nightly.js';
import type { PlatformAddFlags } from './commands/platform.js';
import { queueRoles, type QueueRole } from '../workflows/contract.js';

/** A module's functions, each of which loads the module when it is called. */
type Lazy<M> = { [K in keyof M]: M[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never };

function lazy<M extends object>(load: () => Promise<M>): Lazy<M> {
  const call =
    (name: PropertyKey) =>
    async (...args: unknown[]) =>
      ((await load())[name as keyof M] as (...args: unknown[]) => unknown)(...args);
  return new Proxy({} as Lazy<M>, { get: (_, name) => call(name) });
}

/**
 * The command modules, each loaded when one of its commands runs: between them they pull in the
 * API, the worker, the solver and the PDF writer, and a call of the CLI loads only what it needs.
 */
const commands = {
  infra: lazy(() => import('./commands/infra.js')),
  mapImport: lazy(() => import('./commands/map-import.js')),
  services: lazy(() => import('./commands/services.js')),
  routeCards: lazy(() => import('./commands/route-cards.js')),
  start: lazy(() => import('./commands/start.js')),
  tasks: lazy(() => import('./commands/tasks.js')),
  geocode: lazy(() => import('./commands/geocode.js')),
  users: lazy(() => import('./commands/users.js')),
  nightly: lazy(() => import('./commands/nightly.js')),
  runs: lazy(() => import('./commands/runs.js')),
  platform: lazy(() => import('./commands/platform.js')),
  database: lazy(() => import('./database.js')),
};

/** Wraps a command so that expected failures print one line and exit non-zero. */
function action<A extends unknown[]>(name: string, run: (config: Config, log: Logger, ...args: A) => Promise<void>) {
  return async (...args: A): Promise<void> => {
    let config: Config | undefined;
    try {
      config = loadConfig();
      await run(config, createLogger(config.logLevel, name), ...args);
    } catch (err) {
      process.stderr.write(`wayplan ${name}: ${(err as Error).message}\n`);
      const expected = err instanceof ConfigError || err instanceof NotRunningError;
      // A configuration that cannot be read is a ConfigError, expected: no stack then either.
      if (!expected && config?.logLevel === 'debug') process.stderr.write(`${(err as Error).stack ?? ''}\n`);
      process.exit(1);
    }
  };
}

const program = new Command('wayplan').description('Route optimization service: API, worker and operations tools').showHelpAfterError();

program
  .command('start')
  .description('set up and run everything: PostgreSQL, Temporal, migrations, worker and API')
  .action(action('start', commands.start.startCommand));
program
  .command('infra')
  .description('run only PostgreSQL and Temporal (embedded unless configured); prints their addresses as JSON')
  .option('--exit-with-stdin', 'stop when standard input closes')
  .action(action('infra', (config, log, options: { exitWithStdin?: boolean }) => commands.infra.infraCommand(config, log, options)));
program
  .command('api')
  .description('run the HTTP API against running PostgreSQL and Temporal')
  .action(action('api', commands.services.apiCommand));
program
  .command('worker')
  .description('run the Temporal worker against running PostgreSQL and Temporal')
  .addOption(new Option('--queues <list>', 'task queues to serve: solve, io or both').default('solve,io'))
  .action(
    action('worker', (config, log, options: { queues: string }) => {
      const queues = options.queues.split(',').map((q) => q.trim());
      const isRole = (queue: string): queue is QueueRole => (queueRoles as readonly string[]).includes(queue);
      const bad = queues.filter((queue) => !isRole(queue));
      if (bad.length || queues.length === 0) throw new Error(`unknown queue ${bad.join(', ')}: use ${queueRoles.join(' and/or ')}`);
      return commands.services.workerCommand(config, log, queues.filter(isRole));
    }),
  );
program
  .command('migrate')
  .description('apply pending database migrations')
  .action(
    action('migrate', async (config, log) => {
      await commands.database.withDatabase(config, log, async () => {
        process.stdout.write('migrations are up to date\n');
      });
    }),
  );

const users = program.command('users').description('manage accounts and users');
users
  .command('add <name>')
  .description('add <account>:<user>; the account is created with its first user')
  .option('--role <role>', 'owner (one per account: everything), planner (default: plans, sees its own tasks) or viewer (reads only)')
  .option('--owner', 'short for --role owner')
  .option('--password-stdin', 'read the password from standard input')
  .action(
    action('users add', (config, log, name: string, options: { owner?: boolean; role?: string; passwordStdin?: boolean }) =>
      commands.users.usersAdd(config, log, name, options),
    ),
  );
users
  .command('role <name> <role>')
  .description("change <account>:<user>'s role to owner, planner or viewer (an account has at most one owner)")
  .action(action('users role', (config, log, name: string, role: string) => commands.users.usersRole(config, log, name, role)));
users
  .command('list')
  .description('list users')
  .option('--account <account>', 'only this account')
  .option('--json', 'print JSON')
  .action(
    action('users list', (config, log, options: { account?: string; json?: boolean }) => commands.users.usersList(config, log, options)),
  );
users
  .command('passwd <name>')
  .description("change <account>:<user>'s password (ends its sessions)")
  .option('--password-stdin', 'read the password from standard input')
  .action(
    action('users passwd', (config, log, name: string, options: { passwordStdin?: boolean }) =>
      commands.users.usersPasswd(config, log, name, options),
    ),
  );

const map = program.command('map').description('road network maps');
map
  .command('import <file>')
  .description('import an OpenStreetMap .osm.pbf extract into a routable graph (contraction hierarchies)')
  .option('--out <path>', 'where to write the graph (default .data/maps/<name>.wpgraph)')
  .option('--json', 'print the result as JSON')
  .action(async (file: string, options: { out?: string; json?: boolean }) => {
    process.exitCode = await commands.mapImport.runMapImportCommand({ file, ...options });
  });

const tasks = program.command('tasks').description('inspect and cancel tasks');
tasks
  .command('list')
  .description('list tasks, newest first')
  .option('--account <account>', 'only this account')
  .addOption(new Option('--status <status>', 'only this status').choices(['running', 'completed', 'failed', 'canceled']))
  .option('--limit <n>', 'at most this many', '50')
  .option('--json', 'print JSON')
  .action(
    action('tasks list', (config, log, options: { account?: string; status?: string; limit?: string; json?: boolean }) =>
      commands.tasks.tasksList(config, log, options),
    ),
  );
tasks
  .command('show <taskId>')
  .description("print a task's record")
  .action(action('tasks show', (config, log, id: string) => commands.tasks.tasksShow(config, log, id)));
tasks
  .command('result <taskId>')
  .description("print a finished task's result (or error) body")
  .action(action('tasks result', (config, log, id: string) => commands.tasks.tasksResult(config, log, id)));
tasks
  .command('cancel <taskId>')
  .description('cancel a running task')
  .action(action('tasks cancel', (config, log, id: string) => commands.tasks.tasksCancel(config, log, id)));

program
  .command('route-cards <source>')
  .description(
    'printable driver sheets of a plan: <source> is a problem JSON file, or the id of a finished build, optimize, sequence or evaluate task',
  )
  .option('--route <id>', 'only this route (repeatable)', (id: string, ids: string[]) => [...ids, id], [] as string[])
  .option('--locale <tag>', 'number and date formats, e.g. en-US, fr-FR, de-DE', 'en-US')
  .option('--pdf <file>', 'write a PDF')
  .option('--html <file>', 'write a self-contained HTML document')
  .action(
    action('route-cards', (config, log, source: string, flags: RouteCardsFlags) =>
      commands.routeCards.routeCardsCommand(config, log, source, flags),
    ),
  );

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
  .action(
    action('geocode', (config, log, file: string, options: ColumnFlags & BatchFlags) =>
      commands.geocode.geocodeFile(config, log, file, options),
    ),
  );
geocode
  .command('retry <batch>')
  .description("geocode a batch's failed addresses again and rewrite its result CSV")
  .option('--out <file>', 'result CSV (default: the one of the first run)')
  .option('--json', 'print the counts as JSON')
  // `--out` and `--json` are also options of `geocode` itself, which claims them: read them from both.
  .action(
    action('geocode retry', (config, log, batch: string, _options: unknown, command: Command) =>
      commands.geocode.geocodeRetry(config, log, batch, command.optsWithGlobals()),
    ),
  );
geocode
  .command('index')
  .description('build the local geocoding index of a map extract (once per file content)')
  .option('--map <file.osm.pbf>', 'OSM extract (default WAYPLAN_GEOCODER_MAP or the demo map)')
  .option('--json', 'print the counts as JSON')
  .action(
    action('geocode index', (config, log, _options: unknown, command: Command) =>
      commands.geocode.geocodeIndex(config, log, command.optsWithGlobals()),
    ),
  );
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
    commands.geocode.geocodeImport(
      config,
      log,
      file,
      command.optsWithGlobals<ColumnFlags & { name?: string; account?: string; latColumn: string; lonColumn: string; json?: boolean }>(),
    ),
  ),
);

/** Flags shared by `run nightly` and `schedule nightly`. */
function nightlyOptions(command: Command): Command {
  return command
    .option('--connection <name>', 'platform connection to pull from and sync to', 'demo')
    .option('--account <account>', 'account of the connection (default: the bootstrap account, or the only one with such a connection)')
    .option(
      '--territory <id>',
      'only this territory (repeatable; default: every territory)',
      (id: string, ids: string[]) => [...ids, id],
      [] as string[],
    )
    .option('--days <n>', 'days planned from the plan date', '1')
    .option('--time-limit <seconds>', 'bound of each of build and optimize (default: the engine budgets)')
    .option('--seed <n>', 'solver random seed', '1')
    .option('--geocode-attempts <n>', 'tries of a geocoding batch before its failing addresses are recorded as failed')
    .option('--geocode-retry-interval <ms>', 'first delay between geocoding tries; doubles each time');
}

const run = program.command('run').description('run a pipeline now');
nightlyOptions(run.command('nightly').description('plan a night: pull, geocode, instantiate, build, optimize and sync every territory'))
  .option('--date <YYYY-MM-DD>', 'first day planned (default: tomorrow in --tz)')
  .option('--tz <zone>', 'time zone of the default date (default: the system zone)')
  .option('--wait', 'wait for the run, with a live display on a terminal, and print its outcome')
  .option('--json', 'print JSON')
  .action(action('run nightly', (config, log, options: RunNightlyFlags) => commands.nightly.runNightly(config, log, options)));

const schedule = program.command('schedule').description('Temporal Schedules of the nightly pipeline');
nightlyOptions(schedule.command('nightly').description("create or update a connection's nightly run"))
  .requiredOption('--at <HH:MM>', 'local time of the run')
  .requiredOption('--tz <zone>', 'IANA time zone of --at, e.g. Europe/Paris')
  .option('--plan-offset <days>', 'first day planned, in days after the run date', '1')
  .option('--catchup-window <timespan>', 'how late a missed run (Temporal down) still starts', '01:00:00')
  .option('--json', 'print JSON')
  .action(
    action('schedule nightly', (config, log, options: ScheduleNightlyFlags) => commands.nightly.scheduleNightly(config, log, options)),
  );
schedule
  .command('list')
  .description('list nightly schedules')
  .option('--json', 'print JSON')
  .action(action('schedule list', (config, log, options: { json?: boolean }) => commands.nightly.scheduleList(config, log, options)));
for (const change of ['pause', 'resume', 'delete'] as const) {
  schedule
    .command(`${change} <schedule>`)
    .description(`${change} a nightly schedule (<account>:<connection>, as schedule list shows it)`)
    .action(action(`schedule ${change}`, (config, log, name: string) => commands.nightly.scheduleChange(config, log, name, change)));
}

const runs = program.command('runs').description('nightly planning runs');
runs
  .command('list')
  .description('list runs, newest first')
  .option('--account <account>', 'only this account')
  .option('--limit <n>', 'at most this many', '20')
  .option('--json', 'print JSON')
  .action(
    action('runs list', (config, log, options: { account?: string; limit?: string; json?: boolean }) =>
      commands.runs.runsList(config, log, options),
    ),
  );
runs
  .command('show <run>')
  .description(
    "a run's outcome per territory: jobs, routed, unrouted with reasons, cost, distance, failed addresses, step times, sync destination",
  )
  .option('--json', 'print JSON')
  .action(action('runs show', (config, log, id: string, options: { json?: boolean }) => commands.runs.runsShow(config, log, id, options)));

const platform = program.command('platform').description("connections to customers' fleet platforms (CSV folders, PostgreSQL schemas)");
platform
  .command('add <name>')
  .description('add a connection of an account: a CSV folder or a PostgreSQL schema (platform/FORMATS.md)')
  .requiredOption('--account <account>', 'account that uses the connection')
  .option('--csv-folder <path>', 'folder with territories.csv, depots.csv, ... (routes.csv and stops.csv are written there)')
  .option('--postgres <schema>', 'schema with the platform tables, in the database of --url or --url-stdin')
  .option('--url <url>', 'PostgreSQL URL (may hold a password: prefer --url-stdin)')
  .option('--url-stdin', 'read the PostgreSQL URL from standard input')
  .option('--load-csv <folder>', 'with --postgres: create the tables and fill them from this CSV folder')
  .option('--replace', 'overwrite a connection of the same name')
  .option('--no-check', 'store it without reading its territories first')
  .option('--json', 'print JSON')
  .action(
    action('platform add', (config, log, name: string, flags: PlatformAddFlags) => commands.platform.platformAdd(config, log, name, flags)),
  );
platform
  .command('list')
  .description('list connections (secrets masked)')
  .option('--account <account>', 'only this account')
  .option('--json', 'print JSON')
  .action(
    action('platform list', (config, log, options: { account?: string; json?: boolean }) =>
      commands.platform.platformList(config, log, options),
    ),
  );
platform
  .command('remove <name>')
  .description('remove a connection')
  .requiredOption('--account <account>', 'account of the connection')
  .action(
    action('platform remove', (config, log, name: string, options: { account: string }) =>
      commands.platform.platformRemove(config, log, name, options),
    ),
  );

await program.parseAsync(process.argv);
