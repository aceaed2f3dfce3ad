import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { repoRoot } from '../../runtime/paths.js';
import { COMMON_ERRORS, okResponse, ref } from '../openapi/describe.js';
import { resource } from '../resource.js';

function packageVersion(name: string): string {
  try {
    const require = createRequire(join(repoRoot, 'package.json'));
    return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** Read once: versions do not change while the process runs. The runtime's version is not told: it only helps an attacker. */
function versionResponse(): Record<string, string> {
  const own = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  return {
    service_version: own.version,
    api_version: 'v1',
    engine_version: own.version,
    temporal_sdk_version: packageVersion('@temporalio/client'),
  };
}

export function versionRoutes(app: FastifyInstance): void {
  const body = versionResponse();
  resource(app, '/v1/version', {
    GET: {
      doc: { operationId: 'version', responses: { '200': okResponse('Service version.', ref('version_response')), ...COMMON_ERRORS } },
      handler: async () => body,
    },
  });
}
