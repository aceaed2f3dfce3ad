import type { FastifyInstance } from 'fastify';

/** An OpenAPI 3.1 operation object, written beside the handler it describes. */
export type OperationDoc = Record<string, unknown> & { operationId: string; responses: Record<string, unknown> };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's operation in the OpenAPI document; every route answered by a handler of its own has one. */
    openapi?: OperationDoc;
  }
  interface FastifyInstance {
    routeCatalog: RouteCatalog;
  }
}

export interface CatalogRoute {
  method: string;
  url: string;
  doc: OperationDoc | undefined;
}

/** `/v1/tasks/:taskId` → `/v1/tasks/{taskId}`; a trailing wildcard (`/app/*`) → `{path}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');
}

/**
 * Every route the server registers, as Fastify registers it (onRoute), with the operation its
 * definition carries. The OpenAPI paths are made from this list alone, so a route cannot exist
 * without being described: one without a description stops the server at startup.
 */
export class RouteCatalog {
  /** The routes with handlers of their own: not the 405 answers for other methods, not Fastify's automatic HEADs. */
  readonly routes: CatalogRoute[] = [];

  undocumented(): CatalogRoute[] {
    return this.routes.filter((route) => route.doc === undefined);
  }

  /** The document's `paths`, in registration order. */
  paths(): Record<string, Record<string, OperationDoc>> {
    const paths: Record<string, Record<string, OperationDoc>> = {};
    for (const route of this.routes) {
      if (route.doc === undefined) continue;
      (paths[openApiPath(route.url)] ??= {})[route.method.toLowerCase()] = route.doc;
    }
    return paths;
  }
}

/** Installs the catalog before any route exists; startup fails while a route lacks its description. */
export function catalogRoutes(app: FastifyInstance): RouteCatalog {
  const catalog = new RouteCatalog();
  app.decorate('routeCatalog', catalog);
  app.addHook('onRoute', (route) => {
    if (route.config?.missingResource === true) return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method === 'HEAD') continue;
      catalog.routes.push({ method, url: route.url, doc: route.config?.openapi });
    }
  });
  app.addHook('onReady', async () => {
    const missing = catalog.undocumented();
    if (missing.length > 0)
      throw new Error(`routes without an OpenAPI description: ${missing.map((r) => `${r.method} ${r.url}`).join(', ')}`);
  });
  return catalog;
}
