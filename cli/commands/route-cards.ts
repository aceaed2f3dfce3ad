import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { CardFormat, isSupportedLocale } from '../../cards/card-format.js';
import { routeCardsHtml } from '../../cards/html-document.js';
import { routeCardsPdf } from '../../cards/pdf-document.js';
import { buildRouteCards, routeCardsFaults, selectedRoutes } from '../../cards/route-cards.js';
import { plannedProblem } from '../../model/plan-result.js';
import { loadTravelProvider } from '../../geo/configured-provider.js';
import { resolveProblem } from '../../model/index.js';
import type { Config } from '../../runtime/config.js';
import type { Logger } from '../../runtime/logger.js';
import { TaskStore } from '../../store/tasks.js';
import { withDatabase } from '../database.js';

export interface RouteCardsFlags {
  route: string[];
  locale: string;
  pdf?: string;
  html?: string;
}

const plannedOperations = new Set(['build', 'optimize', 'sequence', 'evaluate']);

/** The plan of a finished routing task: its stored request with the result's job order. */
async function taskPlan(config: Config, log: Logger, id: string): Promise<Record<string, unknown>> {
  return withDatabase(config, log, async (pool) => {
    const store = new TaskStore(pool);
    const task = await store.getById(id);
    if (!task) throw new Error(`${id} is neither a file nor a task id`);
    if (!plannedOperations.has(task.operation))
      throw new Error(`task ${id} is a ${task.operation} task; route cards need a build, optimize, sequence or evaluate task`);
    if (task.status !== 'completed') throw new Error(`task ${id} is ${task.status}, not completed`);
    const [request, result] = await Promise.all([store.payload(id, 'request'), store.payload(id, 'result')]);
    if (request === undefined || result === undefined) throw new Error(`task ${id} has no stored request or result`);
    return plannedProblem(JSON.parse(request) as Record<string, unknown>, JSON.parse(result) as Record<string, unknown>);
  });
}

function readProblem(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message}`);
  }
}

/** `wayplan route-cards <task-id | problem.json>`: writes the route cards of a plan as PDF or HTML. */
export async function routeCardsCommand(config: Config, log: Logger, source: string, flags: RouteCardsFlags): Promise<void> {
  if ((flags.pdf === undefined) === (flags.html === undefined)) throw new Error('give exactly one of --pdf <file> and --html <file>');
  if (!isSupportedLocale(flags.locale)) throw new Error(`--locale ${flags.locale} is not a BCP 47 language tag such as en-US`);
  const body = existsSync(source) ? readProblem(source) : await taskPlan(config, log, source);
  const faults = routeCardsFaults(body);
  if (faults.length > 0) {
    const listed = faults.slice(0, 10).map((fault) => `  ${fault.property ?? 'request'}: ${fault.message} (${fault.code})`);
    throw new Error(`the problem has ${faults.length} validation error${faults.length === 1 ? '' : 's'}:\n${listed.join('\n')}`);
  }
  const problem = resolveProblem(body, 'evaluate');
  const selection = selectedRoutes(problem, flags.route);
  if (selection.unknown.length > 0) throw new Error(`no route ${selection.unknown.join(', ')} in the problem`);
  if (selection.routes.length === 0) throw new Error('the problem has no routes');
  const provider = loadTravelProvider(config.travel);
  const cards = await buildRouteCards(problem, provider, selection.routes);
  const format = new CardFormat(flags.locale);
  const out = (flags.pdf ?? flags.html)!;
  writeFileSync(out, flags.pdf !== undefined ? await routeCardsPdf(cards, format) : routeCardsHtml(cards, format));
  process.stdout.write(`wrote ${cards.length} route card${cards.length === 1 ? '' : 's'} to ${out}\n`);
}
