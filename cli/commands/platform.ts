import { resolve } from 'node:path';
import { openConnector } from '../../platform/open-connector.js';
import { loadCsvFolder } from '../../platform/postgres/load-csv-folder.js';
import { platformPool } from '../../platform/postgres/platform-pool.js';
import type { Config } from '../../runtime/config.js';
import type { Logger } from '../../runtime/logger.js';
import {
  addPlatformConnection,
  listPlatformConnections,
  maskedSettings,
  removePlatformConnection,
  type PlatformConnectionInput,
} from '../../store/platform-connections.js';
import { withDatabase } from '../database.js';
import { printJson, printRows } from '../output.js';

export interface PlatformAddFlags {
  account: string;
  csvFolder?: string;
  postgres?: string;
  url?: string;
  urlStdin?: boolean;
  loadCsv?: string;
  replace?: boolean;
  check: boolean;
  json?: boolean;
}

async function readStdinLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').trim();
}

async function connectionInput(flags: PlatformAddFlags): Promise<PlatformConnectionInput> {
  if ((flags.csvFolder === undefined) === (flags.postgres === undefined))
    throw new Error('give exactly one of --csv-folder <path> and --postgres <schema>');
  if (flags.csvFolder !== undefined) {
    if (flags.url !== undefined || flags.urlStdin || flags.loadCsv !== undefined)
      throw new Error('--url, --url-stdin and --load-csv go with --postgres');
    return { kind: 'csv_folder', settings: { path: resolve(flags.csvFolder) } };
  }
  if ((flags.url === undefined) === !flags.urlStdin)
    throw new Error('--postgres needs the database URL: --url <url> or --url-stdin (keeps the password out of the shell history)');
  const url = flags.urlStdin ? await readStdinLine() : flags.url!;
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error('the database URL must start with postgres:// or postgresql://');
  return { kind: 'postgres', settings: { url, schema: flags.postgres! } };
}

/** `platform add`: stores a connection after checking (unless --no-check) that its territories can be read. */
export async function platformAdd(config: Config, log: Logger, name: string, flags: PlatformAddFlags): Promise<void> {
  const input = await connectionInput(flags);
  if (input.kind === 'postgres' && flags.loadCsv !== undefined) {
    const { pool } = platformPool(input.settings.url, config.platformLimits, 1);
    try {
      await loadCsvFolder(pool, input.settings.schema, resolve(flags.loadCsv));
    } finally {
      await pool.end();
    }
  }
  let territories: number | undefined;
  if (flags.check) {
    const connector = openConnector(input, config.platformLimits);
    try {
      territories = (await connector.listTerritories()).length;
    } catch (err) {
      throw new Error(`the platform cannot be read (${(err as Error).message}); fix it, or add with --no-check`);
    } finally {
      await connector.close();
    }
  }
  const stored = await withDatabase(config, log, async (pool) => {
    try {
      return await addPlatformConnection(pool, flags.account, name, input, Boolean(flags.replace));
    } catch (err) {
      if ((err as { code?: string }).code === '23503') throw new Error(`no account ${flags.account}`);
      throw err;
    }
  });
  const shown = {
    account: stored.account,
    name: stored.name,
    kind: stored.kind,
    settings: maskedSettings(stored),
    ...(territories === undefined ? {} : { territories }),
  };
  if (flags.json) printJson(shown);
  else
    process.stdout.write(
      `${flags.replace ? 'stored' : 'added'} connection ${stored.account}:${stored.name} (${stored.kind}${territories === undefined ? '' : `, ${territories} territories`})\n`,
    );
}

/** `platform list`: secrets masked, always. */
export async function platformList(config: Config, log: Logger, options: { account?: string; json?: boolean }): Promise<void> {
  const connections = await withDatabase(config, log, (pool) => listPlatformConnections(pool, options.account));
  const rows = connections.map((c) => {
    const settings = maskedSettings(c);
    return {
      account: c.account,
      name: c.name,
      kind: c.kind,
      ...(options.json ? { settings } : { where: Object.values(settings).join(' ') }),
      updated: c.updatedAt,
    };
  });
  printRows(rows, Boolean(options.json));
}

export async function platformRemove(config: Config, log: Logger, name: string, options: { account: string }): Promise<void> {
  const removed = await withDatabase(config, log, (pool) => removePlatformConnection(pool, options.account, name));
  if (!removed) throw new Error(`no connection ${options.account}:${name}`);
  process.stdout.write(`removed connection ${options.account}:${name}\n`);
}
