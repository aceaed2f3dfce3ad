import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../model/html-escape.js';
import type { Config } from '../../runtime/config.js';
import { compiledPath, repoRoot } from '../../runtime/paths.js';
import { ApiError } from '../errors.js';
import { errorResponse, pathParameter } from '../openapi/describe.js';
import type { OperationDoc } from '../openapi/catalog.js';
import { resource } from '../resource.js';

/**
 * Where `scripts/prepare.mjs` has Vite write the web planner: beside the compiled server, or in the
 * checkout's dist/ when the server was compiled into another folder (WAYPLAN_DIST).
 */
const appFolder =
  [compiledPath('app'), join(repoRoot, 'dist', 'app')].find((folder) => existsSync(join(folder, 'index.html'))) ?? compiledPath('app');

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** What the page needs from the configuration, on its body element: where to log in, which tiles to draw. */
function configured(html: Buffer, config: Config): Buffer {
  const attributes = [
    `data-login-url="${escapeHtml(`${config.authUrl}/login`)}"`,
    ...(config.tileUrl ? [`data-tile-url="${escapeHtml(config.tileUrl)}"`] : []),
  ];
  return Buffer.from(html.toString('utf8').replace('<body>', `<body ${attributes.join(' ')}>`));
}

async function send(reply: FastifyReply, relativePath: string, config: Config): Promise<FastifyReply> {
  const path = normalize(join(appFolder, relativePath));
  if (path !== appFolder && !path.startsWith(appFolder + sep))
    throw new ApiError(404, 'not_found_error', `No file ${relativePath} in the web planner.`);
  let body: Buffer;
  try {
    body = await readFile(path);
  } catch {
    if (relativePath === 'index.html') {
      throw new ApiError(
        503,
        'service_unavailable_error',
        'The web planner is not built; `npm start` or `node scripts/prepare.mjs` builds it.',
      );
    }
    throw new ApiError(404, 'not_found_error', `No file ${relativePath} in the web planner.`);
  }
  // Vite names built assets by their content hash: they never change under one name.
  const immutable = relativePath.startsWith('assets/');
  return reply
    .type(contentTypes[extname(path)] ?? 'application/octet-stream')
    .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    .header('x-content-type-options', 'nosniff')
    .send(relativePath === 'index.html' ? configured(body, config) : body);
}

/**
 * `GET /app`: the web planner, static files without authentication (the app signs in with the
 * session login itself). Paths without a file extension are the app's own views: index.html.
 */
function appDoc(operationId: string, parameters: unknown[] = []): OperationDoc {
  return {
    operationId,
    parameters,
    tags: ['web planner'],
    security: [],
    responses: {
      '200': {
        description: 'A file of the web planner (HTML, script, style, image).',
        content: Object.fromEntries(
          [...new Set([...Object.values(contentTypes), 'application/octet-stream'])].map((type) => [
            type.split(';')[0]!,
            { schema: { type: 'string' } },
          ]),
        ),
      },
      '404': errorResponse('not_found_error.'),
      '503': errorResponse('service_unavailable_error: the planner is not built.'),
      default: errorResponse('A malformed path, or any other error.'),
    },
  };
}

export function staticApp(app: FastifyInstance, config: Config): void {
  const index = {
    GET: { doc: appDoc('web_planner'), handler: (_request: FastifyRequest, reply: FastifyReply) => send(reply, 'index.html', config) },
  };
  resource(app, '/app', index, true);
  resource(
    app,
    '/app/*',
    {
      GET: {
        doc: appDoc('web_planner_file', [
          pathParameter('path', 'A file of the built app; a path without an extension is one of its views (index.html).'),
        ]),
        handler: (request, reply) => {
          const rest = (request.params as { '*': string })['*'];
          return send(reply, rest === '' || extname(rest) === '' ? 'index.html' : rest, config);
        },
      },
    },
    true,
  );
}
