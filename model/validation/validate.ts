import { canonicalize, canonicalizeBody, validationForm } from '../canonical.js';
import { isJsonObject } from '../json.js';
import { OPERATIONS, isOperationName, type OperationDefinition } from '../operations.js';
import { schemaNode, type SchemaNode } from '../types/schema.js';
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
  return checkProblem(canonicalizeBody(body, schema, true), schema, definition, faults);
}

/** Ids and references, the schema, then the semantic rules, on a problem body in validation's form. */
function checkProblem(request: unknown, schema: SchemaNode, definition: OperationDefinition, faults: FaultCollector): ValidationFault[] {
  if (!isJsonObject(request)) {
    walk(schema, request, 'request', { faults, ids: undefined });
    return faults.faults;
  }
  const ids = collectIds(request, faults);
  walk(schema, request, 'request', { faults, ids });
  checkSemanticRules(request, definition, faults);
  return faults.faults;
}

/**
 * canonicalize(problem) and the faults validateRequest(that, 'canonicalize') reports, canonicalizing
 * once where that takes two passes: validation's form of the problem is its canonical form unless
 * an id-less inline entity was moved, and a canonical form canonicalizes to itself.
 */
export function canonicalizeAndValidate(problem: unknown): { canonical: unknown; faults: ValidationFault[] } {
  const definition = OPERATIONS.canonicalize;
  const schema = schemaNode(definition.body);
  const { form, isCanonical } = validationForm(problem, schema);
  if (!isCanonical) {
    const canonical = canonicalize(problem);
    return { canonical, faults: validateRequest(canonical, 'canonicalize') };
  }
  const faults = new FaultCollector();
  return { canonical: form, faults: problemTooLarge(form, faults) ? faults.faults : checkProblem(form, schema, definition, faults) };
}

/**
 * The faults validateRequest(problem, 'canonicalize') reports or, when there are none,
 * canonicalize(problem), canonicalizing once where that takes two passes (see
 * canonicalizeAndValidate). The entity count is checked on the raw body first, as validateRequest
 * does, so the faults are the same.
 */
export function validateThenCanonicalize(problem: unknown): { faults: ValidationFault[] } | { canonical: unknown } {
  const definition = OPERATIONS.canonicalize;
  const schema = schemaNode(definition.body);
  const faults = new FaultCollector();
  if (problemTooLarge(problem, faults)) return { faults: faults.faults };
  const { form, isCanonical } = validationForm(problem, schema);
  const found = checkProblem(form, schema, definition, faults);
  if (found.length > 0) return { faults: found };
  return { canonical: isCanonical ? form : canonicalize(problem) };
}
