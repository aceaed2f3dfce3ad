import { resolveProblem } from '../../model/resolve.js';
import { straightLineProvider } from '../../geo/straight-line.js';
import type { TravelProvider } from '../../geo/travel.js';
import { build } from './build.js';
import { throttledProgress, type OperationProgress } from './progress.js';
import { sequence } from './sequence.js';

type Operation = (request: unknown, provider: TravelProvider, report: (progress: OperationProgress) => void) => Promise<unknown>;

const operations: Record<string, Operation> = {
  sequence: (request, provider, report) => sequence(resolveProblem(request, 'sequence'), provider, report),
  build: (request, provider, report) => build(resolveProblem(request, 'build'), provider, report),
};

/** Runs a task operation on a validated request; called inside the operation thread. */
export async function runOperation(name: string, request: unknown, _options: Record<string, unknown>, report: (progress: OperationProgress) => void): Promise<unknown> {
  const operation = operations[name];
  if (!operation) throw new Error(`no operation ${name} in the engine`);
  return operation(request, straightLineProvider, throttledProgress(report));
}
