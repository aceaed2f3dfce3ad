import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/**
 * Checks every answer of our server in the e2e suite against what a strict client of the
 * compatible API expects: the OpenAPI document the server publishes (status, content type, body
 * schema), and every time in its wire form wherever it appears — timespans `[-][d.]hh:mm:ss`,
 * datetimes `YYYY-MM-DDTHH:MM:SS`, UTC timestamps with `Z`.
 */

export const TIMESPAN = /^-?(\d+\.)?\d{2}:\d{2}:\d{2}$/;
export const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,7})?Z$/;

// Anything a lenient reader would take for a time: these must then be in the strict form.
const TIMESPAN_LIKE = /^-?(\d+\.)?\d{1,3}:\d{1,2}(:\d{1,2}(\.\d+)?)?$/;
const DATETIME_LIKE = /^\d{4}-\d{1,2}-\d{1,2}T\d/;

/**
 * What the client sent, echoed as written: a revision's deltas, the value a validation fault names
 * and its parameters, ids and free-form `custom` data (any text, so possibly "25:61").
 */
const verbatim = new Set(['deltas', 'attempted_value', 'parameters', 'custom', 'id']);

/** Every string that looks like a time and is not in its wire form, with where it is. */
export function timeFormatFaults(value: unknown, path = 'body'): string[] {
  if (typeof value === 'string') {
    if (TIMESPAN_LIKE.test(value) && !TIMESPAN.test(value)) return [`${path}: timespan "${value}" is not [-][d.]hh:mm:ss`];
    if (DATETIME_LIKE.test(value) && !DATETIME.test(value) && !TIMESTAMP.test(value))
      return [`${path}: datetime "${value}" is not YYYY-MM-DDTHH:MM:SS (or a UTC timestamp with Z)`];
    return [];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => timeFormatFaults(item, `${path}[${i}]`));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => (verbatim.has(key) ? [] : timeFormatFaults(item, `${path}.${key}`)));
  return [];
}

type Json = Record<string, any>;

interface Described {
  document: Json;
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction>;
  /** Path templates as regular expressions, static ones first (as the router prefers them). */
  templates: { template: string; pattern: RegExp }[];
}

const documentId = 'wayplan-openapi';
const described = new Map<string, Promise<Described | undefined>>();

function compileDocument(document: Json): Described {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  // Response formats are the strict wire forms; request-only leniency does not apply to answers.
  ajv.addFormat('timespan', TIMESPAN);
  ajv.addFormat('datetime', DATETIME);
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}(T00:00:00)?$/);
  ajv.addFormat('latlon', /^-?\d{1,3}(\.\d+)?,-?\d{1,3}(\.\d+)?$/);
  ajv.addSchema({ $id: documentId, components: document.components });
  const templates = Object.keys(document.paths as Json)
    .map((template) => ({
      template,
      params: (template.match(/\{/g) ?? []).length,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }))
    .sort((a, b) => a.params - b.params);
  return { document, ajv, validators: new Map(), templates };
}

/** The server's own OpenAPI document, once per origin; undefined for servers that are not ours (fake upstreams). */
function describedAt(origin: string): Promise<Described | undefined> {
  let found = described.get(origin);
  if (found === undefined) {
    found = fetch(`${origin}/v1/openapi.json`)
      .then(async (response) => {
        if (response.status !== 200) return undefined;
        const document = (await response.json().catch(() => undefined)) as Json | undefined;
        return document?.openapi === '3.1.0' ? compileDocument(document) : undefined;
      })
      .catch(() => undefined);
    described.set(origin, found);
  }
  return found;
}

function validatorFor(d: Described, key: string, schema: unknown): ValidateFunction {
  let validate = d.validators.get(key);
  if (validate === undefined) {
    const absolute = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${documentId}#/components/`)) as Json;
    validate = d.ajv.compile(absolute);
    d.validators.set(key, validate);
  }
  return validate;
}

export interface CheckedResponse {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/**
 * The faults of one answer against the server's OpenAPI document: an undocumented path, method or
 * status, a content type the operation does not answer, a body that does not match its schema.
 */
function documentFaults(d: Described, url: URL, method: string, response: CheckedResponse): string[] {
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const template = d.templates.find((t) => t.pattern.test(url.pathname))?.template;
  const operation = template === undefined ? undefined : (d.document.paths[template] as Json)[method.toLowerCase()];
  if (operation === undefined) {
    // An unknown path or method is answered by the error handler: an error_response.
    if (response.status < 400) return [`${method} ${url.pathname} answered ${response.status} but is not in the OpenAPI document`];
    return schemaFaults(d, 'error_response', { $ref: '#/components/schemas/error_response' }, response.body);
  }
  const status = String(response.status);
  const documented = (operation.responses[status] ?? operation.responses.default) as Json | undefined;
  if (documented === undefined) return [`${method} ${template} answered ${status}, which its OpenAPI operation does not list`];
  if (response.text === '' || method === 'HEAD') return [];
  const content = documented.content as Json | undefined;
  if (content?.[type] === undefined)
    return [`${method} ${template} ${status} answered ${type || 'no content type'}, which its OpenAPI operation does not list`];
  if (type !== 'application/json') return [];
  return schemaFaults(d, `${method} ${template} ${status}`, content[type].schema, response.body);
}

function schemaFaults(d: Described, key: string, schema: unknown, body: unknown): string[] {
  const validate = validatorFor(d, key, schema);
  if (validate(body)) return [];
  return (validate.errors ?? []).slice(0, 10).map((e) => `${key}: body${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
}

/** Throws when an answer of our server breaks the document or the time formats, so the test that got it fails. */
export async function checkResponse(url: string, method: string, response: CheckedResponse): Promise<void> {
  const parsed = new URL(url);
  const d = await describedAt(parsed.origin);
  if (d === undefined) return;
  // The document itself shows input forms in its examples; every other answer is data.
  const data = parsed.pathname !== '/v1/openapi.json';
  const faults = [...documentFaults(d, parsed, method, response), ...(data ? timeFormatFaults(response.body) : [])];
  if (faults.length > 0)
    throw new Error(
      `${method} ${parsed.pathname}${parsed.search} → ${response.status} does not hold what clients expect:\n  ${faults.join('\n  ')}`,
    );
}
