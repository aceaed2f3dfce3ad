import fc from 'fast-check';

/** A JSON Schema node of our OpenAPI document (only the keywords the document uses). */
export type SchemaNode = Record<string, unknown>;

/** Ids shared by every generated entity and reference, so that references sometimes resolve. */
const ids = ['a', 'b', 'j1', 'j2', 'r1', 'd1', 'v1', 's1', 'dep1', 'm1'];

/** Text a careless or hostile client sends where a string belongs. */
export const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '%G0',
  '../../../etc/passwd',
  '\u202e\u0301\uffff',
  '\ud800',
  '😀'.repeat(40),
  'x'.repeat(3000),
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '-1',
  '1e309',
  'NaN',
  '2024-02-30',
  '0000-00-00',
  '-271821-04-20',
  '25:61',
  '-00:30',
  '99999999.23:59:59',
  '91, 181',
  '43.73,7.42,1',
  '__proto__',
  'constructor',
];

/** Numbers at the edges: doubles near the limits, integers past 32 and 53 bits, negative zero, denormals. */
export const hostileNumbers = [0, -0, -1, 0.5, 1.7e308, -1.7e308, 2 ** 31, 2 ** 53, -(2 ** 53), 4.9e-324, 123456789012345, 1e21];

function nest(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { a: value };
  return value;
}

/** Any wrong value: other types, edge numbers, hostile text, deep nesting, long arrays. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 3, arbitrary: fc.constantFrom(...hostileNumbers) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.constantFrom(nest(60), nest(200)) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 3000 }, (_, i) => i)) },
);

const pad = (n: number): string => String(n).padStart(2, '0');
const dateText = fc
  .record({ y: fc.integer({ min: 2023, max: 2026 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) })
  .map(({ y, m, d }) => `${y}-${pad(m)}-${pad(d)}`);
const timeText = fc
  .record({ h: fc.integer({ min: 0, max: 23 }), m: fc.integer({ min: 0, max: 59 }) })
  .map(({ h, m }) => `${pad(h)}:${pad(m)}`);

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  date: dateText,
  datetime: fc.tuple(dateText, timeText).map(([d, t]) => `${d}T${t}:00`),
  timespan: fc.oneof(
    timeText,
    fc.nat({ max: 3 }).chain((days) => timeText.map((t) => `${days}.${t}:00`)),
  ),
  // Around Monaco (the test map) mostly, anywhere sometimes.
  latlon: fc.oneof(
    fc
      .tuple(fc.double({ min: 43.724, max: 43.75, noNaN: true }), fc.double({ min: 7.41, max: 7.44, noNaN: true }))
      .map(([lat, lon]) => `${lat.toFixed(5)}, ${lon.toFixed(5)}`),
    fc
      .tuple(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }))
      .map(([lat, lon]) => `${lat.toFixed(4)}, ${lon.toFixed(4)}`),
  ),
};

/**
 * Values that follow a schema of the OpenAPI document (refs resolved against its components):
 * small arrays, optional properties half of the time, ids from a shared pool, numbers within their
 * bounds. Beyond `maxDepth` objects and arrays are cut to null (a wrong value, which is fine here).
 */
export function schemaArbitrary(
  schema: SchemaNode,
  components: Record<string, SchemaNode>,
  depth = 0,
  maxDepth = 6,
): fc.Arbitrary<unknown> {
  const recurse = (node: SchemaNode): fc.Arbitrary<unknown> => schemaArbitrary(node, components, depth + 1, maxDepth);
  if (typeof schema.$ref === 'string') {
    const target = components[schema.$ref.replace('#/components/schemas/', '')];
    return target ? schemaArbitrary(target, components, depth, maxDepth) : fc.jsonValue({ maxDepth: 1 });
  }
  const alternatives = (schema.anyOf ?? schema.oneOf) as SchemaNode[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => schemaArbitrary(alternative, components, depth, maxDepth)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  switch (schema.type) {
    case 'string': {
      const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
      if (format) return format;
      const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 24;
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...ids) },
        { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: Math.min(maxLength, 24) }) },
      );
    }
    case 'integer': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -5;
      const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, min + 1000) : min + 1000;
      return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
    }
    case 'number': {
      const min =
        typeof schema.minimum === 'number'
          ? schema.minimum
          : typeof schema.exclusiveMinimum === 'number'
            ? schema.exclusiveMinimum + 1e-6
            : -100;
      const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, min + 1000) : min + 1000;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      if (depth >= maxDepth) return fc.constant([]);
      const items = (schema.items as SchemaNode | undefined) ?? {};
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return fc.array(recurse(items), { minLength, maxLength: Math.max(minLength, 3) });
    }
    case 'object':
    case undefined: {
      const properties = schema.properties as Record<string, SchemaNode> | undefined;
      if (!properties)
        return depth >= maxDepth
          ? fc.constant({})
          : fc.dictionary(fc.constantFrom('k', 'note', 'x'), fc.string({ maxLength: 12 }), { maxKeys: 3 });
      if (depth >= maxDepth) return fc.constant(null);
      const required = (schema.required as string[] | undefined) ?? [];
      const shape = Object.fromEntries(
        Object.entries(properties)
          .filter(([, node]) => node.readOnly !== true)
          .map(([name, node]) => [name, recurse(node)]),
      );
      return fc.record(shape, { requiredKeys: required.filter((name) => name in shape) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A copy of `value` with the value at one random position (or the whole) replaced by a hostile one. */
export function mutated(value: unknown, random: () => number, replacement: unknown): unknown {
  if (typeof value !== 'object' || value === null || random() < 0.1) return replacement;
  const copy = JSON.parse(JSON.stringify(value)) as Record<string, unknown> | unknown[];
  let node: Record<string, unknown> | unknown[] = copy;
  for (;;) {
    const keys = Object.keys(node);
    if (keys.length === 0) return copy;
    const key = keys[Math.floor(random() * keys.length)]!;
    const child = (node as Record<string, unknown>)[key];
    if (typeof child === 'object' && child !== null && random() < 0.6) {
      node = child as Record<string, unknown>;
      continue;
    }
    if (!Array.isArray(node) && random() < 0.2) delete node[key];
    else (node as Record<string, unknown>)[key] = replacement;
    return copy;
  }
}
