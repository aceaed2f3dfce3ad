import { CardFormat } from '../../cards/card-format.js';
import { routeCardsPdf } from '../../cards/pdf-document.js';
import { cardsOf } from './card-fixtures.js';
import { pdfFonts, pdfPages, pdfWords, renderPdfPage, type PdfWord } from './pdf-text.js';
import { countPixelsNear } from './png.js';

/** Customers in four scripts: a name on each job and an address on each job's marker. */
const customers = [
  { script: 'Polish', name: 'Łukasz Żółć', address: 'ul. Piękna 12, Łódź' },
  { script: 'Greek', name: 'Γιώργος Ζάχος', address: 'Ερμού 15, Αθήνα' },
  { script: 'Cyrillic', name: 'Юлия Щербакова', address: 'Тверская 7, Москва' },
  { script: 'CJK', name: '王小明', address: '北京市建国路88号' },
];

function multilingualPlan(): Record<string, unknown> {
  return {
    markers: customers.map((customer, i) => ({ id: `m${i}`, location: `43.73${i}000, 7.42${i}000`, formatted_address: customer.address })),
    drivers: [{ id: 'd1', name: 'Zofia Wójcik' }],
    routes: [
      {
        id: 'world',
        name: 'Świat · Κόσμος · Мир · 世界',
        driver: 'd1',
        location: '43.734550, 7.422540',
        start_time: '08:00',
        jobs: customers.map((customer, i) => ({ id: `j${i}`, name: customer.name, location: `m${i}`, time_on_site: '00:05' })),
      },
    ],
  };
}

/** The boxes of the words that make up `text`, found in order on one line of the page. */
function boxesOf(words: PdfWord[], text: string): PdfWord[] {
  const parts = text.split(' ');
  for (let i = 0; i + parts.length <= words.length; i++) {
    const run = words.slice(i, i + parts.length);
    if (run.every((word, k) => word.text === parts[k] && Math.abs(word.yMax - run[0]!.yMax) < 1)) return run;
  }
  throw new Error(`"${text}" is not among the words ${words.map((w) => w.text).join(' ')}`);
}

describe('route cards in any script', () => {
  test('Polish, Greek, Cyrillic and CJK names and addresses come back out of the PDF and are drawn', async () => {
    const cards = await cardsOf(multilingualPlan());
    const pdf = await routeCardsPdf(cards, new CardFormat('en-GB'));

    // The fonts travel with the file: no reader-side substitution decides what a driver sees.
    const fonts = pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    expect(fonts.every((font) => font.embedded)).toBe(true);
    expect(fonts.map((font) => font.name).join(' ')).toMatch(/NotoSans-/);
    expect(fonts.map((font) => font.name).join(' ')).toMatch(/NotoSansHans-/);

    const [text] = pdfPages(pdf);
    expect(text).toContain('Zofia Wójcik');
    expect(text).toContain('Świat · Κόσμος · Мир · 世界');
    for (const customer of customers) {
      expect(text).toContain(customer.name);
      expect(text).toContain(customer.address);
    }

    // Each name and address has ink where poppler says it is: dark pixels inside its box.
    const dpi = 144;
    const page = renderPdfPage(pdf, 1, dpi);
    const words = pdfWords(pdf).filter((word) => word.page === 1);
    const scale = dpi / 72;
    for (const customer of customers) {
      for (const shown of [customer.name, customer.address]) {
        const boxes = boxesOf(words, shown);
        const left = Math.floor(boxes[0]!.xMin * scale);
        const right = Math.ceil(boxes[boxes.length - 1]!.xMax * scale);
        const top = Math.floor(Math.min(...boxes.map((b) => b.yMin)) * scale);
        const bottom = Math.ceil(Math.max(...boxes.map((b) => b.yMax)) * scale);
        const crop = { width: right - left, height: bottom - top, pixels: new Uint8Array((right - left) * (bottom - top) * 3) };
        for (let y = 0; y < crop.height; y++) {
          crop.pixels.set(
            page.pixels.subarray(((top + y) * page.width + left) * 3, ((top + y) * page.width + right) * 3),
            y * crop.width * 3,
          );
        }
        const inked = countPixelsNear(crop, [17, 17, 17], 90);
        // A glyph stroke covers a fair share of its box; a blank box has none.
        expect({ shown, script: customer.script, inkShare: inked / (crop.width * crop.height) > 0.05 }).toEqual({
          shown,
          script: customer.script,
          inkShare: true,
        });
      }
    }
  });
});
