import { request, type JsonResponse } from '../support/http.js';
import { DATETIME, TIMESPAN, TIMESTAMP } from '../support/response-check.js';
import { useTestStack } from '../support/stack.js';

/**
 * A client written for the compatible public API and nothing else: it logs in for a session, sends
 * that session as `X-Telogis-Session-Id` and `Content-Type: application/json` on every call (body
 * or not), follows the relative URLs the task answers give, and reads every time strictly.
 */
class PublicApiClient {
  private session: string | undefined;

  constructor(private readonly baseUrl: string) {}

  private headers(): Record<string, string> {
    return { 'Content-Type': 'application/json', ...(this.session ? { 'X-Telogis-Session-Id': this.session } : {}) };
  }

  async login(username: string, password: string): Promise<void> {
    const response = await this.call('POST', '/auth/login', { username, password, application: 'session' });
    expect(response.body).toEqual({ success: true, sessionId: expect.any(String) });
    this.session = response.body.sessionId;
  }

  /** One call; a path without a leading slash is relative to /v1/, as wait_url and status_url are. */
  async call(method: string, path: string, body?: unknown): Promise<JsonResponse> {
    const url = `${this.baseUrl}${path.startsWith('/') ? path : `/v1/${path}`}`;
    return request(url, { method, headers: this.headers(), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  }

  /** `?wait=1`: follows each 302 to its Location until the answer is final. */
  async waitFor(method: string, path: string, body?: unknown): Promise<JsonResponse> {
    let response = await this.call(method, path, body);
    for (let hops = 0; response.status === 302 && hops < 100; hops++) response = await this.call('GET', response.headers.get('location')!);
    return response;
  }
}

/** Seconds of a strict `[-][d.]hh:mm:ss`, as a .NET TimeSpan parser reads it; throws on anything else. */
function strictTimespan(text: unknown): number {
  if (typeof text !== 'string' || !TIMESPAN.test(text)) throw new Error(`not a strict timespan: ${JSON.stringify(text)}`);
  const [, sign, days, h, m, s] = /^(-)?(?:(\d+)\.)?(\d{2}):(\d{2}):(\d{2})$/.exec(text)!;
  const seconds = Number(days ?? 0) * 86400 + Number(h) * 3600 + Number(m) * 60 + Number(s);
  return sign ? -seconds : seconds;
}

function strictDatetime(text: unknown): void {
  if (typeof text !== 'string' || !DATETIME.test(text)) throw new Error(`not a strict datetime: ${JSON.stringify(text)}`);
}

/** Every time of a route_response read strictly: a strict client would fail on any other form. */
function readRoute(route: {
  driving_time: string;
  working_time: string;
  planned_start_date_time?: string;
  stops: Record<string, unknown>[];
}): void {
  strictTimespan(route.driving_time);
  strictTimespan(route.working_time);
  if (route.planned_start_date_time !== undefined) strictDatetime(route.planned_start_date_time);
  for (const stop of route.stops) {
    for (const field of ['time_to', 'idle_time', 'time_on_site']) strictTimespan(stop[field]);
    if (stop.arrival_datetime !== undefined) strictDatetime(stop.arrival_datetime);
    else strictTimespan(stop.arrival_time);
  }
}

// Places in the Monaco demo map the test stack routes on.
const depot = '43.7347, 7.4206';
const jobs = [
  { id: 'casino', location: '43.7396, 7.4278', time_on_site: '00:10' },
  { id: 'stadium', location: '43.7277, 7.4155', time_on_site: '00:10' },
  { id: 'palace', location: '43.7311, 7.4197', time_on_site: '00:05' },
  { id: 'larvotto', location: '43.7450, 7.4330', time_on_site: '00:15' },
];

const { stack, user } = useTestStack({ WAYPLAN_WAIT_SECONDS: '5' });
let client: PublicApiClient;

beforeAll(async () => {
  client = new PublicApiClient(stack.baseUrl);
  await client.login(`${user.account}:${user.user}`, user.password);
});

describe('a client of the public API, unchanged', () => {
  test('build, then status and result through the relative URLs the task answer gives', async () => {
    const started = await client.call('POST', '/v1/build', {
      id: 'req-1',
      name: 'public client',
      jobs,
      routes: [{ id: 'van', location: depot, start_time: '08:00', date: '2017-4-11' }],
    });
    expect(started.status).toBe(200);
    expect(started.body.started_time).toMatch(TIMESTAMP);
    expect(started.body.status_url).toBe(`tasks/${started.body.task_id}`);
    let status: JsonResponse;
    do {
      status = await client.call('GET', started.body.status_url);
      expect(status.status).toBe(200);
    } while (status.body.status === 'running');
    expect(status.body).toMatchObject({ id: started.body.task_id, task_id: started.body.task_id, status: 'completed' });
    for (const field of ['started_time', 'started_at', 'last_status_time', 'finished_time', 'finished_at'])
      expect(status.body[field]).toMatch(TIMESTAMP);

    const result = await client.call('GET', started.body.wait_url);
    expect(result.status).toBe(200);
    expect(result.body.unrouted_jobs).toEqual([]);
    const [route] = result.body.routes;
    readRoute(route);
    expect(
      route.stops
        .filter((s: { type: string }) => s.type === 'job')
        .map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual(jobs.map((j) => j.id).sort());
  });

  test('cancel: a POST without a body but with the JSON content type', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      id: `j${i}`,
      location: `43.7${30 + (i % 15)}, 7.4${15 + Math.floor(i / 4)}`,
      time_on_site: '00:05',
    }));
    const started = await client.call('POST', '/v1/build', {
      jobs: many,
      routes: [
        { id: 'a', location: depot },
        { id: 'b', location: depot },
      ],
      settings: { time_limit: '00:02:00' },
    });
    expect(started.status).toBe(200);
    const canceled = await client.call('POST', `/v1/tasks/${started.body.task_id}/cancel`);
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ task_id: started.body.task_id, message: expect.any(String) });
    const result = await client.waitFor('GET', started.body.wait_url);
    expect([200, 409]).toContain(result.status);
    if (result.status === 409) expect(result.body.error_code).toBe('task_canceled_error');
  });

  test('sandbox: create, revise (a break without length), read, rename, expiry, delete — the body-less calls with the JSON content type', async () => {
    const created = await client.call('POST', `/v1/sandboxes?name=public-${Date.now()}`, {
      jobs: jobs.slice(0, 2),
      routes: [{ id: 'van', location: depot, start_time: '08:00', jobs: ['casino', 'stadium'] }],
    });
    expect(created.status).toBe(200);
    expect(created.body.created_time).toMatch(TIMESTAMP);
    const id = created.body.sandbox_id;

    const revised = await client.call('POST', `/v1/sandboxes/${id}/revisions`, {
      deltas: [
        {
          $path: ['routes'],
          $collection: 'keyed_array',
          assign: [{ id: 'van', breaks: { $collection: 'keyed_array', assign: [{ id: 'coffee', start: '08:20' }] } }],
        },
      ],
    });
    expect(revised.status).toBe(200);
    expect(revised.body.revision).toBe(1);

    const problem = await client.call('GET', `/v1/sandboxes/${id}`);
    expect(problem.body.routes[0]).toMatchObject({ id: 'van', start_time: '08:00:00', breaks: [{ id: 'coffee', start: '08:20:00' }] });
    expect(problem.body.jobs.map((j: { location: string }) => j.location)).toEqual(['43.7396,7.4278', '43.7277,7.4155']);

    // The break takes its default length when the problem is evaluated.
    const evaluated = await client.waitFor('POST', '/v1/evaluate?wait=1', problem.body);
    expect(evaluated.status).toBe(200);
    const coffee = evaluated.body.routes[0].stops.find((s: { type: string }) => s.type === 'break');
    expect(strictTimespan(coffee.time_on_site)).toBe(30 * 60);

    expect((await client.call('POST', `/v1/sandboxes/${id}/rename?name=renamed-${Date.now()}`)).body).toEqual({ success: true });
    expect((await client.call('POST', `/v1/sandboxes/${id}/expiry?interval=year`)).body).toEqual({ success: true });
    expect((await client.call('POST', `/v1/sandboxes/${id}/acl?permission=read`)).body).toEqual({ success: true });
    expect((await client.call('DELETE', `/v1/sandboxes/${id}/acl?permission=read`)).body).toEqual({ success: true });
    expect((await client.call('DELETE', `/v1/sandboxes/${id}`)).body).toEqual({ success: true });
    expect((await client.call('GET', `/v1/sandboxes/${id}`)).status).toBe(404);
  });

  test('evaluate with route_paths and return_request: paths along the roads, the request echoed as the docs print it', async () => {
    const response = await client.waitFor('POST', '/v1/evaluate?wait=1', {
      return_request: true,
      settings: { route_paths: true },
      routes: [{ id: 'van', date: '2017-04-11', location: depot, start_time: '08:00', jobs: jobs.slice(0, 3) }],
    });
    expect(response.status).toBe(200);
    const [route] = response.body.routes;
    expect(route.date).toBe('2017-04-11T00:00:00');
    expect(route.location).toBe('43.7347,7.4206');
    expect(response.body.jobs.map((j: { location: string }) => j.location)).toEqual(['43.7396,7.4278', '43.7277,7.4155', '43.7311,7.4197']);
    readRoute({ ...route.response, stops: route.stops });
    const located = route.stops.slice(1);
    for (const stop of located) {
      expect(stop.path_to_stop.length).toBeGreaterThan(2);
      for (const point of stop.path_to_stop) expect(point).toMatch(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/);
    }
    expect(route.stops[0]).not.toHaveProperty('path_to_stop');
  });
});
