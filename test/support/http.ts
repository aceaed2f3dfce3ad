import { checkResponse } from './response-check.js';

/** A response with its body parsed when it is JSON. */
export interface JsonResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export async function request(url: string, init: RequestInit = {}): Promise<JsonResponse> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const result = { status: response.status, headers: response.headers, body, text };
  // Every answer of our server must match its OpenAPI document and print times in their wire form.
  await checkResponse(url, init.method ?? 'GET', result);
  return result;
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonResponse> {
  return request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/** Redirects a waiting client follows before it gives up; each holds up to WAYPLAN_WAIT_SECONDS. */
const MAX_WAIT_HOPS = 40;

/**
 * `?wait=1` as a real client sees it: the server holds the request WAYPLAN_WAIT_SECONDS, then
 * answers 302 to `/v1/tasks/{id}/result?wait=1`, and again until the task is done. Follows those
 * redirects (checking each points at its task's result) and returns the final answer, so that a
 * test's outcome does not depend on how fast a loaded machine finishes the task.
 */
export async function followWait(url: string, first: JsonResponse, headers: Record<string, string> = {}): Promise<JsonResponse> {
  let response = first;
  for (let hops = 0; response.status === 302; hops++) {
    const location = response.headers.get('location');
    if (hops >= MAX_WAIT_HOPS || location !== `/v1/tasks/${response.body?.task_id}/result?wait=1`) {
      throw new Error(`wait=1: unexpected redirect ${hops + 1} to ${location} (${response.text})`);
    }
    response = await request(new URL(location, url).href, { headers });
  }
  return response;
}

/** postJson to a `?wait=1` URL, following the server's 302s to the task's result. */
export async function postJsonWaiting(url: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonResponse> {
  return followWait(url, await postJson(url, body, headers), headers);
}
