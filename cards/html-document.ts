import type { RouteCard } from './card-data.js';
import type { CardFormat } from './card-format.js';
import { escapeHtml } from '../model/html-escape.js';
import { mapPicture } from './map-picture.js';
import { mapSvg } from './map-svg.js';
import { cardFacts, cardTitle, stopColumns, stopRows, violationText } from './stop-table.js';

// Everything is inline and uses system fonts: the sheet must open offline and must not tell
// anyone outside that it was opened.
const stylesheet = `
*{box-sizing:border-box}
body{font-family:Helvetica,Arial,sans-serif;font-size:12px;color:#111;margin:0;background:#ddd}
.card{background:#fff;width:210mm;min-height:297mm;margin:8mm auto;padding:12mm}
h1{font-size:20px;margin:0 0 6px}
.facts{display:grid;grid-template-columns:repeat(5,auto);gap:4px 16px;margin:0 0 10px}
.facts div{display:flex;flex-direction:column}
.facts dt{font-size:10px;color:#555;text-transform:uppercase}
.facts dd{margin:0;font-weight:bold}
.route-violations{color:#c62828;font-weight:bold;margin:0 0 8px}
.map{display:block;width:100%;height:auto;margin:0 0 10px}
table{width:100%;border-collapse:collapse;font-size:11px}
th{background:#333;color:#fff;text-align:left;padding:3px 4px}
td{border-bottom:1px solid #ccc;padding:3px 4px;vertical-align:top}
td.num,th.num{text-align:right;white-space:nowrap}
tr.depot td,tr.break td,tr.legal_break td,tr.overnight td{background:#f0f0f0}
tr.violated td{background:#fde7e7}
tr.extra td{border-bottom:1px solid #ccc;font-size:10px;color:#333;padding-top:0}
.violation{color:#c62828;font-weight:bold}
tbody{break-inside:auto}
tr{break-inside:avoid}
@page{size:A4;margin:10mm}
@media print{
  body{background:#fff}
  .card{width:auto;min-height:0;margin:0;padding:0;break-after:page}
  .card:last-child{break-after:auto}
  thead{display:table-header-group}
}
`;

function factsHtml(card: RouteCard, format: CardFormat): string {
  const facts = cardFacts(card, format).map(([label, value]) => `<div><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`);
  return `<dl class="facts">${facts.join('')}</dl>`;
}

function tableHtml(card: RouteCard, format: CardFormat): string {
  const head = stopColumns
    .map((column) => `<th${column.align === 'right' ? ' class="num"' : ''}>${escapeHtml(column.label)}</th>`)
    .join('');
  const body = stopRows(card, format).map((row) => {
    const violated = row.violations !== '';
    const cells = row.cells
      .map((cell, i) => `<td${stopColumns[i]!.align === 'right' ? ' class="num"' : ''}>${escapeHtml(cell)}</td>`)
      .join('');
    const main = `<tr class="${row.type}${violated ? ' violated' : ''}">${cells}</tr>`;
    if (row.notes === '' && !violated) return main;
    const extra = [
      row.notes === '' ? '' : escapeHtml(row.notes),
      violated ? `<span class="violation">⚠ ${escapeHtml(row.violations)}</span>` : '',
    ]
      .filter((part) => part !== '')
      .join(' ');
    return `${main}<tr class="extra${violated ? ' violated' : ''}"><td></td><td colspan="${stopColumns.length - 1}">${extra}</td></tr>`;
  });
  return `<table class="stops"><thead><tr>${head}</tr></thead><tbody>${body.join('')}</tbody></table>`;
}

function cardHtml(card: RouteCard, format: CardFormat): string {
  const violations =
    card.violations.length > 0 ? `<p class="route-violations">⚠ ${escapeHtml(card.violations.map(violationText).join('; '))}</p>` : '';
  return `<section class="card" id="route-${escapeHtml(card.id)}"><h1>${escapeHtml(cardTitle(card))}</h1>${factsHtml(card, format)}${violations}${mapSvg(mapPicture(card, 720, 420, format))}${tableHtml(card, format)}</section>`;
}

/** One self-contained HTML document: a printed page (or more, for long stop lists) per route. */
export function routeCardsHtml(cards: readonly RouteCard[], format: CardFormat): string {
  const title = cards.length === 1 ? cardTitle(cards[0]!) : 'Route cards';
  return `<!DOCTYPE html>
<html lang="${escapeHtml(format.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${stylesheet}</style></head>
<body>${cards.map((card) => cardHtml(card, format)).join('\n')}</body></html>
`;
}
