import type { StopType } from '../model/types/common.js';
import type { Violation } from '../model/types/violation.js';
import type { CardStop, RouteCard } from './card-data.js';
import type { CardFormat } from './card-format.js';

export interface StopColumn {
  label: string;
  /** Share of the table's width the column gets on paper. */
  width: number;
  align: 'left' | 'right';
}

/** A stop as printed: the cells of its main line, then notes and violations on a line of their own. */
export interface StopRow {
  cells: string[];
  notes: string;
  violations: string;
  type: StopType;
}

export const stopColumns: StopColumn[] = [
  { label: '#', width: 0.04, align: 'right' },
  { label: 'Stop', width: 0.14, align: 'left' },
  { label: 'Job', width: 0.16, align: 'left' },
  { label: 'Address / location', width: 0.22, align: 'left' },
  { label: 'Arrival', width: 0.09, align: 'right' },
  { label: 'Time window', width: 0.12, align: 'left' },
  { label: 'On site', width: 0.07, align: 'right' },
  { label: 'Idle', width: 0.07, align: 'right' },
  { label: 'Loads', width: 0.09, align: 'right' },
];

const stopTypeLabels: Record<StopType, string> = {
  job: 'Job',
  job_exit: 'Exit',
  depot: 'Depot',
  break: 'Break',
  legal_break: 'Legal break',
  overnight: 'Overnight',
};

export function stopTypeLabel(type: StopType): string {
  return stopTypeLabels[type];
}

/** `late_arrival (minutes_late: 12)`: the violation type with the figures that explain it. */
export function violationText(violation: Violation): string {
  const data = Object.entries(violation.data ?? {}).map(
    ([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
  );
  return data.length > 0 ? `${violation.type} (${data.join(', ')})` : violation.type;
}

function stopRow(stop: CardStop, card: RouteCard, format: CardFormat): StopRow {
  const windows = [stop.time_window, stop.time_window2].flatMap((window) =>
    window ? [`${format.time(window.start)}–${format.time(window.end)}`] : [],
  );
  const job = [stop.name, stop.description].filter((text) => text !== undefined && text !== '').join(' · ');
  return {
    cells: [
      stop.sequence === undefined ? '' : String(stop.sequence),
      stop.type === 'job' ? stop.id : `${stopTypeLabel(stop.type)} ${stop.id}`,
      job,
      stop.address ?? stop.location ?? '',
      format.time(stop.arrival, card.date),
      windows.join(', '),
      format.duration(stop.time_on_site),
      stop.idle_time === '00:00:00' ? '' : format.duration(stop.idle_time),
      (stop.loads ?? []).map((load) => `${format.number(load.amount)} ${load.metric}`).join(', '),
    ],
    notes: Object.entries(stop.notes ?? {})
      .map(([key, value]) => `${key}: ${value}`)
      .join('; '),
    violations: stop.violations.map(violationText).join('; '),
    type: stop.type,
  };
}

export function stopRows(card: RouteCard, format: CardFormat): StopRow[] {
  return card.stops.map((stop) => stopRow(stop, card, format));
}

/** The header fields of a card, label and printed value, in reading order. */
export function cardFacts(card: RouteCard, format: CardFormat): [string, string][] {
  const facts: [string, string | undefined][] = [
    ['Driver', card.driver ? (card.driver.name ? `${card.driver.name} (${card.driver.id})` : card.driver.id) : undefined],
    ['Vehicle', card.vehicle ? (card.vehicle.name ? `${card.vehicle.name} (${card.vehicle.id})` : card.vehicle.id) : undefined],
    ['Date', card.date === undefined ? undefined : format.date(card.date)],
    ['Planned start', card.planned_start === undefined ? undefined : format.time(card.planned_start, card.date)],
    ['Planned end', card.planned_end === undefined ? undefined : format.time(card.planned_end, card.date)],
    ['Distance', format.distance(card.distance_meters)],
    ['Driving time', format.duration(card.driving_time)],
    ['Working time', format.duration(card.working_time)],
    ['Cost', format.cost(card.cost)],
    ['Stops', String(card.stops.filter((stop) => stop.type === 'job').length)],
  ];
  return facts.flatMap(([label, value]) => (value === undefined ? [] : [[label, value] as [string, string]]));
}

export function cardTitle(card: RouteCard): string {
  return card.name ? `${card.name} (${card.id})` : `Route ${card.id}`;
}
