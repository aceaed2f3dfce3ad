import { describeFailure, getJson, postJson } from './api';
import { formatTime, h, kilometres, money, showStatus } from './dom';
import type { PipelineRun, Problem, TerritoryRun } from './types';

const steps = ['pull', 'geocode', 'instantiate', 'build', 'optimize', 'sync'];

function seconds(ms: number | undefined): string {
  return ms === undefined ? '' : `${(ms / 1000).toFixed(1)} s`;
}

/** Opens a territory's plan in a new sandbox of the account and shows it. */
async function openPlan(run: PipelineRun, territory: string): Promise<void> {
  showStatus(`Opening the plan of ${territory}…`);
  const plan = await getJson<Problem>(
    `/v1/platform/runs/${encodeURIComponent(run.run_id)}/plan?territory=${encodeURIComponent(territory)}`,
  );
  const name = `${run.plan_date} ${territory} ${new Date().toISOString().slice(11, 19)}`;
  const created = await postJson<{ sandbox_id: string }>(`/v1/sandboxes?name=${encodeURIComponent(name)}`, plan);
  showStatus(`Opened ${territory} in sandbox “${name}”.`);
  location.hash = `#/sandboxes/${created.sandbox_id}`;
}

function territoryBlock(run: PipelineRun, territory: TerritoryRun): HTMLElement {
  const open = h(
    'button',
    { type: 'button', class: 'open-plan', 'data-territory': territory.territory, disabled: territory.status !== 'completed' },
    `Open plan of ${territory.territory}`,
  );
  open.addEventListener('click', () => {
    openPlan(run, territory.territory).catch((err: unknown) => showStatus(describeFailure(err), 'error'));
  });
  return h(
    'section',
    { class: 'territory', 'data-territory': territory.territory, 'aria-labelledby': `t-${territory.territory}` },
    h(
      'h2',
      { id: `t-${territory.territory}` },
      `${territory.territory} `,
      h('span', { class: `badge ${territory.status}` }, territory.status),
      territory.step ? ` (${territory.step})` : '',
    ),
    h(
      'p',
      { class: 'counts' },
      `${territory.jobs ?? '–'} jobs, ${territory.routed ?? '–'} routed on ${territory.routes ?? '–'} routes, ${territory.unrouted.length} unrouted`,
      territory.cost !== null ? `, cost ${money(territory.cost)}` : '',
      territory.distance_meters !== null ? `, ${kilometres(territory.distance_meters)}` : '',
    ),
    territory.error ? h('p', { class: 'error' }, territory.error) : null,
    h(
      'table',
      { class: 'steps' },
      h('caption', {}, 'Wall time per step'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          steps.map((step) => h('th', { scope: 'col' }, step)),
        ),
      ),
      h(
        'tbody',
        {},
        h(
          'tr',
          {},
          steps.map((step) => {
            const record = territory.steps[step];
            return h(
              'td',
              { class: record?.status ?? 'pending' },
              record
                ? `${seconds(record.ms)}${record.reused ? ' (reused)' : ''}${record.status !== 'completed' ? ` ${record.status}` : ''}`
                : '–',
            );
          }),
        ),
      ),
    ),
    territory.unrouted.length
      ? h(
          'details',
          {},
          h('summary', {}, `Unrouted jobs (${territory.unrouted.length})`),
          h(
            'ul',
            {},
            territory.unrouted.map((job) => h('li', {}, `${job.id}: ${job.reasons.join(', ') || 'no reason given'}`)),
          ),
        )
      : null,
    territory.failed_addresses.length
      ? h(
          'details',
          {},
          h('summary', {}, `Failed addresses (${territory.failed_addresses.length})`),
          h(
            'ul',
            {},
            territory.failed_addresses.map((address) =>
              h(
                'li',
                {},
                `${address.kind} ${address.id}: “${address.query}” — ${address.error_code}${address.message ? ` (${address.message})` : ''}`,
              ),
            ),
          ),
        )
      : null,
    territory.row_faults.length
      ? h(
          'details',
          {},
          h('summary', {}, `Bad rows (${territory.row_faults.length})`),
          h(
            'ul',
            {},
            territory.row_faults.map((fault) =>
              h('li', {}, `${fault.source}:${fault.line}${fault.column ? ` ${fault.column}` : ''} ${fault.message}`),
            ),
          ),
        )
      : null,
    open,
  );
}

/** Starts the same night again with the run's settings; finished steps are reused, failed ones redone. */
async function retry(run: PipelineRun): Promise<void> {
  const started = await postJson<{ run_id: string }>(`/v1/platform/runs/${encodeURIComponent(run.run_id)}/retry`, {});
  showStatus(`Started run ${started.run_id} of ${run.plan_date}.`);
  location.hash = `#/runs/${started.run_id}`;
}

/**
 * One nightly run: per territory its steps' wall times, counts, unrouted jobs and failed
 * addresses; refreshed every two seconds while it runs.
 */
export async function runView(main: HTMLElement, runId: string, signal: AbortSignal): Promise<void> {
  main.replaceChildren(h('p', {}, 'Loading…'));
  for (;;) {
    const run = await getJson<PipelineRun>(`/v1/platform/runs/${encodeURIComponent(runId)}`, signal);
    if (signal.aborted) return;
    showRun(main, run);
    if (run.status !== 'running') return;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

function showRun(main: HTMLElement, run: PipelineRun): void {
  main.dataset.run = run.run_id;
  const again = h('button', { type: 'button', id: 'retry-run', disabled: run.status === 'running' }, 'Retry this night');
  again.addEventListener('click', () => {
    retry(run).catch((err: unknown) => showStatus(describeFailure(err), 'error'));
  });
  main.replaceChildren(
    h('h1', {}, `Nightly run of ${run.plan_date}`),
    h(
      'p',
      {},
      `Connection ${run.connection}, ${run.days} day(s), ${run.trigger}, `,
      h('span', { class: `badge ${run.status}`, id: 'run-status' }, run.status),
      `, started ${formatTime(run.started_time)}`,
      run.finished_time ? `, finished ${formatTime(run.finished_time)}` : '',
    ),
    run.error ? h('p', { class: 'error' }, run.error) : '',
    h(
      'p',
      {},
      again,
      ' ',
      h(
        'span',
        { class: 'hint' },
        'plans the night again with the same settings: finished steps are reused, failed addresses are geocoded again.',
      ),
    ),
    ...(run.territories ?? []).map((territory) => territoryBlock(run, territory)),
  );
}
