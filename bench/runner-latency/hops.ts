import { Client, Connection } from '@temporalio/client';
import type { temporal } from '@temporalio/proto';

/** One sequential request as the client timed it: epoch milliseconds when it was sent and answered. */
export interface TimedRequest {
  sent: number;
  answered: number;
}

/**
 * Where a request's milliseconds went, from the clocks of this one machine: the task record's
 * times (PostgreSQL's) and its workflow's history (Temporal's).
 * - front: sent → task stored (HTTP, auth, parse, validation, the insert)
 * - start: task stored → workflow started (the insert's commit, the client's start, Temporal persisting it)
 * - dispatch: workflow started → its workflow task picked up by the worker
 * - work: picked up → task finished (activation, the local activity, reading the task, the operation, storing the result)
 * - back: task finished → answered (NOTIFY, reading the result, sending it)
 */
export const hopNames = ['front', 'start', 'dispatch', 'work', 'back'] as const;
export type Hops = Record<(typeof hopNames)[number], number>;

interface TaskTimes {
  task_id: string;
  started_time: string;
  finished_time?: string;
}

function eventMs(event: temporal.api.history.v1.IHistoryEvent): number {
  return Number(event.eventTime?.seconds ?? 0) * 1000 + (event.eventTime?.nanos ?? 0) / 1e6;
}

/** The history events' times of a workflow by event kind (the first of each). */
async function historyTimes(client: Client, workflowId: string): Promise<Map<string, number>> {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  const times = new Map<string, number>();
  for (const event of history.events ?? []) {
    const kind = Object.keys(event).find((key) => key.endsWith('EventAttributes') && event[key as keyof typeof event]);
    if (kind !== undefined && !times.has(kind)) times.set(kind, eventMs(event));
  }
  return times;
}

/**
 * The hops of the account's latest `requests.length` tasks, taken as the requests in the order
 * they were sent (they ran one after the other).
 */
export async function requestHops(base: string, authorization: string, temporalAddress: string, requests: TimedRequest[]): Promise<Hops[]> {
  const listed = await fetch(`${base}/v1/tasks?limit=${requests.length}`, { headers: { authorization } });
  const tasks = ((await listed.json()) as { tasks: TaskTimes[] }).tasks.reverse();
  const connection = await Connection.connect({ address: temporalAddress });
  try {
    const client = new Client({ connection });
    return await Promise.all(
      requests.map(async (request, i) => {
        const task = tasks[i]!;
        const history = await historyTimes(client, task.task_id);
        const stored = Date.parse(task.started_time);
        const started = history.get('workflowExecutionStartedEventAttributes') ?? stored;
        const pickedUp = history.get('workflowTaskStartedEventAttributes') ?? started;
        const finished = task.finished_time === undefined ? request.answered : Date.parse(task.finished_time);
        return {
          front: stored - request.sent,
          start: started - stored,
          dispatch: pickedUp - started,
          work: finished - pickedUp,
          back: request.answered - finished,
        };
      }),
    );
  } finally {
    await connection.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * The median of each hop over the faster half of the requests and over the slowest quarter: the
 * hop whose median grows between the two is where the slow requests lose their time.
 */
export function hopsByMode(samples: number[], hops: Hops[]): string {
  const order = samples.map((ms, i) => ({ ms, i })).sort((a, b) => a.ms - b.ms);
  const fast = order.slice(0, Math.ceil(order.length / 2)).map(({ i }) => hops[i]!);
  const slow = order.slice(Math.floor((order.length * 3) / 4)).map(({ i }) => hops[i]!);
  const line = (label: string, group: Hops[], ms: number[]) =>
    `${label} ${median(ms).toFixed(0).padStart(4)}: ${hopNames.map((hop) => `${hop} ${median(group.map((h) => h[hop])).toFixed(0)}`).join(', ')}`;
  return `${line(
    'fast half',
    fast,
    order.slice(0, fast.length).map(({ ms }) => ms),
  )} | ${line(
    'slowest quarter',
    slow,
    order.slice(order.length - slow.length).map(({ ms }) => ms),
  )}`;
}
