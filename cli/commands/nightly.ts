import {
  ScheduleAlreadyRunning,
  ScheduleNotFoundError,
  ScheduleOverlapPolicy,
  WorkflowExecutionAlreadyStartedError,
} from '@temporalio/client';
import type { Config } from '../../runtime/config.js';
import { withProgress } from '../progress-poll.js';
import { withRunningStack } from '../running-stack.js';
import { randomId } from '../../store/ids.js';
import type { Logger } from '../../runtime/logger.js';
import { isTimeZone, planStartDate } from '../../runtime/plan-date.js';
import { parseDate } from '../../model/formats/date.js';
import { parseTimespan } from '../../model/formats/timespan.js';
import type { Pool } from '../../store/db.js';
import { runView } from '../../store/pipeline-run-view.js';
import { PipelineRunStore } from '../../store/pipeline-runs.js';
import { getPlatformConnection, listPlatformConnections } from '../../store/platform-connections.js';
import { nightlyProgressQuery, workflowTypes, type NightlyPlanInput, type Workflows } from '../../workflows/contract.js';
import { printJson, printRows } from '../output.js';
import { NightlyProgressDisplay } from './nightly-progress.js';
import { printRunReport } from './runs.js';

export interface NightlyFlags {
  account?: string;
  connection: string;
  territory: string[];
  days: string;
  timeLimit?: string;
  seed?: string;
  geocodeAttempts?: string;
  geocodeRetryInterval?: string;
}

export interface RunNightlyFlags extends NightlyFlags {
  date?: string;
  tz?: string;
  wait?: boolean;
  json?: boolean;
}

export interface ScheduleNightlyFlags extends NightlyFlags {
  at: string;
  tz: string;
  planOffset: string;
  catchupWindow: string;
  json?: boolean;
}

function positiveInteger(flag: string, value: string, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > max) throw new Error(`${flag} must be an integer from 1 to ${max}, got "${value}"`);
  return n;
}

function zone(flag: string, value: string): string {
  if (!isTimeZone(value)) throw new Error(`${flag} must be an IANA time zone such as Europe/Paris, got "${value}"`);
  return value;
}

/** The account whose connection is meant: `--account`, else the bootstrap account, else the only account with such a connection. */
async function resolveAccount(pool: Pool, config: Config, connection: string, account: string | undefined): Promise<string> {
  if (account) {
    await getPlatformConnection(pool, account, connection);
    return account;
  }
  const owners = (await listPlatformConnections(pool)).filter((c) => c.name === connection).map((c) => c.account);
  if (config.admin && owners.includes(config.admin.account)) return config.admin.account;
  if (owners.length === 1) return owners[0]!;
  if (owners.length === 0) throw new Error(`no platform connection named "${connection}" (add one with \`wayplan platform add\`)`);
  throw new Error(`several accounts have a connection named "${connection}" (${owners.join(', ')}): pass --account`);
}

/** The workflow input both a manual run and a schedule start with. */
function planInput(config: Config, account: string, flags: NightlyFlags): Omit<NightlyPlanInput, 'trigger'> {
  const territories = flags.territory.length > 0 ? flags.territory : undefined;
  const timeLimit = flags.timeLimit === undefined ? undefined : positiveInteger('--time-limit', flags.timeLimit, 86400);
  return {
    account,
    connection: flags.connection,
    days: positiveInteger('--days', flags.days, 366),
    ...(territories ? { territories } : {}),
    solveQueue: config.taskQueues.solve,
    solve: {
      randomSeed: flags.seed === undefined ? 1 : positiveInteger('--seed', flags.seed),
      ...(timeLimit !== undefined ? { timeLimitSeconds: timeLimit } : {}),
    },
    geocode: {
      ...(flags.geocodeAttempts ? { attempts: positiveInteger('--geocode-attempts', flags.geocodeAttempts) } : {}),
      ...(flags.geocodeRetryInterval ? { retryIntervalMs: positiveInteger('--geocode-retry-interval', flags.geocodeRetryInterval) } : {}),
    },
  };
}

