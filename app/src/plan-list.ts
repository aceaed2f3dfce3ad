import { h, kilometres, money, shortTimespan } from './dom';
import { jobStops, routeColour, type Move } from './plan-model';
import type { Problem, ProblemResponse, TimeWindow } from './types';

export interface ListHandlers {
  /** A job dropped at a new place. */
  move(move: Move): void;
  /** A job chosen with the keyboard or a click, for the move and best-fit tools. */
  select(job: string): void;
  /** A drag attempt without the right to edit. */
  refused(): void;
  editable(): boolean;
}

const windowText = (window: TimeWindow | undefined): string =>
  window ? `${shortTimespan(window.start)}–${shortTimespan(window.end)}` : '';

/** The route list beside the map: stops with arrival, window and violations; costs; unrouted jobs. */
export function routeList(problem: Problem, evaluation: ProblemResponse, selected: string | undefined): HTMLElement {
  const jobs = new Map((problem.jobs ?? []).map((job) => [job.id, job]));
  const routeNames = new Map((problem.routes ?? []).map((route) => [route.id, route]));
  const routes = evaluation.routes.map((route, index) => {
    const stops = jobStops(route);
    const violations = route.violations.length + (route.stops ?? []).reduce((sum, stop) => sum + stop.violations.length, 0);
    const source = routeNames.get(route.id);
    const driver = typeof source?.driver === 'string' ? source.driver : source?.driver?.id;
    return h(
      'article',
      { class: 'route', 'data-route': route.id, style: `--route-colour: ${routeColour(index)}` },
      h(
        'h3',
        {},
        h('span', { class: 'swatch', 'aria-hidden': 'true' }),
        `${route.name ?? route.id}`,
        driver ? h('span', { class: 'driver' }, ` · ${driver}`) : null,
      ),
      h(
        'p',
        { class: 'route-figures' },
        h('span', { class: 'cost', 'data-cost': route.cost }, `cost ${money(route.cost)}`),
        ` · ${kilometres(route.distance_meters)} · working ${shortTimespan(route.working_time)} · `,
        h(
          'span',
          { class: violations ? 'violation-count has-violations' : 'violation-count', 'data-violations': violations },
          `${violations} violation${violations === 1 ? '' : 's'}`,
        ),
      ),
      h(
        'ol',
        { class: 'stops', 'data-route': route.id },
        stops.map((stop, position) => {
          const job = jobs.get(stop.job!);
          const violated = stop.violations.length > 0;
          const arrival = stop.arrival_time ?? stop.arrival_datetime;
          return h(
            'li',
            {
              class: `stop${violated ? ' violated' : ''}${stop.job === selected ? ' selected' : ''}`,
              tabindex: 0,
              'data-job': stop.job,
              'data-route': route.id,
              'data-index': position,
              'data-arrival': arrival ?? '',
              'aria-label': `Stop ${position + 1}: ${stop.job}, arrival ${shortTimespan(arrival)}${violated ? `, violations ${stop.violations.map((v) => v.type).join(', ')}` : ''}`,
            },
            h('span', { class: 'seq' }, position + 1),
            h('span', { class: 'job' }, job?.name ?? stop.job),
            h('span', { class: 'arrival' }, shortTimespan(arrival)),
            h('span', { class: 'window' }, windowText(job?.time_window)),
            violated
              ? h('span', { class: 'violations' }, stop.violations.map((violation) => violation.type.replaceAll('_', ' ')).join(', '))
              : null,
          );
        }),
        h('li', { class: 'drop-end', 'data-route': route.id, 'data-index': stops.length }, 'drop here to add at the end'),
      ),
      route.violations.length
        ? h('p', { class: 'route-violations' }, route.violations.map((violation) => violation.type.replaceAll('_', ' ')).join(', '))
        : null,
    );
  });
  const unrouted = h(
    'article',
    { class: 'unrouted', 'data-route': '' },
    h('h3', {}, `Unrouted jobs (${evaluation.unrouted_jobs.length})`),
    h(
      'ul',
      { class: 'stops' },
      evaluation.unrouted_jobs.map((job) =>
        h(
          'li',
          { class: `stop unrouted-job${job.id === selected ? ' selected' : ''}`, tabindex: 0, 'data-job': job.id, 'data-route': '' },
          h('span', { class: 'job' }, jobs.get(job.id)?.name ?? job.id),
          h('span', { class: 'window' }, windowText(jobs.get(job.id)?.time_window)),
          job.reasons?.length ? h('span', { class: 'violations' }, job.reasons.join(', ').replaceAll('_', ' ')) : null,
        ),
      ),
    ),
  );
  const total = evaluation.routes.reduce((sum, route) => sum + route.cost, 0);
  return h(
    'div',
    { class: 'route-list' },
    h('p', { class: 'plan-total' }, `Total cost `, h('strong', { id: 'total-cost' }, money(total))),
    routes,
    unrouted,
  );
}

