import { describeFailure, getJson, postForText, postJson, RequestFailed } from './api';
import { h, money, progressText, showStatus } from './dom';
import { enableListDrag, routeList } from './plan-list';
import { mapContainer, PlanMap, type MapPlan } from './plan-map';
import {
  jobLocation,
  moveDeltas,
  parseLatLon,
  placeOf,
  replaceOrderDeltas,
  routeColour,
  routeJobIds,
  type LatLngPair,
  type Move,
} from './plan-model';
import type { Problem, ProblemResponse, RecommendOption, SandboxEnvelope, SandboxResponse, TaskStatus } from './types';

interface RoutePath {
  path?: string[];
  straight_line_fallback?: boolean;
}

interface PathAnswer {
  routes: RoutePath[];
}

/**
 * A sandbox's plan: map and route list, edited by moves that become sandbox revisions, each
 * re-evaluated; undo/redo; other editors' revisions arrive through the long-poll.
 */
class PlanEditor {
  private problem: Problem = {};
  private evaluation: ProblemResponse = { routes: [], unrouted_jobs: [] };
  private revision = -1;
  private editable = false;
  /** Revisions this tab made (content revisions only: undo targets may not be undo revisions). */
  private history: number[] = [];
  private position = 0;
  private selected: string | undefined;
  /** One change at a time: a move, an undo, a reload. */
  private queue: Promise<void> = Promise.resolve();
  private readonly map: PlanMap;
  private readonly list = h('div', { class: 'list-host' });
  private readonly tools = h('div', { class: 'tools', role: 'group', 'aria-label': 'Selected job' });
  private readonly undoButton = h('button', { type: 'button', id: 'undo', title: 'Undo (Ctrl+Z)' }, 'Undo');
  private readonly redoButton = h('button', { type: 'button', id: 'redo', title: 'Redo (Ctrl+Y)' }, 'Redo');
  private readonly taskPanel = h('div', { class: 'task-panel', 'aria-live': 'polite' });
  private readonly revisionLabel = h('span', { id: 'revision' });
  private readonly access = h('span', { id: 'access' });
  /** Road geometry by the places a route passes, so that a move asks only for the routes it changed. */
  private readonly pathCache = new Map<string, RoutePath>();

  constructor(
    private readonly sandboxId: string,
    private readonly main: HTMLElement,
    private readonly signal: AbortSignal,
  ) {
    // The revision marks of a sandbox shown before in this page must not stand for this one.
    delete main.dataset.listedRevision;
    delete main.dataset.drawnRevision;
    const mapHost = mapContainer();
    this.map = new PlanMap(mapHost, (job, target) => this.dropOnMap(job, target), document.body.dataset.tileUrl || undefined);
    this.undoButton.addEventListener('click', () => this.undo());
    this.redoButton.addEventListener('click', () => this.redo());
    const optimize = h('button', { type: 'button', id: 'reoptimize' }, 'Re-optimize');
    const sequence = h('button', { type: 'button', id: 'resequence' }, 'Re-sequence');
    const print = h('button', { type: 'button', id: 'print-cards' }, 'Route cards');
    optimize.addEventListener('click', () => this.solve('optimize'));
    sequence.addEventListener('click', () => this.solve('sequence'));
    print.addEventListener('click', () => this.printCards());
    main.replaceChildren(
      h(
        'div',
        { class: 'plan-bar' },
        h('h1', { id: 'plan-title' }, 'Plan'),
        this.revisionLabel,
        this.access,
        h(
          'div',
          { class: 'actions', role: 'toolbar', 'aria-label': 'Plan actions' },
          this.undoButton,
          this.redoButton,
          optimize,
          sequence,
          print,
        ),
      ),
      this.taskPanel,
      h('div', { class: 'plan' }, mapHost, h('aside', { class: 'side', 'aria-label': 'Routes' }, this.tools, this.list)),
    );
    enableListDrag(this.list, {
      move: (move) => this.move(move),
      select: (job) => this.select(job),
      refused: () => this.refused(),
      editable: () => this.editable,
    });
    document.addEventListener('keydown', this.shortcuts);
    signal.addEventListener('abort', () => document.removeEventListener('keydown', this.shortcuts));
  }

