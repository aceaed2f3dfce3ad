type Child = Node | string | number | null | undefined | false;
type Attributes = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;

/** A DOM element: attributes (on* keys are listeners, false/undefined are left out) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

export function showStatus(message: string, kind: 'info' | 'error' = 'info'): void {
  const status = document.getElementById('status')!;
  status.textContent = message;
  status.className = kind;
}

export function formatTime(iso: string): string {
  return new Date(iso).toLocaleString();
}

/** "01:02:03" timespans, and the time of "2026-12-01T08:12:00" datetimes, as hours and minutes. */
export function shortTimespan(timespan: string | undefined): string {
  if (!timespan) return '';
  const datetime = /T(\d\d:\d\d)/.exec(timespan);
  if (datetime) return datetime[1]!;
  const match = /^(-)?(?:(\d+)\.)?(\d+):(\d\d)/.exec(timespan);
  if (!match) return timespan;
  const hours = Number(match[2] ?? 0) * 24 + Number(match[3]);
  return `${match[1] ?? ''}${String(hours).padStart(2, '0')}:${match[4]}`;
}

export function money(value: number): string {
  return value.toFixed(2);
}

export function kilometres(meters: number): string {
  return `${(meters / 1000).toFixed(1)} km`;
}

/** A task's progress in a few words: its phase, best cost and elapsed time, or a percentage. */
export function progressText(progress: unknown): string {
  if (progress === undefined || progress === null) return '';
  if (typeof progress === 'number') return `${Math.round(progress * 100)} %`;
  if (typeof progress !== 'object') return String(progress);
  const fields = progress as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof fields.phase === 'string') parts.push(fields.phase);
  if (typeof fields.routes_done === 'number' && typeof fields.routes_total === 'number')
    parts.push(`${fields.routes_done}/${fields.routes_total} routes`);
  if (typeof fields.best_cost === 'number') parts.push(`best ${fields.best_cost.toFixed(2)}`);
  if (typeof fields.elapsed_seconds === 'number') parts.push(`${fields.elapsed_seconds.toFixed(0)} s`);
  return parts.join(', ');
}
