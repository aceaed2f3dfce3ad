import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { demoFleetFolder } from '../../cli/commands/demo-connection.js';
import { freePort } from '../../runtime/ports.js';
import { createPool } from '../../store/db.js';
import { UserStore } from '../../store/users.js';
import { dragBetween, freshPage, launchChromium, signIn } from '../../test/app/browser.js';
import { cliMain, startInfra } from '../support/infra.js';

/**
 * The web planner in headless Chromium over a stack of its own: first paint of a plan of `--stops`
 * job stops on `--routes` routes (from opening its address, signed in, to the map and route list
 * drawn), and drag-to-redraw (a stop dropped on another route → that revision evaluated and drawn),
 * `--drags` times.
 *
 *   node dist/bench/app/main.js [--stops 300] [--routes 10] [--drags 5]
 */

const account = 'bench';

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

async function waitHealthy(baseUrl: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the API did not become healthy');
}

/** The demo fleet's job places, dealt round-robin to routes from one depot: a plan as a sandbox holds it. */
function plan(stops: number, routeCount: number): Record<string, unknown> {
  const rows = parse(readFileSync(join(demoFleetFolder, 'jobs.csv')), { columns: true }) as { lat: string; lon: string }[];
  const places = rows.filter((row) => row.lat && row.lon);
  const jobs = Array.from({ length: stops }, (_, i) => {
    const place = places[i % places.length]!;
    return {
      id: `job${i + 1}`,
      location: `${place.lat}, ${place.lon}`,
      time_on_site: '00:05:00',
      time_window: { start: '08:00:00', end: i % 7 === 0 ? '10:00:00' : '18:00:00' },
    };
  });
  const routes = Array.from({ length: routeCount }, (_, r) => ({
    id: `route${r + 1}`,
    start_time: '08:00:00',
    start_location: '43.7365, 7.4228',
    end_location: '43.7365, 7.4228',
    jobs: jobs.filter((_, i) => i % routeCount === r).map((job) => job.id),
  }));
  return { jobs, routes };
}

async function main(): Promise<void> {
  const stops = argument('--stops', 300);
  const routeCount = argument('--routes', 10);
  const drags = argument('--drags', 5);
  const dataDir = mkdtempSync(join(tmpdir(), 'wayplan-bench-app-'));
  const infra = await startInfra(dataDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: infra.databaseUrl,
    TEMPORAL_ADDRESS: infra.temporalAddress,
    WAYPLAN_DATA_DIR: dataDir,
    WAYPLAN_TASK_QUEUE_PREFIX: 'bench-app',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
  };
  const worker = spawn(process.execPath, [cliMain, 'worker'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const api = spawn(process.execPath, [cliMain, 'api'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const pool = createPool(infra.databaseUrl, 2);
  const browser = await launchChromium();
  try {
    await waitHealthy(baseUrl);
    const password = randomBytes(12).toString('base64url');
    await new UserStore(pool).add(account, 'ops', password, 'owner');
    const authorization = `Basic ${Buffer.from(`${account}%3Aops:${password}`).toString('base64')}`;
    const created = await fetch(`${baseUrl}/v1/sandboxes?name=bench`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(plan(stops, routeCount)),
    });
    const { sandbox_id: sandboxId } = (await created.json()) as { sandbox_id: string };

    const page = await freshPage(browser, { width: 1400, height: 1000 });
    // Signing in warms up the road graph, the evaluator and the browser's cache, as a second visit would find them.
    await signIn(page, baseUrl, `${account}:ops`, password, `#/sandboxes/${sandboxId}`);
    await page.waitForSelector('main[data-drawn-revision="0"]', { timeout: 120000 });

    const paints: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      await page.reload();
      await page.waitForSelector('main[data-drawn-revision]', { timeout: 120000 });
      paints.push(Date.now() - started);
    }
    process.stdout.write(
      `first paint of a ${stops}-stop plan on ${routeCount} routes (page load → map and list drawn): median ${median(paints)} ms of ${paints.join(', ')} ms\n`,
    );

    const listed: number[] = [];
    const redraws: number[] = [];
    let revision = Number(await page.$eval('main', (main) => main.getAttribute('data-drawn-revision')));
    for (let drag = 0; drag < drags; drag++) {
      // The last stop of route 1 onto the first of route 2: both in view at once.
      const last = (await page.$$('li.stop[data-route="route1"]')).length - 1;
      const from = `li.stop[data-route="route1"][data-index="${last}"]`;
      const to = `li.stop[data-route="route2"][data-index="0"]`;
      await page.$eval(to, (element) => element.scrollIntoView({ block: 'center' }));
      const started = Date.now();
      await dragBetween(page, from, to);
      revision += 1;
      await page.waitForSelector(`main[data-listed-revision="${revision}"]`, { timeout: 60000 });
      listed.push(Date.now() - started);
      await page.waitForSelector(`main[data-drawn-revision="${revision}"]`, { timeout: 60000 });
      redraws.push(Date.now() - started);
    }
    process.stdout.write(
      `drag to new times (drop → revision evaluated, route list shown): median ${median(listed)} ms of ${listed.join(', ')} ms\n`,
    );
    process.stdout.write(
      `drag to redraw (drop → changed routes' roads fetched, map drawn): median ${median(redraws)} ms of ${redraws.join(', ')} ms\n`,
    );
  } finally {
    await browser.close();
    await pool.end();
    for (const child of [api, worker]) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    infra.child.stdin!.end();
    await new Promise((r) => infra.child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
