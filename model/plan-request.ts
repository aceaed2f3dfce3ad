type JsonObject = Record<string, unknown>;

/**
 * A whole-problem answer (`return_request: true`) as a request again: the planned job order stays,
 * the calculated values (unrouted list, route stops and responses) go.
 */
export function withoutCalculatedValues(answer: JsonObject): JsonObject {
  const { unrouted_jobs: _unrouted, return_request: _returnRequest, ...problem } = answer;
  const routes = Array.isArray(problem.routes) ? (problem.routes as JsonObject[]) : [];
  return {
    ...problem,
    routes: routes.map((route) => {
      const { stops: _stops, response: _response, ...plain } = route;
      return plain;
    }),
  };
}
