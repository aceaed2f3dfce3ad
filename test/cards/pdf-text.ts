import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireSystemTool } from '../support/system-tools.js';

/** The text of a PDF page by page, as poppler's `pdftotext -layout` reads it (rows stay rows). */
export function pdfPages(pdf: Buffer): string[] {
  requireSystemTool('pdftotext', 'poppler-utils');
  const folder = mkdtempSync(join(tmpdir(), 'wayplan-pdf-'));
  try {
    const file = join(folder, 'cards.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    return text.split('\f').filter((page) => page.trim() !== '');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
