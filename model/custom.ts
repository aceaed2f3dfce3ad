import type { Custom, StopType } from './types/common.js';

// Echo rules of `custom` (the reference API's evaluate example): a response object carries its
// entity's custom unchanged; an entity without custom gives no key at all, and `{}` gives `{}`.

/** `{custom}` to spread into a response object, or `{}` when the entity has none. */
export function echoCustom(entity: { custom?: Custom } | undefined): { custom?: Custom } {
  const custom = entity?.custom;
  return custom === undefined ? {} : { custom: { ...custom } };
}

/** Only job and depot stops echo their entity's custom (both the start and the end depot stop do). */
export function echoStopCustom(type: StopType, entity: { custom?: Custom } | undefined): { custom?: Custom } {
  return type === 'job' || type === 'depot' ? echoCustom(entity) : {};
}

/** Copy of a response object with the entity's custom added as the documented echo. */
export function withEchoedCustom<T extends object>(response: T, entity: { custom?: Custom } | undefined): T & { custom?: Custom } {
  return { ...response, ...echoCustom(entity) };
}