  private readonly shortcuts = (event: KeyboardEvent): void => {
    if (!(event.ctrlKey || event.metaKey) || (event.target as Element).closest('input, select, textarea')) return;
    if (event.key === 'z' && !event.shiftKey) {
      event.preventDefault();
      this.undo();
    } else if (event.key === 'y' || (event.key === 'z' && event.shiftKey)) {
      event.preventDefault();
      this.redo();
    }
  };

  async start(): Promise<void> {
    const acl = await getJson<{ permission: string }>(`/v1/sandboxes/${this.sandboxId}/acl`);
    this.editable = acl.permission === 'write' || acl.permission === 'admin';
    this.access.textContent = this.editable ? '' : 'Read-only: you can look but not edit';
    this.access.className = this.editable ? '' : 'read-only';
    this.map.setEditable(this.editable);
    await this.reload();
    this.history = [this.revision];
    this.position = 0;
    this.updateButtons();
    void this.follow();
  }

  /** The latest revision, evaluated, with its road geometry; drawn unless a newer one came first. */
  private async reload(): Promise<void> {
    const envelope = await getJson<SandboxEnvelope>(`/v1/sandboxes/${this.sandboxId}?envelope=1`);
    // A revision shown already (the long-poll reporting this tab's own change) is not drawn again.
    if (envelope.snapshot_revision <= this.revision) return;
    const evaluation = await postJson<ProblemResponse>('/v1/evaluate?wait=1', envelope.snapshot);
    const revision = envelope.snapshot_revision;
    if (revision <= this.revision || this.signal.aborted) return;
    this.problem = envelope.snapshot;
    this.evaluation = evaluation;
    this.revision = revision;
    (this.main.querySelector('#plan-title') as HTMLElement).textContent = envelope.sandbox.sandbox_name;
    this.revisionLabel.textContent = `revision ${revision}`;
    // Times, violations and costs first; the map follows once the changed routes' roads are known.
    this.renderList();
    this.main.dataset.listedRevision = String(revision);
    const mapPlan = await this.mapPlan(envelope.snapshot, evaluation);
    if (revision !== this.revision || this.signal.aborted) return;
    await this.map.show(mapPlan);
    this.main.dataset.drawnRevision = String(revision);
  }

  /** Road geometry of each route through these places, asked only for routes not seen before. */
  private async roadPaths(routes: { id: string; places: LatLngPair[] }[]): Promise<Map<string, RoutePath>> {
    const key = (places: LatLngPair[]): string => places.map((at) => at.join(',')).join(';');
    const asked = routes.filter((route) => route.places.length >= 2 && !this.pathCache.has(key(route.places)));
    if (asked.length > 0) {
      const answer = await postJson<PathAnswer>('/v1/path', {
        routes: asked.map((route) => ({
          id: route.id,
          routing_options: { return_path: true },
          stops: route.places.map((at) => ({ location: `${at[0]}, ${at[1]}` })),
        })),
      });
      if (this.pathCache.size > 2000) this.pathCache.clear();
      answer.routes.forEach((path, i) => this.pathCache.set(key(asked[i]!.places), path));
    }
    return new Map(
      routes.flatMap((route) => {
        const path = this.pathCache.get(key(route.places));
        return path ? [[route.id, path]] : [];
      }),
    );
  }

