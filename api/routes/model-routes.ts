import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, canonicalize, VALIDATION_CODES, validateRequest } from '../../model/index.js';
import { repoRoot } from '../../runtime/paths.js';
import { renderDocsPage } from '../docs/docs-page.js';
import { ValidationFailedError } from '../errors.js';
import { okResponse, ref, syncOperationDoc } from '../openapi/describe.js';
import { resource } from '../resource.js';
import { requireJsonBody, requireJsonContentType } from './operations.js';

/**
 * The synchronous model operations: validate, canonicalize, and the API's own
 * description — the OpenAPI document and a docs page built from it, both public.
 */
export function modelRoutes(app: FastifyInstance): void {
  const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
  // Built on first use, when every route has registered (and described) itself.
  let document: Record<string, unknown> | undefined;
  let page: string | undefined;
  const openApi = (): Record<string, unknown> => (document ??= buildOpenApiDocument({ version, paths: app.routeCatalog.paths() }));

  resource(app, '/v1/validate', {
    POST: {
      doc: syncOperationDoc('validate', ref('validate_response')),
      // 200 even when invalid: the faults are the answer. Only a body that is not JSON is a 400.
      handler: async (request) => {
        requireJsonContentType(request);
        const errors = validateRequest(request.body, 'validate');
        return { valid: errors.length === 0, errors };
      },
    },
  });

  resource(app, '/v1/canonicalize', {
    POST: {
      doc: syncOperationDoc('canonicalize', ref('problem')),
      handler: async (request) => {
        const body = requireJsonBody(request);
        const errors = validateRequest(body, 'canonicalize');
        if (errors.length) throw new ValidationFailedError(errors.slice(0, 100), errors.length);
        return canonicalize(body, 'canonicalize');
      },
    },
  });

  resource(
    app,
    '/v1/openapi.json',
    {
      GET: {
        doc: { operationId: 'openapi', security: [], responses: { '200': okResponse('This document.', { type: 'object' }) } },
        handler: async () => openApi(),
      },
    },
    true,
  );
  resource(
    app,
    '/docs',
    {
      GET: {
        doc: {
          operationId: 'docs',
          security: [],
          responses: {
            '200': { description: 'The API reference as one HTML page.', content: { 'text/html': { schema: { type: 'string' } } } },
          },
        },
        handler: async (_request, reply) =>
          reply.type('text/html; charset=utf-8').send((page ??= renderDocsPage(openApi(), VALIDATION_CODES))),
      },
    },
    true,
  );
}
