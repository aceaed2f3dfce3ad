import type { RouteCard } from './card-data.js';
import type { CardFormat } from './card-format.js';
import { CardFonts, type FontStyle } from './card-fonts.js';
import { mapPicture, type MapPicture } from './map-picture.js';
import { PdfCanvas, type PdfPage, type Rgb } from './pdf-canvas.js';
import { cardFacts, cardTitle, stopColumns, stopRows, violationText, type StopRow } from './stop-table.js';

// A4 portrait in points.
const pageWidth = 595.28;
const pageHeight = 841.89;
const margin = 36;
const contentWidth = pageWidth - 2 * margin;
const mapHeight = 300;
const tableSize = 7.5;
const rowHeight = 11;
const extraLineHeight = 10;
const footerSpace = 24;

const black: Rgb = [0.07, 0.07, 0.07];
const grey: Rgb = [0.35, 0.35, 0.35];
const red: Rgb = [0.78, 0.16, 0.16];
const blue: Rgb = [0.12, 0.37, 0.75];
const white: Rgb = [1, 1, 1];
const paleRed: Rgb = [0.99, 0.9, 0.9];
const paleGrey: Rgb = [0.94, 0.94, 0.94];

const textWidth = (text: string, style: FontStyle, size: number): number => CardFonts.get().width(text, style, size);

