import type { RouteCard } from '../../cards/card-data.js';
import { CardFormat } from '../../cards/card-format.js';
import { routeCardsPdf } from '../../cards/pdf-document.js';
import { cardsOf } from './card-fixtures.js';
import { pdfPages } from './pdf-text.js';
import { longRoute, threeRoutePlan } from './plan-fixtures.js';

const british = new CardFormat('en-GB');

/** `08:07` from `2025-03-10T08:07:23` or `08:07:23`: how en-GB prints a wire time. */
function clock(wire: string): string {
  return (wire.includes('T') ? wire.slice(11) : wire).slice(0, 5);
}

/** Asserts that each stop has a line with its id and arrival, the lines in driving order; answers the lines' indexes. */
function expectStopsInOrder(lines: string[], card: RouteCard): number[] {
  const found: number[] = [];
  let from = 0;
  for (const stop of card.stops) {
    const at = lines.findIndex((line, i) => i >= from && line.includes(stop.id) && line.includes(clock(stop.arrival)));
    if (at < 0) throw new Error(`no line with stop ${stop.id} arriving ${clock(stop.arrival)} after line ${from} of\n${lines.join('\n')}`);
    found.push(at);
    from = at + 1;
  }
  return found;
}

describe('route cards as PDF', () => {
  test('a 3-route plan: one page per route with its header, and every stop id and arrival time in order', async () => {
    const cards = await cardsOf(threeRoutePlan());
    const pdf = await routeCardsPdf(cards, british);
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(pdf.subarray(-6).toString('latin1')).toBe('%%EOF\n');
    const pages = pdfPages(pdf);
    expect(pages).toHaveLength(3);
    cards.forEach((card, i) => {
      const page = pages[i]!;
      expect(page).toContain(`Tour ${card.id} (${card.id})`);
      expect(page).toContain(card.driver!.name!);
      expect(page).toContain('Monday, 10 March 2025');
      expect(page).toContain(british.distance(card.distance_meters));
      expect(page).toContain(british.cost(card.cost));
      expect(page).toContain('Planned end'.toUpperCase());
      expectStopsInOrder(page.split('\n'), card);
    });
    expect(pages[0]).toContain('Place du Casino, 98000 Monaco');
    expect(pages[0]).toContain('gate_code: 4711; contact: Mme Dubois');
    expect(pages[1]).toContain('job_missed_time_window');
    // Straight-line travel draws no map data, so no attribution.
    expect(pages.join('')).not.toContain('OpenStreetMap');
  });

  test('a 60-stop route runs over several pages, the table continuing in order with its header repeated', async () => {
    const [card] = await cardsOf(longRoute(60));
    const pages = pdfPages(await routeCardsPdf([card!], british));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.slice(1).forEach((page) => {
      expect(page).toContain('Route long (continued)');
      expect(page).toMatch(/#\s+Stop\s+Job\s+Address/);
    });
    pages.forEach((page, i) => expect(page).toContain(`page ${i + 1} of ${pages.length}`));
    const lines = pages.join('\n').split('\n');
    expect(expectStopsInOrder(lines, card!)).toHaveLength(62);
    // No stop is lost at a page break: every stop id is printed exactly once.
    for (const stop of card!.stops.filter((s) => s.type === 'job')) {
      expect(lines.filter((line) => new RegExp(`\\b${stop.id}\\b`).test(line))).toHaveLength(1);
    }
  });

  test('locales change number and date formats, not the content', async () => {
    const [card] = await cardsOf(threeRoutePlan());
    const german = new CardFormat('de-DE');
    const [page] = pdfPages(await routeCardsPdf([card!], german));
    // Intl's no-break spaces come out of the PDF as no-break spaces, but not always of the same kind.
    const spaced = (text: string): string => text.replace(/\s/g, ' ');
    expect(spaced(page!)).toContain('Montag, 10. März 2025');
    expect(spaced(page!)).toContain(spaced(german.cost(card!.cost)));
    expect(spaced(page!)).toContain(spaced(german.distance(card!.distance_meters)));
  });
});
