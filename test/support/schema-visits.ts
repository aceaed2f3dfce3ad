import type { SchemaNode } from '../../model/types/schema.js';

/**
 * How many values of `schema` `work` canonicalizes or validates. Both read a schema's `readOnly`
 * once for each value they take up under it (an output-only field is dropped, or skipped, unread),
 * so a counting getter in its place counts their visits without changing what they do.
 */
export function countSchemaVisits(schema: SchemaNode, work: () => unknown): number {
  if (Object.hasOwn(schema, 'readOnly')) throw new Error('the schema declares readOnly; count another one');
  let visits = 0;
  Object.defineProperty(schema, 'readOnly', {
    configurable: true,
    get: () => {
      visits++;
      return undefined;
    },
  });
  try {
    work();
  } finally {
    delete schema.readOnly;
  }
  return visits;
}
