import type { GeocoderTask, OperationAnswer, PlatformTask } from './operation.js';

/** An io task answers the schema named after it. */
const answerOf = (name: string): OperationAnswer => ({ schema: `${name}_response` });

function geocoderTask(name: GeocoderTask['name']): GeocoderTask {
  return { name, mode: 'task', queue: 'io', runner: 'geocoder', answers: answerOf(name) };
}

function platformTask(name: PlatformTask['name']): PlatformTask {
  return { name, mode: 'task', queue: 'io', runner: 'platform', answers: answerOf(name) };
}

// The records of the tasks that the engine does not run: their work is the geocoders' and the
// fleet platforms' activities', so a record is all they have in engine/operations/.
export const geocodeTask = geocoderTask('geocode');
export const reverseGeocodeTask = geocoderTask('reverse_geocode');
export const platformPullTask = platformTask('platform_pull');
export const platformSyncTask = platformTask('platform_sync');
