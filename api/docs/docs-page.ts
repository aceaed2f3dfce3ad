type Json = Record<string, unknown>;

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escape(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => escapes[c]!);
}

function anchor(name: string): string {
  return `schema-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A schema in one line: a link for named schemas, element types for arrays, alternatives for unions. */
function typeOf(schema: unknown): string {
  if (!isObject(schema)) return '';
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop()!;
    return `<a href="#${anchor(name)}">${escape(name)}</a>`;
  }
  const alternatives = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives)) return alternatives.map(typeOf).join(' | ');
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => `<code>${escape(JSON.stringify(value))}</code>`).join(' | ');
  if (schema.type === 'array') return `${typeOf(schema.items)}[]`;
  if (schema.type === 'object' && isObject(schema.patternProperties)) {
    return `{string: ${Object.values(schema.patternProperties).map(typeOf).join(' | ')}}`;
  }
  const format = typeof schema.format === 'string' ? ` (${escape(schema.format)})` : '';
  return `${escape(schema.type ?? 'any')}${format}`;
}

function constraints(schema: Json): string {
  const parts: string[] = [];
  for (const key of ['minimum', 'exclusiveMinimum', 'maximum', 'minLength', 'minItems', 'maxItems']) {
    if (schema[key] !== undefined) parts.push(`${key} ${escape(schema[key])}`);
  }
  if (schema.readOnly === true) parts.push('output only');
  return parts.join(', ');
}

function schemaSection(name: string, schema: Json): string {
  const description = typeof schema.description === 'string' ? `<p>${escape(schema.description)}</p>` : '';
  const properties = isObject(schema.properties) ? schema.properties : undefined;
  if (properties === undefined) {
    return `<section id="${anchor(name)}"><h3>${escape(name)}</h3>${description}<p>Type: ${typeOf(schema)} ${escape(constraints(schema))}</p></section>`;
  }
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const rows = Object.entries(properties)
    .map(([field, value]) => {
      const property = isObject(value) ? value : {};
      const notes = [typeof property.description === 'string' ? escape(property.description) : '', escape(constraints(property))]
        .filter(Boolean)
        .join(' ');
      return `<tr><td><code>${escape(field)}</code></td><td>${typeOf(property)}</td><td>${required.has(field) ? 'yes' : ''}</td><td>${notes}</td></tr>`;
    })
    .join('');
  return `<section id="${anchor(name)}"><h3>${escape(name)}</h3>${description}<table><thead><tr><th>field</th><th>type</th><th>required</th><th>notes</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

function operationRows(paths: Json): string {
  const rows: string[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation)) continue;
      const parameters = (Array.isArray(operation.parameters) ? operation.parameters : [])
        .filter(isObject)
        .map((p) => `<code>${escape(p.name)}</code>${p.required === true ? ' (required)' : ''}: ${escape(p.description ?? '')}`)
        .join('<br>');
      const body = isObject(operation.requestBody)
        ? typeOf(
            (operation.requestBody.content as Json)['application/json'] &&
              ((operation.requestBody.content as Json)['application/json'] as Json).schema,
          )
        : '';
      const responses = isObject(operation.responses)
        ? Object.entries(operation.responses)
            .map(([status, response]) => {
              const r = isObject(response) ? response : {};
              const content = isObject(r.content) ? (r.content['application/json'] as Json | undefined) : undefined;
              return `<b>${escape(status)}</b> ${content ? typeOf(content.schema) : ''} ${escape(r.description ?? '')}`;
            })
            .join('<br>')
        : '';
      rows.push(
        `<tr><td><code>${escape(method.toUpperCase())} ${escape(path)}</code></td><td>${parameters}</td><td>${body}</td><td>${responses}</td></tr>`,
      );
    }
  }
  return rows.join('');
}

/**
 * The API reference as one self-contained HTML page (no scripts, styles or fonts from elsewhere):
 * every path with its parameters, body and responses, every schema of the OpenAPI document, and the
 * validation codes.
 */
export function renderDocsPage(document: Json, validationCodes: Record<string, string>): string {
  const info = isObject(document.info) ? document.info : {};
  const schemas = isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  const codes = Object.entries(validationCodes)
    .map(([code, when]) => `<tr><td><code>${escape(code)}</code></td><td>${escape(when)}</td></tr>`)
    .join('');
  const index = Object.keys(schemas)
    .map((name) => `<a href="#${anchor(name)}">${escape(name)}</a>`)
    .join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(info.title ?? 'API')} ${escape(info.version ?? '')} — API reference</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#222}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}td,th{border:1px solid #ccc;padding:.3rem .5rem;vertical-align:top;text-align:left}
th{background:#f3f3f3}code{background:#f6f6f6;padding:0 .2rem}section{margin-bottom:1rem}h3{margin-bottom:.2rem}a{color:#0645ad}
</style></head><body>
<h1>${escape(info.title ?? 'API')} ${escape(info.version ?? '')}</h1>
<p>${escape(info.description ?? '')}</p>
<p>Authentication: HTTP Basic with the username <code>account:user</code>, or the header <code>X-Telogis-Session-Id</code> (or <code>X-Service-Session-Id</code>) with the session id from <code>POST /auth/login</code>. Bodies are strict JSON (no comments, no trailing commas). The machine-readable document is <a href="/v1/openapi.json">/v1/openapi.json</a>.</p>
<h2>Paths</h2>
<table><thead><tr><th>operation</th><th>parameters</th><th>body</th><th>responses</th></tr></thead><tbody>${operationRows(isObject(document.paths) ? document.paths : {})}</tbody></table>
<h2>Validation codes</h2>
<p>A 400 <code>validation_failed_error</code> lists every fault (at most 100) as <code>{property, code, message, parameters?, attempted_value?}</code>.</p>
<table><thead><tr><th>code</th><th>when</th></tr></thead><tbody>${codes}</tbody></table>
<h2>Schemas</h2>
<p>${index}</p>
${Object.entries(schemas)
  .map(([name, schema]) => schemaSection(name, isObject(schema) ? schema : {}))
  .join('\n')}
</body></html>
`;
}
