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