/** `wayplan run nightly`: one run now; with `--wait`, a live display and the outcome. */
export async function runNightly(config: Config, log: Logger, flags: RunNightlyFlags): Promise<void> {
  const timezone = zone('--tz', flags.tz ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  if (flags.date !== undefined && parseDate(flags.date) === undefined)
    throw new Error(`--date must be a date YYYY-MM-DD, got "${flags.date}"`);
  const date = flags.date ?? planStartDate(new Date(), timezone, 1);
  await withRunningStack(config, log, 2, async (pool, client) => {
    const account = await resolveAccount(pool, config, flags.connection, flags.account);
    const runId = randomId(9);
    const input: NightlyPlanInput = { ...planInput(config, account, flags), date, timezone, runId, trigger: 'manual' };
    // One run per night and connection at a time: the id says which night it plans.
    const workflowId = `nightly:${account}:${flags.connection}:${date}`;
    let handle;
    try {
      handle = await client.workflow.start<Workflows['nightlyPlan']>(workflowTypes.nightlyPlan, {
        workflowId,
        taskQueue: config.taskQueues.io,
        args: [input],
      });
    } catch (err) {
      if (err instanceof WorkflowExecutionAlreadyStartedError)
        throw new Error(`a run of ${date} on "${flags.connection}" is already running (workflow ${workflowId})`);
      throw err;
    }
    if (!flags.wait) {
      if (flags.json) printJson({ run_id: runId, workflow_id: workflowId, plan_date: date });
      else
        process.stdout.write(`run ${runId} started for ${date} (workflow ${workflowId}); follow it with \`wayplan runs show ${runId}\`\n`);
      return;
    }
    const display = flags.json ? undefined : new NightlyProgressDisplay();
    try {
      await withProgress(
        client,
        () => handle.query(nightlyProgressQuery),
        (progress) => display?.update(progress),
        () => handle.result(),
      );
    } catch (err) {
      log.debug({ err }, 'the run failed');
    }
    if (display) display.update(await handle.query(nightlyProgressQuery));
    const run = await new PipelineRunStore(pool).get(account, runId);
    if (!run) throw new Error(`run ${runId} left no record (workflow ${workflowId})`);
    if (flags.json) printJson(runView(run));
    else printRunReport(run);
    if (run.status !== 'completed') process.exitCode = 1;
  });
}

/** Schedule ids carry the io queue, so deployments sharing one Temporal keep theirs apart. */
function schedulePrefix(config: Config): string {
  return `${config.taskQueues.io}-nightly:`;
}

function parseAt(value: string): { hour: number; minute: number } {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value);
  const hour = Number(match?.[1]);
  const minute = Number(match?.[2]);
  if (!match || hour > 23 || minute > 59) throw new Error(`--at must be a time HH:MM, got "${value}"`);
  return { hour, minute };
}

