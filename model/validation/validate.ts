import { canonicalizeBody } from '../canonical.js';
import { isJsonObject } from '../json.js';
import { OPERATIONS, isOperationName } from '../operations.js';
import { schemaNode } from '../types/schema.js';
import { FaultCollector, type ValidationFault } from './faults.js';
import { problemTooLarge } from './problem-size.js';
import { checkSemanticRules, collectIds } from './rules.js';
import { walk } from './schema-walk.js';

/**
 * Every fault of a request body for an operation (at most 100), in a stable order: ids and
 * references, then the schema, then the semantic rules. Never throws. Problem bodies are checked
 * in canonical form, so an entity given inline is reported where canonicalize would put it
 * (`request.jobs[0].location` for the first inline job of `routes[0].jobs`).
 */
export function validateRequest(body: unknown, operation: string): ValidationFault[] {
  const faults = new FaultCollector();
  if (!isOperationName(operation)) {
    faults.add('request', 'unsupported_operation_error', `Operation "${operation}" has no request schema.`);
    return faults.faults;
  }
  const definition = OPERATIONS[operation];
  const schema = schemaNode(definition.body);
  if (!definition.problem) {
    walk(schema, body, 'request', { faults, ids: undefined });
    return faults.faults;
  }
  if (problemTooLarge(body, faults)) return faults.faults;
  const request = canonicalizeBody(body, schema, true);
  if (!isJsonObject(request)) {
    walk(schema, request, 'request', { faults, ids: undefined });
    return faults.faults;
  }
  const ids = collectIds(request, faults);
  walk(schema, request, 'request', { faults, ids });
  checkSemanticRules(request, definition, faults);
  return faults.faults;
}
