import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'puppeteer-core';
import { demoFleetFolder } from '../../cli/commands/demo-connection.js';
import { addPlatformConnection } from '../../store/platform-connections.js';
import { countPixelsNear, decodePng, luminanceVariance } from '../cards/png.js';
import { FakeUpstream } from '../geo/geocoding/fake-upstream.js';
import { runCli } from '../support/cli.js';
import { repoRoot } from '../../runtime/paths.js';
import { TestStack, type TestUser } from '../support/stack.js';
import { dragBetween, freshPage, launchChromium, signIn } from './browser.js';

interface Stop {
  type: string;
  job?: string;
  arrival_time?: string;
  arrival_datetime?: string;
  violations: unknown[];
}
interface Evaluated {
  routes: { id: string; violations: unknown[]; stops: Stop[] }[];
  unrouted_jobs: { id: string }[];
}
interface Problem {
  routes: { id: string; jobs?: string[] }[];
  [field: string]: unknown;
}

const planDate = '2026-12-01';
const territory = 'condamine';
const queuePrefix = `test-app-${randomBytes(4).toString('hex')}`;
/** Screenshots stay for people to look at; the folder is ignored by git. */
const screenshots = join(repoRoot, 'test', 'out');

const jobIds = (route: Problem['routes'][number]): string[] => route.jobs ?? [];
const violationCount = (route: Evaluated['routes'][number]): number =>
  route.violations.length + route.stops.reduce((sum, stop) => sum + stop.violations.length, 0);
const arrivals = (evaluated: Evaluated): Record<string, string> =>
  Object.fromEntries(
    evaluated.routes.flatMap((route) =>
      route.stops.filter((stop) => stop.type === 'job').map((stop) => [stop.job!, stop.arrival_time ?? stop.arrival_datetime ?? '']),
    ),
  );
const violationsPerRoute = (evaluated: Evaluated): Record<string, number> =>
  Object.fromEntries(evaluated.routes.map((route) => [route.id, violationCount(route)]));

/** The id of the run whose dashboard the page shows, once it shows one other than `other`. */
async function shownRun(page: Page, other = ''): Promise<string> {
  const id = await page.waitForFunction(
    `(() => {
      const run = document.querySelector('main').dataset.run;
      return run !== undefined && run !== ${JSON.stringify(other)} && document.querySelector('#retry-run') !== null && run;
    })()`,
  );
  return (await id.jsonValue()) as string;
}

/** What the page shows: every routed stop's arrival, each route's violation count and job order. */
async function shown(
  page: Page,
): Promise<{ arrivals: Record<string, string>; violations: Record<string, number>; order: Record<string, string[]> }> {
  const routes = await page.$$eval('article.route', (articles) =>
    articles.map((article) => ({
      id: article.getAttribute('data-route')!,
      violations: Number(article.querySelector('.violation-count')!.getAttribute('data-violations')),
      stops: [...article.querySelectorAll('li.stop')].map(
        (stop) => [stop.getAttribute('data-job')!, stop.getAttribute('data-arrival')!] as [string, string],
      ),
    })),
  );
  return {
    arrivals: Object.fromEntries(routes.flatMap((route) => route.stops)),
    violations: Object.fromEntries(routes.map((route) => [route.id, route.violations])),
    order: Object.fromEntries(routes.map((route) => [route.id, route.stops.map(([job]) => job)])),
  };
}

const drawn = (page: Page, revision: number): Promise<unknown> =>
  page.waitForSelector(`main[data-drawn-revision="${revision}"]`, { timeout: 60000 });

