// Advance widths (1/1000 em) of the standard Type1 fonts Helvetica and Helvetica-Bold for the
// printable ASCII characters 32–126, from Adobe's AFM files. Every PDF reader has these fonts, so
// the PDF embeds none and measures text with these tables.
const regular = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const bold = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
  975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
  333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

export type FontStyle = 'regular' | 'bold';

/** Width of the non-ASCII characters WinAnsi adds that are not accented letters (€, –, …). */
const otherWidth = 556;

function charWidth(char: string, table: readonly number[]): number {
  const code = char.charCodeAt(0);
  if (code >= 32 && code <= 126) return table[code - 32]!;
  // An accented letter is as wide as its base letter (é as e) to within a few units.
  const base = char.normalize('NFD').charCodeAt(0);
  if (base >= 32 && base <= 126) return table[base - 32]!;
  return otherWidth;
}

/** Width of `text` in points at `size`. */
export function textWidth(text: string, style: FontStyle, size: number): number {
  const table = style === 'bold' ? bold : regular;
  let units = 0;
  for (const char of text) units += charWidth(char, table);
  return (units * size) / 1000;
}