/** `wayplan schedule nightly`: creates the connection's nightly schedule, or brings it up to date. */
export async function scheduleNightly(config: Config, log: Logger, flags: ScheduleNightlyFlags): Promise<void> {
  const { hour, minute } = parseAt(flags.at);
  const timezone = zone('--tz', flags.tz);
  const planOffsetDays = Number(flags.planOffset);
  if (!Number.isInteger(planOffsetDays) || planOffsetDays < 0 || planOffsetDays > 366)
    throw new Error(`--plan-offset must be an integer from 0 to 366, got "${flags.planOffset}"`);
  const catchupWindow = parseTimespan(flags.catchupWindow);
  if (catchupWindow === undefined || catchupWindow < 60)
    throw new Error(`--catchup-window must be a timespan of at least 00:01:00, got "${flags.catchupWindow}"`);
  await withRunningStack(config, log, 2, async (pool, client) => {
    const account = await resolveAccount(pool, config, flags.connection, flags.account);
    const input: NightlyPlanInput = { ...planInput(config, account, flags), timezone, planOffsetDays, trigger: 'schedule' };
    const scheduleId = `${schedulePrefix(config)}${account}:${flags.connection}`;
    const spec = { calendars: [{ hour, minute, comment: `nightly at ${flags.at} ${timezone}` }], timezone };
    const action = {
      type: 'startWorkflow' as const,
      workflowType: workflowTypes.nightlyPlan,
      taskQueue: config.taskQueues.io,
      workflowId: `nightly:${account}:${flags.connection}`,
      args: [input],
    };
    // A night still running when the next one is due is not doubled; a missed night is made up within the window.
    const policies = { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: catchupWindow * 1000 };
    let created = true;
    try {
      await client.schedule.create({ scheduleId, spec, action, policies });
    } catch (err) {
      if (!(err instanceof ScheduleAlreadyRunning)) throw err;
      created = false;
      await client.schedule.getHandle(scheduleId).update((previous) => ({ ...previous, spec, action, policies }));
    }
    const next = (await client.schedule.getHandle(scheduleId).describe()).info.nextActionTimes[0];
    if (flags.json) printJson({ schedule_id: scheduleId, created, next_run: next?.toISOString() ?? null });
    else
      process.stdout.write(
        `${created ? 'created' : 'updated'} schedule ${scheduleId}: every day at ${flags.at} ${timezone}; next run ${next?.toISOString() ?? 'none'}\n`,
      );
  });
}

/** A schedule named by its full id, or by the connection name (`[account:]connection`). */
function scheduleIdOf(config: Config, name: string): string {
  return name.startsWith(schedulePrefix(config)) ? name : `${schedulePrefix(config)}${name}`;
}

export async function scheduleList(config: Config, log: Logger, options: { json?: boolean }): Promise<void> {
  await withRunningStack(config, log, 2, async (_pool, client) => {
    const rows: Record<string, unknown>[] = [];
    for await (const summary of client.schedule.list()) {
      if (!summary.scheduleId.startsWith(schedulePrefix(config))) continue;
      const description = await client.schedule.getHandle(summary.scheduleId).describe();
      const calendar = description.spec.calendars?.[0];
      const input = description.action.args?.[0] as NightlyPlanInput | undefined;
      rows.push({
        schedule: summary.scheduleId.slice(schedulePrefix(config).length),
        at: calendar
          ? `${String(calendar.hour[0]?.start ?? 0).padStart(2, '0')}:${String(calendar.minute[0]?.start ?? 0).padStart(2, '0')}`
          : '',
        timezone: description.spec.timezone ?? 'UTC',
        days: input?.days,
        territories: input?.territories?.join(' ') ?? 'all',
        paused: description.state.paused,
        next_run: description.info.nextActionTimes[0]?.toISOString() ?? null,
        last_run: description.info.recentActions.at(-1)?.takenAt.toISOString() ?? null,
      });
    }
    printRows(rows, Boolean(options.json));
  });
}

export async function scheduleChange(config: Config, log: Logger, name: string, change: 'pause' | 'resume' | 'delete'): Promise<void> {
  await withRunningStack(config, log, 2, async (_pool, client) => {
    const handle = client.schedule.getHandle(scheduleIdOf(config, name));
    try {
      if (change === 'pause') await handle.pause('paused with wayplan schedule pause');
      else if (change === 'resume') await handle.unpause('resumed with wayplan schedule resume');
      else await handle.delete();
    } catch (err) {
      if (err instanceof ScheduleNotFoundError) throw new Error(`no schedule ${name} (see \`wayplan schedule list\`)`);
      throw err;
    }
    process.stdout.write(`schedule ${name}: ${change === 'delete' ? 'deleted' : change === 'pause' ? 'paused' : 'resumed'}\n`);
  });
}
