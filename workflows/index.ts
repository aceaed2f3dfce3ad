export { operationTask } from './operation-task.js';
export { sandboxCleanup } from './sandbox-cleanup.js';
export { taskRetention } from './task-retention.js';
export { geocodeTask } from './geocode-task.js';
export { geocodeBatch, geocodeBatchChunk } from './geocode-batch.js';
export { platformTask, platformTerritories } from './platform-task.js';
export { nightlyPlan, nightlyTerritory } from './nightly-plan.js';
