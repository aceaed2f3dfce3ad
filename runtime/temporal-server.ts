import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, portIsOpen, startOnFreePorts, waitForPort } from './ports.js';
import type { Logger } from './logger.js';
import { startService, type StartedService } from './start-service.js';
import { locateTemporalCli } from './temporal-cli.js';

export interface RunningTemporal {
  address: string;
  /** The dev server's Web UI, when it runs one. */
  uiUrl: string | undefined;
  process: ChildProcess | undefined;
  stop(): Promise<void>;
}

/** The dev server's Web UI: on unless `WAYPLAN_TEMPORAL_UI=0`, on a fixed port when one is given. */
export interface TemporalUiOptions {
  enabled: boolean;
  port: number | undefined;
}

interface TemporalInfo {
  port: number;
  uiPort?: number;
}

/** Temporal's own default for the Web UI, so its documentation's links work when nothing else holds it. */
const defaultUiPort = 8233;

/**
 * A configured port must be free; otherwise the last one used, else Temporal's default, else any free one.
 * A retry after a port clash (`fresh`) takes any free one.
 */
async function chooseUiPort(ui: TemporalUiOptions, previous: number | undefined, fresh: boolean): Promise<number> {
  if (ui.port !== undefined) {
    if (await portIsOpen(ui.port)) throw new Error(`WAYPLAN_TEMPORAL_UI_PORT=${ui.port} is already in use`);
    return ui.port;
  }
  if (!fresh)
    for (const candidate of [previous, defaultUiPort]) if (candidate !== undefined && !(await portIsOpen(candidate))) return candidate;
  return freePort();
}

/** `temporal server start-dev` with a durable SQLite file under the data folder. */
export class EmbeddedTemporal {
  private readonly dir: string;
  private readonly infoFile: string;

  constructor(
    dataDir: string,
    private readonly log: Logger,
    private readonly ui: TemporalUiOptions = { enabled: false, port: undefined },
  ) {
    this.dir = join(dataDir, 'temporal');
    this.infoFile = join(dataDir, 'temporal.json');
  }

  readInfo(): TemporalInfo | undefined {
    return existsSync(this.infoFile) ? (JSON.parse(readFileSync(this.infoFile, 'utf8')) as TemporalInfo) : undefined;
  }

  async start(): Promise<RunningTemporal> {
    const cli = locateTemporalCli(this.log);
    this.log.info(`Temporal CLI ${cli.path} (from ${cli.source}, found in ${cli.seconds.toFixed(1)} s)`);
    mkdirSync(this.dir, { recursive: true });
    const previous = this.readInfo();
    const { server, info } = await startOnFreePorts(async (attempt) => {
      const fresh = attempt > 1;
      if (fresh) this.log.warn('a port of the Temporal dev server was taken as it started; starting it on other ports');
      const reuse = !fresh && previous !== undefined && !(await portIsOpen(previous.port));
      const info: TemporalInfo = { port: reuse ? previous.port : await freePort() };
      if (this.ui.enabled) info.uiPort = await chooseUiPort(this.ui, previous?.uiPort, fresh);
      writeFileSync(this.infoFile, JSON.stringify(info, null, 2));
      return { server: await this.launch(cli.path, info), info };
    });
    const address = `127.0.0.1:${info.port}`;
    const uiUrl = info.uiPort === undefined ? undefined : `http://127.0.0.1:${info.uiPort}`;
    this.log.info(`Temporal dev server listening on ${address}${uiUrl ? `, Web UI at ${uiUrl}` : ''}`);
    return {
      address,
      uiUrl,
      process: server.process,
      stop: () => server.stop('SIGTERM', 15000),
    };
  }

  private launch(cliPath: string, info: TemporalInfo): Promise<StartedService> {
    const uiArgs = info.uiPort === undefined ? ['--headless'] : ['--ui-port', String(info.uiPort)];
    return startService(
      'the Temporal dev server',
      cliPath,
      [
        'server',
        'start-dev',
        ...uiArgs,
        '--ip',
        '127.0.0.1',
        '--port',
        String(info.port),
        '--db-filename',
        join(this.dir, 'temporal.db'),
        '--sqlite-pragma',
        'journal_mode=WAL',
        // In WAL mode NORMAL syncs the log at checkpoints, not at every commit: a killed server
        // loses nothing (the log is in the OS's hands at commit), only a crash of the machine may
        // lose the last commits. The default (FULL) cost ~15 fsyncs per quick task, several of them
        // between the API's workflow start and the worker's first workflow task.
        '--sqlite-pragma',
        'synchronous=NORMAL',
        // The history service reads its transfer queue (which hands a new workflow task to
        // matching) at most 20 times a second by default: a task started within 50 ms of the
        // previous read waited for the next one, ~45 ms added to a third of back-to-back quick
        // operations. A single-host server has no other shard to be fair to.
        '--dynamic-config-value',
        'history.transferProcessorMaxPollRPS=1000',
        '--log-level',
        'error',
      ],
      undefined,
      () => Promise.all([info.port, info.uiPort].filter((port) => port !== undefined).map((port) => waitForPort(port, 60000))),
    );
  }
}