  private async mapPlan(problem: Problem, evaluation: ProblemResponse): Promise<MapPlan> {
    // Evaluate names the place of depot stops; a job stop is where its job is.
    const placed = evaluation.routes.map((route) =>
      (route.stops ?? []).flatMap((stop) => {
        const at = parseLatLon(stop.location) ?? (stop.job ? jobLocation(problem, stop.job) : undefined);
        return at ? [{ stop, at }] : [];
      }),
    );
    const geometry = await this.roadPaths(evaluation.routes.map((route, i) => ({ id: route.id, places: placed[i]!.map(({ at }) => at) })));
    const depots = new Map<string, LatLngPair>();
    for (const stops of placed) for (const { stop, at } of stops) if (stop.type === 'depot') depots.set(at.join(','), at);
    return {
      routes: evaluation.routes.map((route, i) => {
        const path = geometry.get(route.id);
        return {
          id: route.id,
          colour: routeColour(i),
          line: path?.path
            ? path.path.flatMap((text) => {
                const point = parseLatLon(text);
                return point ? [point] : [];
              })
            : placed[i]!.map(({ at }) => at),
          straight: !path?.path || path.straight_line_fallback === true,
        };
      }),
      stops: evaluation.routes.flatMap((route, i) => {
        let sequence = 0;
        return placed[i]!.flatMap(({ stop, at }) =>
          stop.type === 'job'
            ? [{ job: stop.job!, route: route.id, sequence: ++sequence, at, colour: routeColour(i), violated: stop.violations.length > 0 }]
            : [],
        );
      }),
      depots: [...depots.values()],
      unrouted: evaluation.unrouted_jobs.flatMap((job) => {
        const at = jobLocation(problem, job.id);
        return at ? [{ job: job.id, at }] : [];
      }),
    };
  }

  private renderList(): void {
    this.list.replaceChildren(routeList(this.problem, this.evaluation, this.selected));
    this.renderTools();
  }

  private renderTools(): void {
    const job = this.selected;
    if (!job || !(this.problem.jobs ?? []).some((candidate) => candidate.id === job)) {
      this.tools.replaceChildren(
        h(
          'p',
          { class: 'hint' },
          'Select a stop (click, or Enter on it) to move it or find where it fits best. Drag stops between routes; Alt+↑/↓ moves a focused stop.',
        ),
      );
      return;
    }
    const place = placeOf(this.problem, job);
    const routeSelect = h(
      'select',
      { id: 'move-route', 'aria-label': 'Route' },
      (this.problem.routes ?? []).map((route) => h('option', { value: route.id, selected: route.id === place?.route }, route.id)),
      h('option', { value: '', selected: !place }, 'unrouted'),
    );
    const positionInput = h('input', {
      id: 'move-position',
      type: 'number',
      min: 1,
      value: (place?.index ?? 0) + 1,
      'aria-label': 'Position on the route',
      size: 4,
    });
    const moveButton = h('button', { type: 'button', id: 'move-apply', disabled: !this.editable }, 'Move');
    moveButton.addEventListener('click', () => {
      const route = routeSelect.value || undefined;
      const length = route ? routeJobIds(this.problem.routes!.find((r) => r.id === route)!).filter((id) => id !== job).length : 0;
      this.move({ job, route, index: Math.min(Math.max(Number(positionInput.value) - 1, 0), length) });
    });
    const fit = h('button', { type: 'button', id: 'best-fit' }, 'Where does it fit best?');
    const options = h('div', { class: 'fit-options', 'aria-live': 'polite' });
    fit.addEventListener('click', () => {
      this.recommend(job, options).catch((err: unknown) => showStatus(describeFailure(err), 'error'));
    });
    this.tools.replaceChildren(
      h('p', {}, 'Selected ', h('strong', { id: 'selected-job' }, job)),
      h('div', { class: 'move-form' }, routeSelect, positionInput, moveButton, fit),
      options,
    );
  }

  private select(job: string): void {
    this.selected = job;
    this.renderList();
    this.list.querySelector<HTMLElement>(`li.stop[data-job="${CSS.escape(job)}"]`)?.focus();
  }

  private refused(): void {
    showStatus('This sandbox is read-only for you: the change was not made.', 'error');
  }

