import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSync, type Font } from 'fontkit';

export type FontStyle = 'regular' | 'bold';

/** A stretch of text that one font draws. */
export interface TextRun {
  text: string;
  /** The name the font is registered under in the PDF document. */
  font: string;
}

/** One typeface in two styles, from a font package of the npm registry. */
interface Face {
  key: string;
  files: Record<FontStyle, string>;
}

function packageFonts(name: string): string {
  // The packages export a module index only; their font files sit next to its folder.
  return join(dirname(fileURLToPath(import.meta.resolve(name))), '..', 'fonts');
}

/**
 * Noto Sans draws Latin (all of Europe's accents), Greek and Cyrillic; Noto Sans CJK (simplified
 * Chinese, with the Japanese kana and Korean hangul it includes) draws what Noto Sans lacks. Both
 * are SIL Open Font License fonts, embedded as subsets of the glyphs a card uses.
 */
const faces: readonly Face[] = [
  {
    key: 'noto',
    files: {
      regular: join(packageFonts('@embedpdf/fonts-latin'), 'NotoSans-Regular.ttf'),
      bold: join(packageFonts('@embedpdf/fonts-latin'), 'NotoSans-Bold.ttf'),
    },
  },
  {
    key: 'noto-cjk',
    files: {
      regular: join(packageFonts('@embedpdf/fonts-sc'), 'NotoSansHans-Regular.otf'),
      bold: join(packageFonts('@embedpdf/fonts-sc'), 'NotoSansHans-Bold.otf'),
    },
  },
];

/** The card fonts, opened once per process (the CJK font is several megabytes). */
export class CardFonts {
  private static loaded: CardFonts | undefined;
  private readonly fonts = new Map<string, Font>();

  private constructor() {
    for (const face of faces) {
      for (const style of ['regular', 'bold'] as const) this.fonts.set(`${face.key}-${style}`, openSync(face.files[style]) as Font);
    }
  }

  static get(): CardFonts {
    CardFonts.loaded ??= new CardFonts();
    return CardFonts.loaded;
  }

  /** Every font by the name runs refer to it, and its file. */
  files(): { name: string; file: string }[] {
    return faces.flatMap((face) =>
      (['regular', 'bold'] as const).map((style) => ({ name: `${face.key}-${style}`, file: face.files[style] })),
    );
  }

  private fontFor(char: string, style: FontStyle): string {
    const code = char.codePointAt(0)!;
    const face = faces.find((f) => this.fonts.get(`${f.key}-${style}`)!.hasGlyphForCodePoint(code)) ?? faces[0]!;
    return `${face.key}-${style}`;
  }

  /** `text` cut where the font that draws it changes. */
  runs(text: string, style: FontStyle): TextRun[] {
    const runs: TextRun[] = [];
    for (const char of text) {
      const font = this.fontFor(char, style);
      const last = runs[runs.length - 1];
      if (last?.font === font) last.text += char;
      else runs.push({ text: char, font });
    }
    return runs;
  }

  /** Width of `text` in points at `size`. */
  width(text: string, style: FontStyle, size: number): number {
    return this.runs(text, style).reduce((sum, run) => {
      const font = this.fonts.get(run.font)!;
      return sum + (font.layout(run.text).advanceWidth * size) / font.unitsPerEm;
    }, 0);
  }
}
