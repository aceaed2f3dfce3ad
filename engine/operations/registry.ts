import { assignmentRestrictionsOperation } from './assignment-restrictions.js';
import { buildOperation } from './build.js';
import { centroidsOperation } from './centroids.js';
import { consolidateByJobRestrictionsOperation } from './consolidate-by-job-restrictions.js';
import { consolidateByRouteAssignmentsOperation } from './consolidate-by-route-assignments.js';
import { evaluateOperation } from './evaluate.js';
import { insertOperation } from './insert.js';
import { instantiateOperation } from './instantiate.js';
import { geocodeTask, platformPullTask, platformSyncTask, reverseGeocodeTask } from './io-tasks.js';
import type { EngineTask, SyncOperation, TaskOperation } from './operation.js';
import { optimizeOperation } from './optimize.js';
import { pathOperation } from './path.js';
import { recommendOperation } from './recommend.js';
import { routeCardsOperation } from './route-cards.js';
import { sequenceOperation } from './sequence.js';
import { zonesOperation } from './zones.js';

export type { EngineTask, GeocoderTask, OperationAnswer, PlatformTask, TaskOperation } from './operation.js';
export type { InstantiateOptions } from './instantiate.js';
/** The travel the synchronous operations run on: path draws with it, route cards evaluate and draw with it. */
export type { PathProvider } from '../../geo/travel.js';

/**
 * Every operation a client can run, one record each, filed under its name: the one vocabulary of
 * operations (what a route serves, a task record's `operation`, what a worker runs). The API
 * derives its routes and OpenAPI paths from these records, the task service its workflow and
 * queue, and the engine's dispatcher (index.ts) what to run. The order is the order of the API's
 * routes.
 */
export const operations = {
  sequence: sequenceOperation,
  build: buildOperation,
  optimize: optimizeOperation,
  evaluate: evaluateOperation,
  geocode: geocodeTask,
  reverse_geocode: reverseGeocodeTask,
  recommend: recommendOperation,
  insert: insertOperation,
  assignment_restrictions: assignmentRestrictionsOperation,
  centroids: centroidsOperation,
  zones: zonesOperation,
  consolidate_by_job_restrictions: consolidateByJobRestrictionsOperation,
  consolidate_by_route_assignments: consolidateByRouteAssignmentsOperation,
  platform_pull: platformPullTask,
  platform_sync: platformSyncTask,
  path: pathOperation,
  instantiate: instantiateOperation,
  route_cards: routeCardsOperation,
} satisfies Record<string, TaskOperation | SyncOperation>;

/** Every task record, in route order. */
export function taskRecords(): TaskOperation[] {
  const records: (TaskOperation | SyncOperation)[] = Object.values(operations);
  return records.filter((record): record is TaskOperation => record.mode === 'task');
}

/** The engine task of that name (a task record's `operation`, say), or undefined when the name is not one. */
export function engineOperation(name: string): EngineTask | undefined {
  return taskRecords().find((record): record is EngineTask => record.runner === 'engine' && record.name === name);
}
