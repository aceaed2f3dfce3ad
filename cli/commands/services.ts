import type { Config } from '../../runtime/config.js';
import { runningServices } from '../../runtime/embedded-services.js';
import type { Logger } from '../../runtime/logger.js';
import { exitWithParent, onShutdownSignal } from '../../runtime/signals.js';
import type { QueueRole } from '../../workflows/contract.js';

/** `wayplan api`: the HTTP API alone, against running PostgreSQL and Temporal. */
export async function apiCommand(config: Config, log: Logger): Promise<void> {
  // Each service loads its own side only: an API process has no use for the worker's SDK and engine.
  const { runApi } = await import('../../api/main.js');
  // The ports draw route cards and read maps: the worker, which shares this module, loads none of it.
  const { apiPorts } = await import('../api-ports.js');
  const { databaseUrl, temporalAddress } = await runningServices(config, log);
  const api = await runApi(config, log, databaseUrl, temporalAddress, apiPorts(config));
  log.info(`API listening on ${api.url}/v1`);
  onShutdownSignal(() => api.close());
  if (config.supervised) exitWithParent(() => api.close());
}

/** `wayplan worker`: the Temporal worker alone; `--queues solve` or `--queues io` to scale them apart. */
export async function workerCommand(config: Config, log: Logger, queues: QueueRole[]): Promise<void> {
  const { runWorker } = await import('../../worker/main.js');
  const { databaseUrl, temporalAddress } = await runningServices(config, log);
  const worker = await runWorker(config, log, databaseUrl, temporalAddress, queues);
  onShutdownSignal(() => worker.shutdown());
  if (config.supervised) exitWithParent(() => worker.shutdown());
  worker.done.catch((err: unknown) => {
    log.error({ err }, 'worker stopped with an error');
    process.exit(1);
  });
}
