import type { Config } from '../../runtime/config.js';
import { runningServices } from '../../runtime/embedded-services.js';
import type { Logger } from '../../runtime/logger.js';
import { connectTemporal } from '../../runtime/temporal-client.js';
import { TaskStore, type TaskStatus } from '../../store/tasks.js';
import { withDatabase } from '../database.js';
import { printJson, printRows } from '../output.js';

export async function tasksList(
  config: Config,
  log: Logger,
  options: { account?: string; status?: string; limit?: string; json?: boolean },
): Promise<void> {
  const limit = Number(options.limit ?? 50);
  if (!Number.isInteger(limit) || limit < 1) throw new Error('--limit must be a positive integer');
  const tasks = await withDatabase(config, log, (pool) =>
    new TaskStore(pool).list(options.account, { status: options.status as TaskStatus | undefined, limit }),
  );
  printRows(
    tasks.map((t) => ({
      task_id: t.id,
      account: t.account,
      user: t.user,
      operation: t.operation,
      status: t.status,
      started: t.startedTime,
      finished: t.finishedTime,
    })),
    Boolean(options.json),
  );
}

export async function tasksShow(config: Config, log: Logger, id: string): Promise<void> {
  const task = await withDatabase(config, log, (pool) => new TaskStore(pool).getById(id));
  if (!task) throw new Error(`no task ${id}`);
  printJson(task);
}

export async function tasksResult(config: Config, log: Logger, id: string): Promise<void> {
  const outcome = await withDatabase(config, log, async (pool) => {
    const store = new TaskStore(pool);
    const task = await store.getById(id);
    if (!task) throw new Error(`no task ${id}`);
    if (task.status === 'running') throw new Error(`task ${id} is still running`);
    if (task.status === 'canceled') throw new Error(`task ${id} was canceled`);
    return { status: task.status, body: await store.payload(id, task.status === 'completed' ? 'result' : 'error') };
  });
  process.stdout.write(`${outcome.body ?? ''}\n`);
  if (outcome.status === 'failed') process.exitCode = 1;
}

export async function tasksCancel(config: Config, log: Logger, id: string): Promise<void> {
  const canceled = await withDatabase(config, log, async (pool) => {
    const store = new TaskStore(pool);
    if (!(await store.getById(id))) throw new Error(`no task ${id}`);
    return store.finish(id, 'canceled');
  });
  if (!canceled) {
    process.stdout.write(`task ${id} had already finished\n`);
    return;
  }
  // The record says canceled either way; the workflow learns it now if Temporal is up, or the
  // activity sees the record when it next starts.
  try {
    const { temporalAddress } = await runningServices({ ...config, databaseUrl: config.databaseUrl ?? 'unused' }, log);
    const { connection, client } = await connectTemporal(temporalAddress, config.temporalNamespace, { timeoutMs: 10000 });
    try {
      await client.workflow.getHandle(id).cancel();
    } finally {
      await connection.close();
    }
  } catch (err) {
    log.warn(`task marked canceled, but Temporal could not be told: ${(err as Error).message}`);
  }
  process.stdout.write(`task ${id} canceled\n`);
}
