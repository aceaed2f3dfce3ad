import { formatDate, parseDate, resolveProblem, validateRequest } from '../../../model/index.js';
import { instancesAnchoredIn } from '../../../engine/calendar/schedule-instances.js';
import { recurrenceOf } from '../../../engine/calendar/schedule-recurrence.js';

export function day(text: string): number {
  const parsed = parseDate(text);
  if (parsed === undefined) throw new Error(`not a date: ${text}`);
  return parsed;
}

/** A request body after checking that instantiate accepts it, so no test runs on an invalid problem. */
export function validInstantiateRequest<T>(body: T): T {
  expect(validateRequest(body, 'instantiate')).toEqual([]);
  return body;
}

/**
 * The visits of one schedule anchored in [from, to], written as the tables of RECURRENCE.md:
 * `ordinal: target (range)` with a base date, `ordinal: range` without; a one-day range is one date.
 */
export function visits(schedule: Record<string, unknown>, from: string, to: string): string[] {
  const problem = resolveProblem(validInstantiateRequest({ schedules: [{ id: 's', ...schedule }] }), 'instantiate');
  const resolved = problem.schedules[0]!;
  const recurrence = recurrenceOf(resolved, resolved.earliest_date!);
  return instancesAnchoredIn(recurrence, { start: day(from), end: day(to) }).map(({ ordinal, targetDate, targetDateRange }) => {
    const { start, end } = targetDateRange;
    const range = start === end ? formatDate(start) : `${formatDate(start)}..${formatDate(end)}`;
    return targetDate === undefined ? `${ordinal}: ${range}` : `${ordinal}: ${formatDate(targetDate)} (${range})`;
  });
}
