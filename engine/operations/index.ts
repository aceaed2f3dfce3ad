import type { TravelProvider } from '../../geo/travel.js';
import { resolveRequest } from '../../model/resolve.js';
import { problemTravelTable } from '../evaluate/problem-travel.js';
import type { SearchTuning } from '../planning/search-budget.js';
import { throttledProgress, type OperationProgress } from '../progress.js';
import type { OperationInput, TravelNeed } from './operation.js';
import { engineOperation } from './registry.js';

/** The travel a record asks for, once per travel class of the problem's routes (vehicle type, avoided ferries, tolls, U-turns). */
async function travelFor(need: TravelNeed, input: Pick<OperationInput, 'problem' | 'provider'>): Promise<OperationInput['travel']> {
  if (need === 'matrix') return problemTravelTable(input.problem, input.provider);
  return need === 'streets' ? input.provider : undefined;
}

/**
 * Runs an engine task on a validated request; called inside the operation thread: resolve →
 * the record's `prepare` → travel per the record → `run` → `shape`. Travel goes through
 * `provider`; places it could not route (off the map) are listed in
 * `straight_line_fallback_locations`. `options` are the task's (evaluate's `aggregate`); `tuning`
 * sets the planning search's threads and, for tests and benches, its iteration budget.
 */
export async function runOperation(
  name: string,
  request: unknown,
  options: Record<string, unknown>,
  provider: TravelProvider,
  report: (progress: OperationProgress) => void,
  tuning: SearchTuning = {},
): Promise<unknown> {
  const startedAt = Date.now();
  const record = engineOperation(name);
  if (!record) throw new Error(`no operation ${name} in the engine`);
  const { canonical, problem: resolved } = resolveRequest(request, record.name);
  const problem = record.prepare?.(resolved) ?? resolved;
  const travel = await travelFor(record.travel, { problem, provider });
  const input: OperationInput = { canonical, problem, travel, provider, report: throttledProgress(report), startedAt, tuning, options };
  return record.shape(await record.run(input), input);
}