  private dropOnMap(job: string, target: { route: string; sequence: number }): void {
    if (!this.editable) return this.refused();
    const from = placeOf(this.problem, job);
    let index = target.sequence - 1;
    if (from && from.route === target.route && from.index < index) index -= 1;
    this.move({ job, route: target.route, index });
  }

  /** Runs changes one after another, reporting failures instead of dropping them. */
  private enqueue(work: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(work).catch((err: unknown) => {
      if (err instanceof RequestFailed && err.status === 403) this.refused();
      else showStatus(describeFailure(err), 'error');
    });
    return this.queue;
  }

  private move(move: Move): void {
    if (!this.editable) return this.refused();
    void this.enqueue(async () => {
      const deltas = moveDeltas(this.problem, move);
      if (deltas.length === 0) return;
      await this.commit({ deltas }, `Moved ${move.job} ${move.route ? `to ${move.route}, position ${move.index + 1}` : 'off its route'}`);
    });
  }

  /** Appends a revision, remembers it for undo, and shows the re-evaluated plan. */
  private async commit(revision: unknown, message: string): Promise<void> {
    const created = await postJson<{ revision: number }>(`/v1/sandboxes/${this.sandboxId}/revisions`, revision);
    this.history = [...this.history.slice(0, this.position + 1), created.revision];
    this.position = this.history.length - 1;
    await this.reload();
    this.updateButtons();
    showStatus(`${message} (revision ${created.revision}).`);
  }

  private undo(): void {
    if (!this.editable || this.position === 0) return;
    void this.enqueue(() => this.travel(this.position - 1, 'Undone'));
  }

  private redo(): void {
    if (!this.editable || this.position >= this.history.length - 1) return;
    void this.enqueue(() => this.travel(this.position + 1, 'Redone'));
  }

  private async travel(position: number, verb: string): Promise<void> {
    const target = this.history[position]!;
    const created = await postJson<{ revision: number }>(`/v1/sandboxes/${this.sandboxId}/revisions`, { undo_redo_to_revision: target });
    this.position = position;
    await this.reload();
    this.updateButtons();
    showStatus(`${verb}: the plan of revision ${target} again (revision ${created.revision}).`);
  }

  private updateButtons(): void {
    this.undoButton.disabled = !this.editable || this.position === 0;
    this.redoButton.disabled = !this.editable || this.position >= this.history.length - 1;
  }

  /** Long-polls for revisions made elsewhere and shows each. */
  private async follow(): Promise<void> {
    while (!this.signal.aborted) {
      try {
        const answer = await getJson<SandboxResponse>(
          `/v1/sandboxes/${this.sandboxId}/revisions?from=${this.revision + 1}&wait=1`,
          this.signal,
        );
        if (answer.latest_revision > this.revision) {
          await this.enqueue(async () => {
            const before = this.revision;
            await this.reload();
            // Someone else's change: this tab's undo history no longer describes the plan.
            if (!this.history.includes(this.revision) && this.revision !== before) {
              this.history = [this.revision];
              this.position = 0;
              this.updateButtons();
              showStatus(`The plan changed elsewhere: now revision ${this.revision}.`);
            }
          });
        }
      } catch (err) {
        if (this.signal.aborted) return;
        showStatus(`Live updates paused: ${describeFailure(err)}`, 'error');
        await new Promise((resolve) => setTimeout(resolve, 3000));
      }
    }
  }

  private async recommend(job: string, host: HTMLElement): Promise<void> {
    host.replaceChildren(h('p', {}, 'Looking for the best places…'));
    // Options with a hard violation are listed too (ranked after the others): the dispatcher decides.
    const answer = await postJson<{ recommend_options: RecommendOption[] }>('/v1/recommend?wait=1', {
      ...this.problem,
      job,
      max_results: 5,
      allow_hard_constraint_violations: true,
    });
    if (answer.recommend_options.length === 0) {
      host.replaceChildren(h('p', { class: 'no-fit' }, `No route can take ${job}.`));
      return;
    }
    host.replaceChildren(
      h(
        'ol',
        { class: 'fit-list' },
        answer.recommend_options.map((option) => {
          const route = option.routes[option.route_index]!.id;
          const apply = h('button', { type: 'button', class: 'fit-apply', disabled: !this.editable }, 'Put it here');
          apply.addEventListener('click', () => this.move({ job, route, index: option.job_index }));
          return h(
            'li',
            {},
            `${route}, position ${option.job_index + 1}: +${money(option.delta_cost)} cost, +${(option.delta_distance_meters / 1000).toFixed(1)} km `,
            apply,
          );
        }),
      ),
    );
  }

