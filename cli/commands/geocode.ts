import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Client } from '@temporalio/client';
import { WorkflowIdReusePolicy } from '@temporalio/common';
import { customerAddressKeys } from '../../geo/geocoding/local/customer-keys.js';
import { indexMap } from '../../geo/geocoding/local/map-index.js';
import type { Config } from '../../runtime/config.js';
import { withProgress } from '../progress-poll.js';
import { withRunningStack } from '../running-stack.js';
import type { Logger } from '../../runtime/logger.js';
import { GeocodeBatchStore, type BatchCounts } from '../../store/geocoding-batches.js';
import { CustomerAddressStore } from '../../store/geocoding-customer-addresses.js';
import { GeocodingIndexStore } from '../../store/geocoding-index.js';
import { geocodeBatchProgressQuery, workflowTypes, type GeocodeBatchOptions, type Workflows } from '../../workflows/contract.js';
import { withDatabase } from '../database.js';
import { printJson } from '../output.js';
import { addressText, csvText, readCsv, resolveColumns, type AddressColumns } from './geocode-csv.js';
import { ProgressBar } from './geocode-progress.js';
import { randomId } from '../../store/ids.js';

export interface ColumnFlags {
  queryColumn?: string;
  houseNumberColumn?: string;
  streetColumn?: string;
  postcodeColumn?: string;
  cityColumn?: string;
  countryColumn?: string;
  country?: string;
  delimiter: string;
}

export interface BatchFlags {
  out?: string;
  batchSize: string;
  window: string;
  attempts: string;
  retryInterval: string;
  maxRetryInterval: string;
  json?: boolean;
}

/** Stored with the batch so that a retry writes the same result file. */
interface BatchSettings {
  columns: AddressColumns;
  headers: string[];
  out: string;
  options: GeocodeBatchOptions;
}

const resultHeaders = ['latitude', 'longitude', 'formatted_address', 'confidence', 'status', 'error_code', 'error_message'];