/** `text` cut to `width` points, with an ellipsis when something had to go. */
function fitted(text: string, width: number, style: FontStyle, size: number): string {
  if (textWidth(text, style, size) <= width) return text;
  let cut = text;
  while (cut.length > 0 && textWidth(`${cut}…`, style, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

function rowSpace(row: StopRow): number {
  return rowHeight + (row.notes !== '' || row.violations !== '' ? extraLineHeight : 0);
}

/** Left edge of each column. */
const columnX = stopColumns.map((_, i) => margin + stopColumns.slice(0, i).reduce((sum, column) => sum + column.width * contentWidth, 0));

function drawCell(page: PdfPage, text: string, column: number, y: number, style: FontStyle, color: Rgb): void {
  const { width, align } = stopColumns[column]!;
  const room = width * contentWidth - 4;
  const shown = fitted(text, room, style, tableSize);
  const x = align === 'right' ? columnX[column]! + room - textWidth(shown, style, tableSize) + 2 : columnX[column]! + 2;
  page.text(x, y, shown, { style, size: tableSize, color });
}

/** The table header; answers the baseline of the first row below it. */
function drawTableHead(page: PdfPage, top: number): number {
  page.rect(margin, top - rowHeight - 2, contentWidth, rowHeight + 2, { fill: [0.2, 0.2, 0.2] });
  stopColumns.forEach((column, i) => drawCell(page, column.label, i, top - rowHeight + 1.5, 'bold', white));
  return top - rowHeight - 2;
}

function drawRow(page: PdfPage, row: StopRow, top: number): number {
  const violated = row.violations !== '';
  const height = rowSpace(row);
  const shade = violated ? paleRed : row.type === 'job' || row.type === 'job_exit' ? undefined : paleGrey;
  if (shade) page.rect(margin, top - height, contentWidth, height, { fill: shade });
  row.cells.forEach((cell, i) => drawCell(page, cell, i, top - rowHeight + 3, i === 1 ? 'bold' : 'regular', black));
  const extras: { text: string; color: Rgb; style: FontStyle }[] = [];
  if (row.notes !== '') extras.push({ text: row.notes, color: grey, style: 'regular' });
  if (violated) extras.push({ text: `! ${row.violations}`, color: red, style: 'bold' });
  let x = columnX[1]! + 2;
  for (const extra of extras) {
    const shown = fitted(extra.text, margin + contentWidth - x, extra.style, tableSize - 0.5);
    page.text(x, top - height + 3, shown, { style: extra.style, size: tableSize - 0.5, color: extra.color });
    x += textWidth(shown, extra.style, tableSize - 0.5) + 10;
  }
  page.line(margin, top - height, margin + contentWidth, top - height, { color: [0.8, 0.8, 0.8], width: 0.5 });
  return top - height;
}

function drawMap(page: PdfPage, picture: MapPicture, top: number): void {
  const toPage = (p: { x: number; y: number }) => ({ x: margin + p.x, y: top - p.y });
  page.rect(margin, top - picture.height, picture.width, picture.height, {
    fill: [0.96, 0.95, 0.92],
    stroke: { color: [0.55, 0.55, 0.55], width: 0.75 },
  });
  page.polyline(picture.line.map(toPage), { color: blue, width: 2, ...(picture.dashed ? { dash: [5, 3] } : {}) });
  // The scale bar goes under the markers: a stop in the corner must stay visible.
  const bar = picture.scaleBar;
  const start = toPage({ x: bar.x, y: bar.y });
  page.rect(start.x - 4, start.y - 6, bar.length + 8, 20, { fill: white });
  page.polyline(
    [{ x: start.x, y: start.y + 4 }, start, { x: start.x + bar.length, y: start.y }, { x: start.x + bar.length, y: start.y + 4 }],
    { color: black, width: 1.2 },
  );
  page.text(start.x + bar.length / 2 - textWidth(bar.label, 'regular', 7) / 2, start.y + 5, bar.label, { size: 7, color: black });
  for (const marker of picture.markers) {
    const { x, y } = toPage(marker);
    const fill = marker.violated ? red : marker.kind === 'depot' ? black : blue;
    const border = { color: white, width: 1 };
    if (marker.kind === 'depot') page.rect(x - 6.5, y - 6.5, 13, 13, { fill, stroke: border });
    else page.circle(x, y, 6.5, { fill, stroke: border });
    const size = marker.label.length > 2 ? 5 : 6.5;
    page.text(x - textWidth(marker.label, 'bold', size) / 2, y - size * 0.35, marker.label, { style: 'bold', size, color: white });
  }
  if (picture.attribution !== undefined) {
    const width = textWidth(picture.attribution, 'regular', 7);
    page.text(margin + picture.width - width - 5, top - picture.height + 5, picture.attribution, { size: 7, color: grey });
  }
}

/** Title, facts and route violations; answers where the map starts. */
function drawHeader(page: PdfPage, card: RouteCard, format: CardFormat): number {
  let y = pageHeight - margin - 16;
  page.text(margin, y, fitted(cardTitle(card), contentWidth, 'bold', 16), { style: 'bold', size: 16 });
  y -= 14;
  const facts = cardFacts(card, format);
  const perRow = 4;
  const cellWidth = contentWidth / perRow;
  facts.forEach(([label, value], i) => {
    const x = margin + (i % perRow) * cellWidth;
    const rowTop = y - Math.floor(i / perRow) * 24;
    page.text(x, rowTop - 6, label.toUpperCase(), { size: 6.5, color: grey });
    page.text(x, rowTop - 17, fitted(value, cellWidth - 6, 'bold', 9), { style: 'bold', size: 9 });
  });
  y -= Math.ceil(facts.length / perRow) * 24 + 4;
  if (card.violations.length > 0) {
    page.text(margin, y - 8, fitted(`! ${card.violations.map(violationText).join('; ')}`, contentWidth, 'bold', 8), {
      style: 'bold',
      size: 8,
      color: red,
    });
    y -= 14;
  }
  return y;
}

/** Draws a card over as many pages as its stop list needs: header and map on the first, the table continuing on the next. */
function drawCard(writer: PdfCanvas, card: RouteCard, format: CardFormat): void {
  const pages: PdfPage[] = [];
  const newPage = (): PdfPage => {
    const page = writer.addPage(pageWidth, pageHeight);
    pages.push(page);
    return page;
  };
  let page = newPage();
  const mapTop = drawHeader(page, card, format);
  drawMap(page, mapPicture(card, contentWidth, mapHeight, format), mapTop);
  let y = drawTableHead(page, mapTop - mapHeight - 10);
  for (const row of stopRows(card, format)) {
    if (y - rowSpace(row) < margin + footerSpace) {
      page = newPage();
      const title = `${cardTitle(card)} (continued)`;
      page.text(margin, pageHeight - margin - 12, fitted(title, contentWidth, 'bold', 12), { style: 'bold', size: 12 });
      y = drawTableHead(page, pageHeight - margin - 22);
    }
    y = drawRow(page, row, y);
  }
  pages.forEach((p, i) => {
    const footer = `${cardTitle(card)} · page ${i + 1} of ${pages.length}`;
    p.text(pageWidth - margin - textWidth(footer, 'regular', 7), margin - 4, footer, { size: 7, color: grey });
  });
}

/** A PDF with a page per route (and continuation pages for long stop lists). */
export function routeCardsPdf(cards: readonly RouteCard[], format: CardFormat): Promise<Buffer> {
  const writer = new PdfCanvas(cards.length === 1 ? cardTitle(cards[0]!) : 'Route cards');
  for (const card of cards) drawCard(writer, card, format);
  return writer.toBuffer();
}
