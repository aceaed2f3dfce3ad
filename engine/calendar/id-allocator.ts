import { ENTITY_COLLECTIONS } from '../../model/types/schema.js';

type JsonObject = Record<string, unknown>;

/** The id of every entity of a canonical request (every entity sits in its top-level collection). */
export function entityIds(canonicalRequest: JsonObject): string[] {
  return ENTITY_COLLECTIONS.flatMap((collection) => {
    const members = canonicalRequest[collection];
    if (!Array.isArray(members)) return [];
    return members.flatMap((member: JsonObject) => (typeof member.id === 'string' ? [member.id] : []));
  });
}

/**
 * Hands out ids that no entity of the request and no id handed out before uses: the wanted id when
 * it is free, else the first free of `<wanted>#2`, `<wanted>#3`, ... Ids are unique across all
 * entity types, so a generated id must dodge every collection, not only its own.
 */
export class IdAllocator {
  private readonly used: Set<string>;

  constructor(taken: Iterable<string>) {
    this.used = new Set(taken);
  }

  allocate(wanted: string): string {
    let id = wanted;
    for (let suffix = 2; this.used.has(id); suffix++) id = `${wanted}#${suffix}`;
    this.used.add(id);
    return id;
  }
}
