import type { ResolvedProblem } from '../../model/resolve.js';
import type { TravelProvider } from '../../geo/travel.js';
import { routeSettings } from './route-settings.js';
import { TravelTable } from './travel-table.js';

/** Travel between every place of the problem: route starts and ends, job locations and exits. */
export async function problemTravelTable(problem: ResolvedProblem, provider: TravelProvider): Promise<TravelTable> {
  const table = new TravelTable();
  for (const route of problem.routes) {
    const settings = routeSettings(problem, route);
    if (settings.start) table.add(settings.start.location);
    if (settings.end) table.add(settings.end.location);
  }
  for (const job of problem.jobs) {
    if (job.location) table.add(job.location.location);
    if (job.exit_location) table.add(job.exit_location.location);
  }
  await table.compute(provider);
  return table;
}
