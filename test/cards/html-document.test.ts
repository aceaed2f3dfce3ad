import { CardFormat } from '../../cards/card-format.js';
import { routeCardsHtml } from '../../cards/html-document.js';
import { cardsOf } from './card-fixtures.js';
import { screenshot } from './chromium.js';
import { countPixelsNear, decodePng, luminanceVariance } from './png.js';
import { threeRoutePlan } from './plan-fixtures.js';

describe('route cards as HTML', () => {
  test('one self-contained document: a section per route with map and stop table, nothing fetched from outside', async () => {
    const cards = await cardsOf(threeRoutePlan());
    const html = routeCardsHtml(cards, new CardFormat('en-US'));
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html.match(/<section class="card"/g)).toHaveLength(3);
    expect(html.match(/<svg class="map"/g)).toHaveLength(3);
    expect(html.match(/<table class="stops"/g)).toHaveLength(3);
    expect(html).toContain('@media print');
    expect(html).toContain('break-after:page');
    // No address outside the page: no URLs, no linked resources, no scripts.
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/\b(src|href)=|url\(|@import|<script|<link/i);
    for (const card of cards) for (const stop of card.stops) expect(html).toContain(stop.id);
    expect(html).toContain('class="job violated"');
    expect(html).toContain('gate_code: 4711; contact: Mme Dubois');
  });

  test('headless Chromium renders the map and the table: the screenshot is far from blank', async () => {
    const cards = await cardsOf(threeRoutePlan());
    const image = decodePng(await screenshot(routeCardsHtml(cards, new CardFormat('en-US'))));
    expect(image.width).toBe(1200);
    expect(image.height).toBe(1600);
    expect(luminanceVariance(image)).toBeGreaterThan(500);
    // The route line and the numbered stops are drawn in the map's blue, the table header in dark grey.
    expect(countPixelsNear(image, [0x1f, 0x5f, 0xbf], 12)).toBeGreaterThan(500);
    expect(countPixelsNear(image, [0x33, 0x33, 0x33], 6)).toBeGreaterThan(2000);
  });
});
