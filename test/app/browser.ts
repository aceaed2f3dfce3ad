import { execFileSync } from 'node:child_process';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { requireSystemTool } from '../support/system-tools.js';

/** Debian's headless Chromium, driven over the DevTools protocol. */
export async function launchChromium(): Promise<Browser> {
  requireSystemTool('chromium', 'chromium');
  const executablePath = execFileSync('sh', ['-c', 'command -v chromium']).toString().trim();
  return puppeteer.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/** A new page in its own browser context (own cookies and storage: a second browser). */
export async function freshPage(browser: Browser, size = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(size);
  return page;
}

/** Signs in through the app's form. */
export async function signIn(page: Page, baseUrl: string, username: string, password: string, hash = ''): Promise<void> {
  await page.goto(`${baseUrl}/app/${hash}`);
  await page.waitForSelector('#username');
  await page.type('#username', username);
  await page.type('#password', password);
  await page.click('#sign-in');
  await page.waitForSelector('#sign-out');
}

/** Drags with the mouse from the centre of one element to the centre of another, in small steps. */
export async function dragBetween(page: Page, fromSelector: string, toSelector: string): Promise<void> {
  const centre = async (selector: string): Promise<{ x: number; y: number }> => {
    const box = await (await page.waitForSelector(selector))!.boundingBox();
    if (!box) throw new Error(`${selector} is not visible`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const from = await centre(fromSelector);
  const to = await centre(toSelector);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y + 10, { steps: 2 });
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}
