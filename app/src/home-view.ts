import { getJson } from './api';
import { formatTime, h, progressText } from './dom';
import type { NightlySchedule, PipelineRun, SandboxResponse, TaskStatus } from './types';

type Cell = Node | string;

function section(title: string, id: string, headers: string[], cells: Cell[][], empty: string): HTMLElement {
  const rows = cells.map((row) =>
    h(
      'tr',
      {},
      row.map((cell) => h('td', {}, cell)),
    ),
  );
  return h(
    'section',
    { class: 'listing', 'aria-labelledby': `${id}-title` },
    h('h2', { id: `${id}-title` }, title),
    rows.length === 0
      ? h('p', {}, empty)
      : h(
          'table',
          { id },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              headers.map((header) => h('th', { scope: 'col' }, header)),
            ),
          ),
          h('tbody', {}, rows),
        ),
  );
}

const statusBadge = (status: string): HTMLElement => h('span', { class: `badge ${status}` }, status);

/** The account's tasks, nightly runs and sandboxes, newest first. */
export async function homeView(main: HTMLElement): Promise<void> {
  main.replaceChildren(h('p', {}, 'Loading…'));
  const [tasks, runs, sandboxes, schedules] = await Promise.all([
    getJson<{ tasks: TaskStatus[] }>('/v1/tasks?limit=20'),
    getJson<{ runs: PipelineRun[] }>('/v1/platform/runs?limit=20'),
    getJson<SandboxResponse[]>('/v1/sandboxes'),
    getJson<{ schedules: NightlySchedule[] }>('/v1/platform/schedules'),
  ]);
  const newestSandboxes = [...sandboxes].sort((a, b) => b.updated_time.localeCompare(a.updated_time));
  main.replaceChildren(
    h('h1', {}, 'Overview'),
    section(
      'Nightly runs',
      'runs',
      ['Started', 'Connection', 'Plan date', 'Days', 'Status'],
      runs.runs.map((run) => [
        h('a', { href: `#/runs/${run.run_id}` }, formatTime(run.started_time)),
        run.connection,
        run.plan_date,
        String(run.days),
        statusBadge(run.status),
      ]),
      'No nightly runs yet.',
    ),
    section(
      'Nightly schedules',
      'schedules',
      ['Connection', 'Every day at', 'Next run', 'Last run'],
      schedules.schedules.map((schedule) => [
        schedule.connection,
        `${schedule.at ?? ''} ${schedule.timezone}`,
        schedule.paused ? 'paused' : schedule.next_run ? formatTime(schedule.next_run) : 'none',
        schedule.last_run ? formatTime(schedule.last_run) : '',
      ]),
      'No nightly schedule: `wayplan schedule nightly` makes one.',
    ),
    section(
      'Sandboxes',
      'sandboxes',
      ['Updated', 'Name', 'Owner', 'Revision'],
      newestSandboxes.map((sandbox) => [
        formatTime(sandbox.updated_time),
        h('a', { href: `#/sandboxes/${sandbox.sandbox_id}` }, sandbox.sandbox_name),
        sandbox.owner,
        String(sandbox.latest_revision),
      ]),
      'No sandboxes yet: open a nightly plan to make one.',
    ),
    section(
      'Tasks',
      'tasks',
      ['Started', 'Operation', 'Status', 'Progress', 'Finished'],
      tasks.tasks.map((task) => [
        formatTime(task.started_time),
        task.operation,
        statusBadge(task.status),
        progressText(task.progress),
        task.finished_time ? formatTime(task.finished_time) : '',
      ]),
      'No tasks yet.',
    ),
  );
}