  /** Re-optimize or re-sequence the plan as a task; its result is shown to accept or discard. */
  private solve(operation: 'optimize' | 'sequence'): void {
    if (!this.editable) return this.refused();
    const run = async (): Promise<void> => {
      const basis = this.revision;
      const started = await postJson<{ task_id: string }>(`/v1/${operation}`, this.problem);
      const progress = h('span', { class: 'progress' }, 'started');
      const cancel = h('button', { type: 'button' }, 'Cancel');
      let canceled = false;
      cancel.addEventListener('click', () => {
        canceled = true;
        void postJson(`/v1/tasks/${started.task_id}/cancel`, {}).catch(() => undefined);
      });
      this.taskPanel.replaceChildren(
        h('p', {}, `${operation === 'optimize' ? 'Re-optimizing' : 'Re-sequencing'}: `, progress, ' ', cancel),
      );
      let status: TaskStatus;
      for (;;) {
        status = await getJson<TaskStatus>(`/v1/tasks/${started.task_id}`);
        progress.textContent = `${status.status} ${progressText(status.progress)}`;
        if (status.status !== 'running' || this.signal.aborted) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      if (status.status !== 'completed') {
        this.taskPanel.replaceChildren(h('p', {}, `The ${operation} task ended ${canceled ? 'canceled' : status.status}.`));
        return;
      }
      const result = await getJson<ProblemResponse>(`/v1/tasks/${started.task_id}/result`);
      const cost = (plan: ProblemResponse): number => plan.routes.reduce((sum, route) => sum + route.cost, 0);
      const accept = h('button', { type: 'button', id: 'accept-result' }, 'Accept');
      const discard = h('button', { type: 'button', id: 'discard-result' }, 'Discard');
      accept.addEventListener('click', () => {
        this.taskPanel.replaceChildren();
        if (this.revision !== basis) showStatus('The plan changed while the task ran; its order replaces the current one.');
        void this.enqueue(() => this.commit({ deltas: replaceOrderDeltas(this.problem, result) }, `Accepted the ${operation} result`));
      });
      discard.addEventListener('click', () => this.taskPanel.replaceChildren());
      this.taskPanel.replaceChildren(
        h(
          'p',
          {},
          `${operation} result: cost ${money(cost(result))} (now ${money(cost(this.evaluation))}), ${result.unrouted_jobs.length} unrouted (now ${this.evaluation.unrouted_jobs.length}). `,
          accept,
          ' ',
          discard,
        ),
      );
    };
    run().catch((err: unknown) => this.taskPanel.replaceChildren(h('p', { class: 'error' }, describeFailure(err))));
  }

  private printCards(): void {
    postForText('/v1/route_cards', this.problem, 'text/html').then(
      (html) => {
        const url = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
        const opened = window.open(url, '_blank');
        if (!opened) location.assign(url);
      },
      (err: unknown) => showStatus(describeFailure(err), 'error'),
    );
  }

  resized(): void {
    this.map.invalidateSize();
  }
}

export async function planView(main: HTMLElement, sandboxId: string, signal: AbortSignal): Promise<void> {
  const editor = new PlanEditor(sandboxId, main, signal);
  const onResize = (): void => editor.resized();
  window.addEventListener('resize', onResize);
  signal.addEventListener('abort', () => window.removeEventListener('resize', onResize));
  await editor.start();
}