describe('the web planner in headless Chromium against the real stack', () => {
  let stack: TestStack;
  let upstream: FakeUpstream;
  let owner: TestUser;
  let viewer: TestUser;
  let pool: pg.Pool;
  let browser: Browser;
  let folder: string;

  const api = async <T>(user: TestUser, path: string, body?: unknown): Promise<{ status: number; json: T }> => {
    const response = await fetch(`${stack.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: user.basic, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: (await response.json()) as T };
  };
  const evaluate = async (problem: Problem): Promise<Evaluated> => (await api<Evaluated>(owner, '/v1/evaluate?wait=1', problem)).json;

  beforeAll(async () => {
    upstream = await new FakeUpstream().start();
    stack = await TestStack.start({
      WAYPLAN_TASK_QUEUE_PREFIX: queuePrefix,
      WAYPLAN_GEOCODER: 'nominatim',
      WAYPLAN_GEOCODER_URL: upstream.url,
    });
    owner = await stack.createUser();
    viewer = await stack.createUser(owner.account, 'viewer', 'planner');
    pool = new pg.Pool({ connectionString: process.env.WAYPLAN_TEST_DATABASE_URL, max: 1 });
    folder = mkdtempSync(join(tmpdir(), 'wayplan-app-demo-'));
    cpSync(demoFleetFolder, folder, { recursive: true, filter: (path) => !/(routes|stops)\.csv$/.test(path) });
    await addPlatformConnection(pool, owner.account, 'demo', { kind: 'csv_folder', settings: { path: folder } });
    const night = await runCli(
      [
        'run',
        'nightly',
        '--connection',
        'demo',
        '--account',
        owner.account,
        '--territory',
        territory,
        '--date',
        planDate,
        '--wait',
        '--json',
        '--time-limit',
        '2',
      ],
      { WAYPLAN_DATA_DIR: process.env.WAYPLAN_TEST_DATA_DIR, WAYPLAN_TASK_QUEUE_PREFIX: queuePrefix },
    );
    // The CLI's output goes with the exit code, so a failed run says why.
    expect({ code: night.code, stdout: night.stdout.slice(-2000), stderr: night.stderr.slice(-2000) }).toMatchObject({ code: 0 });
    const schedule = await runCli(
      ['schedule', 'nightly', '--connection', 'demo', '--account', owner.account, '--at', '03:30', '--tz', 'UTC'],
      { WAYPLAN_TASK_QUEUE_PREFIX: queuePrefix },
    );
    expect(schedule.code).toBe(0);
    browser = await launchChromium();
    mkdirSync(screenshots, { recursive: true });
  }, 180000);

  afterAll(async () => {
    await runCli(['schedule', 'delete', `${owner.account}:demo`], { WAYPLAN_TASK_QUEUE_PREFIX: queuePrefix });
    await browser?.close();
    await stack?.stop();
    await upstream?.stop();
    await pool?.end();
    rmSync(folder, { recursive: true, force: true });
  });

  it('serves the app without credentials and the map and plan views with them', async () => {
    const index = await fetch(`${stack.baseUrl}/app/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await index.text();
    expect(html).toContain(`data-login-url="${stack.baseUrl}/auth/login"`);
    // Nothing outside the API: every script and style comes from /app.
    expect([...html.matchAll(/(?:src|href)="([^"#]+)"/g)].map((match) => match[1])).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/app\/assets\//)]),
    );
    expect(html).not.toMatch(/(?:src|href)="(?!\/app\/)[^"#]/);
    expect((await fetch(`${stack.baseUrl}/app/..%2f..%2fpackage.json`)).status).toBe(404);
    expect((await fetch(`${stack.baseUrl}/app/assets/missing.js`)).status).toBe(404);

    const monaco = '7.40,43.72,7.44,43.76';
    expect((await fetch(`${stack.baseUrl}/v1/map/roads?bbox=${monaco}`)).status).toBe(401);
    const roads = await api<{ lines: number[][]; truncated: boolean; attribution: string }>(owner, `/v1/map/roads?bbox=${monaco}`);
    expect(roads.status).toBe(200);
    expect(roads.json.lines.length).toBeGreaterThan(500);
    expect(roads.json.truncated).toBe(false);
    expect(roads.json.attribution).toMatch(/OpenStreetMap/);
    const bad = await api<{ errors: { property: string }[] }>(owner, '/v1/map/roads?bbox=7.44,43.72,7.40');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ status_code: 400, error_code: 'validation_failed_error', errors: [{ property: 'bbox' }] });

    const runs = await api<{ runs: { run_id: string }[] }>(owner, '/v1/platform/runs');
    const runId = runs.json.runs[0]!.run_id;
    const plan = await api<Problem>(owner, `/v1/platform/runs/${runId}/plan?territory=${territory}`);
    expect(plan.status).toBe(200);
    expect(plan.json.routes.length).toBeGreaterThan(1);
    expect(plan.json).not.toHaveProperty('unrouted_jobs');
    for (const route of plan.json.routes) expect(route).not.toHaveProperty('stops');
    expect((await api(owner, `/v1/platform/runs/${runId}/plan?territory=nowhere`)).json).toMatchObject({
      status_code: 404,
      error_code: 'not_found_error',
    });
    const stranger = await stack.createUser();
    expect((await api(stranger, `/v1/platform/runs/${runId}/plan?territory=${territory}`)).status).toBe(404);
    expect((await api(stranger, `/v1/platform/runs/${runId}/retry`, {})).json).toMatchObject({
      status_code: 404,
      error_code: 'not_found_error',
    });

    const schedules = await api<{ schedules: unknown[] }>(owner, '/v1/platform/schedules');
    expect(schedules.json.schedules).toEqual([
      {
        connection: 'demo',
        at: '03:30',
        timezone: 'UTC',
        days: 1,
        territories: null,
        paused: false,
        next_run: expect.stringMatching(/T03:30:00/),
        last_run: null,
      },
    ]);
    expect((await api<{ schedules: unknown[] }>(stranger, '/v1/platform/schedules')).json.schedules).toEqual([]);
  });

  it("opens the night's plan, moves a stop to another route as evaluate prices it, live on a second page, undoes it, and refuses a read-only drag", async () => {
    const page = await freshPage(browser);
    await signIn(page, stack.baseUrl, `${owner.account}:${owner.user}`, owner.password);
    await page.waitForSelector('#schedules');
    expect(await page.$eval('#schedules', (table) => table.textContent)).toContain('03:30 UTC');
    await (await page.waitForSelector('#runs a'))!.click();
    // Retry the night from its dashboard: a new run, followed live until it has finished. The run
    // shown is read from the page: `page.url()` may not have caught up with a click's new hash yet.
    const firstRun = await shownRun(page);
    await (await page.waitForSelector(`main[data-run="${firstRun}"] #retry-run`))!.click();
    const retried = await shownRun(page, firstRun);
    // Once the run has ended the page stops refreshing.
    await page.waitForSelector(`main[data-run="${retried}"] #run-status.completed`, { timeout: 120000 });
    const openPlan = `main[data-run="${retried}"] button.open-plan[data-territory="${territory}"]`;
    await page.waitForSelector(openPlan);
    // The run's dashboard: a wall time for each of the six steps, and the counts.
    expect(
      await page.$$eval(`section.territory[data-territory="${territory}"] table.steps td`, (cells) =>
        cells.map((cell) => cell.textContent),
      ),
    ).toEqual(Array.from({ length: 6 }, () => expect.stringMatching(/^\d+\.\d s/)));
    expect(await page.$eval(`section.territory[data-territory="${territory}"] .counts`, (element) => element.textContent)).toMatch(
      /^\d+ jobs, \d+ routed on \d+ routes, \d+ unrouted/,
    );
    // A click in the page itself: the dashboard may redraw between finding the button and a mouse click.
    await page.$eval(openPlan, (button) => (button as unknown as { click(): void }).click());
    await drawn(page, 0);
    const sandboxId = decodeURIComponent(String(await page.evaluate('location.hash')).split('#/sandboxes/')[1]!);

    const before = (await api<Problem>(owner, `/v1/sandboxes/${sandboxId}`)).json;
    const beforeEvaluation = await evaluate(before);
    expect(await shown(page)).toEqual({
      arrivals: arrivals(beforeEvaluation),
      violations: violationsPerRoute(beforeEvaluation),
      order: Object.fromEntries(before.routes.map((route) => [route.id, jobIds(route)])),
    });

    // The last stop of a route onto the first stop of another one (onto its end when it is empty): the move (of those) that changes
    // the violations, as evaluate prices it; when the plan has room everywhere (no such move), the
    // first possible one, which still changes the times.
    const moved = (a: number, b: number): Problem => {
      const routes = before.routes.map((route) => ({ ...route, jobs: [...jobIds(route)] }));
      const job = routes[a]!.jobs.pop()!;
      routes[b]!.jobs.unshift(job);
      return { ...before, routes };
    };
    let from = -1;
    let to = -1;
    let expected: Evaluated | undefined;
    let fallback: { from: number; to: number; evaluated: Evaluated } | undefined;
    for (let a = 0; a < before.routes.length && from < 0; a++) {
      for (let b = 0; b < before.routes.length && from < 0; b++) {
        if (a === b || jobIds(before.routes[a]!).length < 2) continue;
        const candidate = await evaluate(moved(a, b));
        fallback ??= { from: a, to: b, evaluated: candidate };
        if (JSON.stringify(violationsPerRoute(candidate)) !== JSON.stringify(violationsPerRoute(beforeEvaluation))) {
          from = a;
          to = b;
          expected = candidate;
        }
      }
    }
    if (from < 0 && fallback) ({ from, to, evaluated: expected } = fallback);
    expect(from).toBeGreaterThanOrEqual(0);
    const source = before.routes[from]!;
    const target = before.routes[to]!;
    const job = jobIds(source).at(-1)!;

    const second = await freshPage(browser);
    await signIn(second, stack.baseUrl, `${owner.account}:${owner.user}`, owner.password, `#/sandboxes/${sandboxId}`);
    await drawn(second, 0);

    const targetStop =
      jobIds(target).length > 0 ? `li.stop[data-route="${target.id}"][data-index="0"]` : `li.drop-end[data-route="${target.id}"]`;
    await page.$eval(targetStop, (element) => element.scrollIntoView({ block: 'center' }));
    await dragBetween(page, `li.stop[data-job="${job}"]`, targetStop);
    await drawn(page, 1);
    const after = (await api<Problem>(owner, `/v1/sandboxes/${sandboxId}`)).json;
    expect(after.routes).toEqual(moved(from, to).routes);
    const view = await shown(page);
    expect(view.arrivals).toEqual(arrivals(expected!));
    expect(view.violations).toEqual(violationsPerRoute(expected!));
    expect(view.order[target.id]![0]).toBe(job);
    // The times the move changes: the moved job's, first on another route now, and those of the
    // target's jobs (none when the target was empty).
    const retimed = [job, ...jobIds(target)];
    expect(retimed.map((id) => view.arrivals[id])).not.toEqual(retimed.map((id) => arrivals(beforeEvaluation)[id]));

    await drawn(second, 1);
    expect(await shown(second)).toEqual(view);

    await page.click('#undo');
    await drawn(page, 2);
    expect((await api<Problem>(owner, `/v1/sandboxes/${sandboxId}`)).json.routes).toEqual(before.routes);
    const undone = await shown(page);
    expect(undone.arrivals).toEqual(arrivals(beforeEvaluation));
    expect(undone.violations).toEqual(violationsPerRoute(beforeEvaluation));
    await drawn(second, 2);
    expect(await shown(second)).toEqual(undone);

    // Keyboard: Alt+↓ on a focused stop moves it one place down.
    const first = jobIds(target)[0]!;
    await page.focus(`li.stop[data-job="${first}"]`);
    await page.keyboard.down('Alt');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.up('Alt');
    await drawn(page, 3);
    expect((await shown(page)).order[target.id]!.slice(0, 2)).toEqual([jobIds(target)[1], first]);

    // "Where does it fit best?": recommend's first option, applied as a move.
    await page.click(`li.stop[data-job="${first}"]`);
    await (await page.waitForSelector('#best-fit'))!.click();
    await page.waitForSelector('.fit-list li, .fit-options .no-fit, #status.error', { timeout: 60000 });
    expect(await page.$eval('.fit-options', (element) => element.textContent)).toMatch(/position \d+:/);
    const option = (await page.$('.fit-list li'))!;
    const [, fitRoute, fitPosition] = /^(.+), position (\d+):/.exec((await option.evaluate((item) => item.textContent))!)!;
    await page.click('.fit-list li .fit-apply');
    await drawn(page, 4);
    expect((await shown(page)).order[fitRoute!]![Number(fitPosition) - 1]).toBe(first);

    // Re-optimize as a task, accept its result: one revision with the task's job orders.
    await page.click('#reoptimize');
    await (await page.waitForSelector('#accept-result', { timeout: 120000 }))!.click();
    await drawn(page, 5);
    const optimized = (await api<Problem>(owner, `/v1/sandboxes/${sandboxId}`)).json;
    const optimizedView = await shown(page);
    expect(optimizedView.order).toEqual(Object.fromEntries(optimized.routes.map((route) => [route.id, jobIds(route)])));
    expect(optimizedView.arrivals).toEqual(arrivals(await evaluate(optimized)));

    // Route cards open as a printable page of their own.
    const cards = browser.waitForTarget((candidate) => candidate.url().startsWith('blob:'));
    await page.click('#print-cards');
    const cardsPage = (await (await cards).page())!;
    await cardsPage.waitForFunction('document.body && document.body.textContent.length > 0');
    expect(await cardsPage.evaluate('document.body.textContent')).toContain(target.id);
    await cardsPage.close();

    // A read-only user sees the plan but cannot change it, through the app or around it.
    expect((await api(owner, `/v1/sandboxes/${sandboxId}/acl?subuser=viewer&permission=read`, {})).status).toBe(200);
    const reader = await freshPage(browser);
    await signIn(reader, stack.baseUrl, `${owner.account}:viewer`, viewer.password, `#/sandboxes/${sandboxId}`);
    await drawn(reader, 5);
    expect(await reader.$eval('#access', (element) => element.textContent)).toMatch(/read-only/i);
    // Re-optimizing may have emptied the routes used above: drag between routes of the plan as it is now.
    const readerSource = optimized.routes.find((route) => jobIds(route).length > 0)!;
    const readerTarget = optimized.routes.find((route) => route.id !== readerSource.id)!;
    const readerTargetStop =
      jobIds(readerTarget).length > 0
        ? `li.stop[data-route="${readerTarget.id}"][data-index="0"]`
        : `li.drop-end[data-route="${readerTarget.id}"]`;
    await reader.$eval(readerTargetStop, (element) => element.scrollIntoView({ block: 'center' }));
    const readerJob = jobIds(readerSource).at(-1)!;
    await dragBetween(reader, `li.stop[data-job="${readerJob}"]`, readerTargetStop);
    await reader.waitForSelector('#status.error');
    expect(await reader.$eval('#status', (element) => element.textContent)).toMatch(/read-only/i);
    expect((await api<{ latest_revision: number }>(owner, `/v1/sandboxes/${sandboxId}/revisions?from=0`)).json.latest_revision).toBe(5);
    expect((await api(viewer, `/v1/sandboxes/${sandboxId}/revisions`, { undo_redo_to_revision: 0 })).status).toBe(403);

    // The map: our road network and the routes' colours, far from blank.
    const map = await page.$('#map');
    const png = Buffer.from(await map!.screenshot({ type: 'png' }));
    writeFileSync(join(screenshots, 'planner-map.png'), png);
    const image = decodePng(png);
    expect(luminanceVariance(image)).toBeGreaterThan(100);
    expect(countPixelsNear(image, [0x9a, 0xa4, 0xad], 10)).toBeGreaterThan(2000);
    expect(countPixelsNear(image, [0x00, 0x72, 0xb2], 10)).toBeGreaterThan(200);

    // A narrow window (or 200 % zoom of a small one): one column, nothing wider than the window.
    await page.setViewport({ width: 400, height: 900 });
    await page.waitForFunction('document.documentElement.scrollWidth <= window.innerWidth');
    writeFileSync(join(screenshots, 'planner-narrow.png'), Buffer.from(await page.screenshot({ type: 'png', fullPage: false })));
  }, 240000);
});
