import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireSystemTool } from '../support/system-tools.js';
import { decodePng, type RgbImage } from './png.js';

/** Runs `work` on the PDF written to a scratch file. */
function withPdfFile<T>(pdf: Buffer, work: (file: string, folder: string) => T): T {
  requireSystemTool('pdftotext', 'poppler-utils');
  const folder = mkdtempSync(join(tmpdir(), 'wayplan-pdf-'));
  try {
    const file = join(folder, 'cards.pdf');
    writeFileSync(file, pdf);
    return work(file, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The text of a PDF page by page, as poppler's `pdftotext -layout` reads it (rows stay rows). */
export function pdfPages(pdf: Buffer): string[] {
  const text = withPdfFile(pdf, (file) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));
  return text.split('\f').filter((page) => page.trim() !== '');
}

/** A word poppler finds on a page, with its box in points from the page's top left. */
export interface PdfWord {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

const unescape = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Every word of the PDF with where it is drawn (`pdftotext -bbox`). */
export function pdfWords(pdf: Buffer): PdfWord[] {
  const html = withPdfFile(pdf, (file) => execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));
  const words: PdfWord[] = [];
  html
    .split('<page ')
    .slice(1)
    .forEach((page, index) => {
      for (const match of page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
        words.push({
          page: index + 1,
          text: unescape(match[5]!),
          xMin: Number(match[1]),
          yMin: Number(match[2]),
          xMax: Number(match[3]),
          yMax: Number(match[4]),
        });
      }
    });
  return words;
}

/** Page `page` (1-based) rendered by poppler's `pdftoppm` at `dpi`. */
export function renderPdfPage(pdf: Buffer, page: number, dpi: number): RgbImage {
  requireSystemTool('pdftoppm', 'poppler-utils');
  return withPdfFile(pdf, (file, folder) => {
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      String(dpi),
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      file,
      join(folder, 'page'),
    ]);
    return decodePng(readFileSync(join(folder, 'page.png')));
  });
}

/** The fonts a PDF uses, as `pdffonts` lists them (name, type, whether embedded). */
export function pdfFonts(pdf: Buffer): { name: string; embedded: boolean }[] {
  requireSystemTool('pdffonts', 'poppler-utils');
  const listing = withPdfFile(pdf, (file) => execFileSync('pdffonts', [file], { encoding: 'utf8' }));
  return listing
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const fields = line.trim().split(/\s+/);
      // name type [type…] encoding emb sub uni object id: "emb" is the fifth field from the end.
      return { name: fields[0]!, embedded: fields[fields.length - 5] === 'yes' };
    });
}
