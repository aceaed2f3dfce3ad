import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { requireSystemTool } from '../support/system-tools.js';

const run = promisify(execFile);

/** Opens an HTML document in headless Chromium (Debian's package) and answers its screenshot as PNG bytes. */
export async function screenshot(html: string, size = { width: 1200, height: 1600 }): Promise<Buffer> {
  requireSystemTool('chromium', 'chromium');
  const folder = mkdtempSync(join(tmpdir(), 'wayplan-chromium-'));
  try {
    const page = join(folder, 'cards.html');
    const png = join(folder, 'screenshot.png');
    writeFileSync(page, html);
    await run(
      'chromium',
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--user-data-dir=${join(folder, 'profile')}`,
        `--screenshot=${png}`,
        `--window-size=${size.width},${size.height}`,
        `file://${page}`,
      ],
      { timeout: 90000 },
    );
    return readFileSync(png);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