function positiveInteger(flag: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} must be a positive integer, got "${value}"`);
  return n;
}

function columnsOf(flags: ColumnFlags): AddressColumns {
  return {
    ...(flags.queryColumn ? { query: flags.queryColumn } : {}),
    ...(flags.houseNumberColumn ? { houseNumber: flags.houseNumberColumn } : {}),
    ...(flags.streetColumn ? { street: flags.streetColumn } : {}),
    ...(flags.postcodeColumn ? { postcode: flags.postcodeColumn } : {}),
    ...(flags.cityColumn ? { city: flags.cityColumn } : {}),
    ...(flags.countryColumn ? { country: flags.countryColumn } : {}),
  };
}

/** Runs one pass of the batch workflow over the batch's pending addresses and waits for it, with a progress bar. */
async function runBatch(client: Client, config: Config, batchId: string, run: number, options: GeocodeBatchOptions): Promise<BatchCounts> {
  const handle = await client.workflow.start<Workflows['geocodeBatch']>(workflowTypes.geocodeBatch, {
    workflowId: `geocode-batch:${batchId}:run-${run}`,
    taskQueue: config.taskQueues.io,
    args: [{ batchId, ...options }],
    workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
  });
  const bar = new ProgressBar();
  try {
    return await withProgress(
      client,
      () => handle.query(geocodeBatchProgressQuery),
      (progress) => bar.update(progress),
      () => handle.result(),
    );
  } finally {
    bar.done();
  }
}

async function writeResults(batches: GeocodeBatchStore, batchId: string, settings: BatchSettings): Promise<void> {
  const rows = (await batches.results(batchId)).map((r) => ({
    ...r.input,
    latitude: r.location ? String(r.location.lat) : '',
    longitude: r.location ? String(r.location.lon) : '',
    formatted_address: r.formattedAddress ?? '',
    confidence: r.confidence === undefined ? '' : String(r.confidence),
    status: r.status,
    error_code: r.errorCode ?? '',
    error_message: r.status === 'failed' ? (r.errorMessage ?? '') : '',
  }));
  writeFileSync(settings.out, csvText([...settings.headers.filter((h) => !resultHeaders.includes(h)), ...resultHeaders], rows));
}

function report(batchId: string, counts: BatchCounts, out: string, json: boolean | undefined): void {
  if (json) printJson({ batch: batchId, ...counts, out });
  else
    process.stdout.write(`batch ${batchId}: ${counts.geocoded} geocoded, ${counts.failed} failed of ${counts.total}; results in ${out}\n`);
  // Partial success is not success for scripts: failed addresses need `geocode retry`.
  if (counts.failed > 0 || counts.pending > 0) process.exitCode = 2;
}

export async function geocodeFile(config: Config, log: Logger, file: string, flags: ColumnFlags & BatchFlags): Promise<void> {
  const table = readCsv(file, flags.delimiter);
  const columns = resolveColumns(columnsOf(flags), table.headers);
  const options: GeocodeBatchOptions = {
    chunkSize: positiveInteger('--batch-size', flags.batchSize),
    window: positiveInteger('--window', flags.window),
    attempts: positiveInteger('--attempts', flags.attempts),
    retryIntervalMs: positiveInteger('--retry-interval', flags.retryInterval),
    maxRetryIntervalMs: positiveInteger('--max-retry-interval', flags.maxRetryInterval),
  };
  const out = flags.out ?? file.replace(/(\.csv)?$/i, '.geocoded.csv');
  const settings: BatchSettings = { columns, headers: table.headers, out, options };
  const batchId = randomId(8);
  await withRunningStack(config, log, 4, async (pool, client) => {
    const batches = new GeocodeBatchStore(pool);
    const addresses = table.rows.map((row) => {
      const country = (columns.country ? row[columns.country] : undefined) || flags.country;
      return { query: addressText(row, columns), country: country || undefined, input: row };
    });
    await batches.create(batchId, basename(file), settings as unknown as Record<string, unknown>, addresses);
    if (!flags.json) process.stdout.write(`batch ${batchId}: ${addresses.length} addresses\n`);
    const { run } = await batches.startRun(batchId, false);
    const counts = await runBatch(client, config, batchId, run, options);
    await writeResults(batches, batchId, settings);
    report(batchId, counts, out, flags.json);
  });
}

export async function geocodeRetry(config: Config, log: Logger, batchId: string, flags: { out?: string; json?: boolean }): Promise<void> {
  await withRunningStack(config, log, 4, async (pool, client) => {
    const batches = new GeocodeBatchStore(pool);
    const batch = await batches.get(batchId);
    if (!batch) throw new Error(`no batch ${batchId}`);
    const settings = batch.columns as unknown as BatchSettings;
    if (flags.out) settings.out = flags.out;
    const { run, reset } = await batches.startRun(batchId, true);
    if (!flags.json) process.stdout.write(`batch ${batchId}: retrying ${reset} failed addresses\n`);
    const counts = await runBatch(client, config, batchId, run, settings.options);
    await writeResults(batches, batchId, settings);
    report(batchId, counts, settings.out, flags.json);
  });
}

export async function geocodeIndex(config: Config, log: Logger, flags: { map?: string; json?: boolean }): Promise<void> {
  const mapPath = flags.map ?? config.geocoding.mapPath;
  const indexed = await withDatabase(config, log, (pool) => indexMap(new GeocodingIndexStore(pool), mapPath));
  if (flags.json) printJson({ map: mapPath, ...indexed });
  else
    process.stdout.write(
      `${indexed.built ? 'indexed' : 'already indexed'} ${mapPath} (${Object.entries(indexed.counts)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')})\n`,
    );
}

export async function geocodeImport(
  config: Config,
  log: Logger,
  file: string,
  flags: ColumnFlags & { name?: string; account?: string; latColumn: string; lonColumn: string; json?: boolean },
): Promise<void> {
  const table = readCsv(file, flags.delimiter);
  const columns = resolveColumns(columnsOf(flags), table.headers);
  for (const column of [flags.latColumn, flags.lonColumn])
    if (!table.headers.includes(column)) throw new Error(`no column "${column}" in the file (columns: ${table.headers.join(', ')})`);
  const addresses = table.rows.map((row, i) => {
    const lat = Number(row[flags.latColumn]);
    const lon = Number(row[flags.lonColumn]);
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180)
      throw new Error(`row ${i + 2}: no valid coordinates in ${flags.latColumn}/${flags.lonColumn}`);
    const address = addressText(row, columns);
    const country = (columns.country ? row[columns.country] : undefined) || flags.country;
    return { address, ...customerAddressKeys(address), country: country ? country.toUpperCase() : undefined, location: { lat, lon } };
  });
  const listName = flags.name ?? basename(file).replace(/\.csv$/i, '');
  const written = await withDatabase(config, log, (pool) =>
    new CustomerAddressStore(pool).import(
      listName,
      flags.account,
      addresses.filter((a) => a.addressKey),
    ),
  );
  if (flags.json) printJson({ list: listName, account: flags.account ?? null, imported: written });
  else process.stdout.write(`imported ${written} addresses into list ${listName}${flags.account ? ` of account ${flags.account}` : ''}\n`);
}