/** Where a drop at this element puts the dragged job, or undefined when it is no place. */
function dropTarget(element: Element | null, job: string): Move | undefined {
  const target = element?.closest('li.stop, li.drop-end, article.unrouted, article.route');
  if (!target) return undefined;
  if (target.matches('article.unrouted') || (target as HTMLElement).dataset.route === '') return { job, route: undefined, index: 0 };
  if (target.matches('article.route')) {
    const end = target.querySelector<HTMLElement>('li.drop-end');
    return end ? { job, route: end.dataset.route, index: Number(end.dataset.index) } : undefined;
  }
  const data = (target as HTMLElement).dataset;
  return { job, route: data.route, index: Number(data.index) };
}

/**
 * Dragging with the pointer (mouse, pen, touch) in the list: a stop onto another stop goes before
 * it; onto "drop here" at the end; onto the unrouted list off its route.
 */
export function enableListDrag(container: HTMLElement, handlers: ListHandlers): void {
  container.addEventListener('pointerdown', (down) => {
    const item = (down.target as Element).closest<HTMLElement>('li.stop');
    if (!item || down.button !== 0) return;
    const job = item.dataset.job!;
    const from = { route: item.dataset.route || undefined, index: Number(item.dataset.index ?? -1) };
    let ghost: HTMLElement | undefined;
    let over: HTMLElement | undefined;
    const move = (event: PointerEvent): void => {
      if (!ghost) {
        if (Math.hypot(event.clientX - down.clientX, event.clientY - down.clientY) < 6) return;
        if (!handlers.editable()) {
          finish();
          handlers.refused();
          return;
        }
        ghost = h('div', { class: 'drag-ghost', 'aria-hidden': 'true' }, item.querySelector('.job')?.textContent ?? job);
        document.body.append(ghost);
        item.classList.add('dragging');
      }
      ghost.style.transform = `translate(${event.clientX + 8}px, ${event.clientY + 8}px)`;
      const target =
        document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>('li.stop, li.drop-end, article.unrouted') ??
        undefined;
      if (target !== over) {
        over?.classList.remove('drop-target');
        target?.classList.add('drop-target');
        over = target;
      }
    };
    const finish = (): void => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', finish);
      over?.classList.remove('drop-target');
      item.classList.remove('dragging');
      ghost?.remove();
    };
    const up = (event: PointerEvent): void => {
      const dragged = ghost !== undefined;
      finish();
      if (!dragged) {
        handlers.select(job);
        return;
      }
      const target = dropTarget(document.elementFromPoint(event.clientX, event.clientY), job);
      if (!target) return;
      // The job leaves its old place first: further down the same route, everything shifts up one.
      if (target.route !== undefined && target.route === from.route && from.index < target.index) target.index -= 1;
      if (target.route === from.route && (target.route === undefined || target.index === from.index)) return;
      handlers.move(target);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', finish);
  });
  container.addEventListener('keydown', (event) => {
    const item = (event.target as Element).closest<HTMLElement>('li.stop');
    if (!item) return;
    const job = item.dataset.job!;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      handlers.select(job);
      return;
    }
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') || !item.dataset.route) return;
    event.preventDefault();
    if (!handlers.editable()) {
      handlers.refused();
      return;
    }
    const index = Number(item.dataset.index) + (event.key === 'ArrowUp' ? -1 : 1);
    const count = item.parentElement!.querySelectorAll('li.stop').length;
    if (index >= 0 && index < count) handlers.move({ job, route: item.dataset.route, index });
  });
}
