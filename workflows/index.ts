export { operationTask } from './operation-task.js';
