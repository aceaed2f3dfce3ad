import { useTestStack } from '../support/stack.js';
import { postJson, postJsonWaiting, request } from '../support/http.js';
import { threeRoutePlan } from '../cards/plan-fixtures.js';
import { pdfPages } from '../cards/pdf-text.js';

const { stack, user } = useTestStack();

const cardsUrl = (query = ''): string => `${stack.baseUrl}/v1/route_cards${query}`;

async function post(body: unknown, accept: string | undefined, query = ''): Promise<Response> {
  return fetch(cardsUrl(query), {
    method: 'POST',
    headers: { authorization: user.basic, 'content-type': 'application/json', ...(accept === undefined ? {} : { accept }) },
    body: JSON.stringify(body),
  });
}

describe('POST /v1/route_cards', () => {
  test('JSON by default: a card per route, with the road drawn on the demo map and the attribution', async () => {
    const response = await postJson(cardsUrl(), threeRoutePlan(), { authorization: user.basic });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const cards = response.body.route_cards;
    expect(cards.map((card: { id: string }) => card.id)).toEqual(['north', 'centre', 'south']);
    expect(cards[0].driver).toEqual({ id: 'driver-1', name: 'Ana Silva' });
    expect(cards[0].stops.filter((stop: { type: string }) => stop.type === 'job')).toHaveLength(4);
    expect(cards[0].map.road_geometry).toBe(true);
    expect(cards[0].map.attribution).toBe('© OpenStreetMap contributors');
    expect(cards[0].map.path.length).toBeGreaterThan(cards[0].stops.length);
  });

  test('the response of evaluate with return_request is accepted as it is, job order kept', async () => {
    const evaluated = await postJsonWaiting(
      `${stack.baseUrl}/v1/evaluate?wait=1`,
      { ...threeRoutePlan(), return_request: true },
      { authorization: user.basic },
    );
    expect(evaluated.status).toBe(200);
    const response = await postJson(cardsUrl('?route=centre'), evaluated.body, { authorization: user.basic, accept: 'application/json' });
    expect(response.status).toBe(200);
    const [card] = response.body.route_cards;
    expect(card.id).toBe('centre');
    const planned = evaluated.body.routes.find((route: { id: string }) => route.id === 'centre');
    expect(card.stops.map((stop: { id: string }) => stop.id)).toEqual(planned.stops.map((stop: { id: string }) => stop.id));
    expect(card.stops.map((stop: { arrival: string }) => stop.arrival)).toEqual(
      planned.stops.map((stop: { arrival_datetime: string }) => stop.arrival_datetime),
    );
  });

  test('text/html: one self-contained document with a section per selected route', async () => {
    const response = await post(threeRoutePlan(), 'text/html', '?route=north&route=south&locale=fr-FR');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html.match(/<section class="card"/g)).toHaveLength(2);
    expect(html).toContain('lundi 10 mars 2025');
    expect(html).not.toContain('id="route-centre"');
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).toContain('© OpenStreetMap contributors');
  });

  test('application/pdf: a page per route with every stop', async () => {
    const response = await post(threeRoutePlan(), 'application/pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    const pages = pdfPages(pdf);
    expect(pages).toHaveLength(3);
    expect(pages[2]).toContain('south-stop-6');
    expect(pages[0]).toContain('© OpenStreetMap contributors');
  });

  test('q-values choose among the representations', async () => {
    const response = await post(threeRoutePlan(), 'text/html;q=0.5, application/pdf');
    expect(response.headers.get('content-type')).toBe('application/pdf');
  });

  test('406 for an Accept none of the representations satisfies', async () => {
    const response = await post(threeRoutePlan(), 'image/png');
    expect(response.status).toBe(406);
    const body = (await response.json()) as { error_code: string; status_code: number };
    expect(body).toMatchObject({ status_code: 406, error_code: 'not_acceptable_error' });
  });

  test('400 with property paths: invalid body, unknown route, bad locale', async () => {
    const plan = threeRoutePlan() as { routes: { jobs: { location?: string }[] }[] };
    delete plan.routes[0]!.jobs[1]!.location;
    const invalid = await postJson(cardsUrl(), plan, { authorization: user.basic });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error_code).toBe('validation_failed_error');
    expect(invalid.body.errors.map((e: { property: string; code: string }) => [e.property, e.code])).toEqual([
      ['request.jobs[1].location', 'job_location_missing_error'],
    ]);

    const unknown = await postJson(cardsUrl('?route=north&route=west&locale=xx-'), threeRoutePlan(), { authorization: user.basic });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.map((e: { property: string }) => e.property)).toEqual(['locale']);
    const route = await postJson(cardsUrl('?route=west'), threeRoutePlan(), { authorization: user.basic });
    expect(route.body.errors).toEqual([
      expect.objectContaining({ property: 'route', code: 'reference_not_found_error', attempted_value: 'west' }),
    ]);

    const schema = await postJson(cardsUrl(), { routes: [{ id: 'r', jobs: 'nope' }] }, { authorization: user.basic });
    expect(schema.status).toBe(400);
    expect(schema.body.errors[0].property).toBe('request.routes[0].jobs');
  });

  test('415 without a JSON body type, 405 for GET', async () => {
    const wrongType = await request(cardsUrl(), {
      method: 'POST',
      headers: { authorization: user.basic, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(wrongType.status).toBe(415);
    const get = await request(cardsUrl(), { headers: { authorization: user.basic } });
    expect(get.status).toBe(405);
  });
});
