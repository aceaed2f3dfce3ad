import PDFDocument from 'pdfkit';
import { CardFonts, type FontStyle } from './card-fonts.js';

/** An sRGB color, each channel 0–1. */
export type Rgb = readonly [number, number, number];

export interface StrokeStyle {
  color: Rgb;
  width: number;
  dash?: readonly number[];
}

interface Paint {
  fill?: Rgb;
  stroke?: StrokeStyle;
}

const color = (rgb: Rgb): [number, number, number] => [rgb[0] * 255, rgb[1] * 255, rgb[2] * 255];

/**
 * One page of a card document, drawn in PDF user space (points, origin bottom left, text placed
 * by its baseline) on top of pdfkit, whose origin is top left.
 */
export class PdfPage {
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly fonts: CardFonts,
    private readonly index: number,
    readonly width: number,
    readonly height: number,
  ) {}

  /** Text in the card fonts: each stretch in the font that has its glyphs. */
  text(x: number, y: number, text: string, options: { style?: FontStyle; size: number; color?: Rgb }): void {
    const style = options.style ?? 'regular';
    const doc = this.on();
    let cursor = x;
    for (const run of this.fonts.runs(text, style)) {
      doc
        .font(run.font)
        .fontSize(options.size)
        .fillColor(color(options.color ?? [0, 0, 0]));
      doc.text(run.text, cursor, this.height - y, { lineBreak: false, baseline: 'alphabetic' });
      cursor += this.fonts.width(run.text, style, options.size);
    }
  }

  polyline(points: readonly { x: number; y: number }[], style: StrokeStyle): void {
    if (points.length < 2) return;
    const doc = this.on().save();
    points.forEach((p, i) => (i === 0 ? doc.moveTo(p.x, this.height - p.y) : doc.lineTo(p.x, this.height - p.y)));
    this.stroke(style).stroke();
    doc.restore();
  }

  line(x1: number, y1: number, x2: number, y2: number, style: StrokeStyle): void {
    this.polyline(
      [
        { x: x1, y: y1 },
        { x: x2, y: y2 },
      ],
      style,
    );
  }

  rect(x: number, y: number, width: number, height: number, paint: Paint): void {
    this.paint(paint, (doc) => doc.rect(x, this.height - y - height, width, height));
  }

  circle(cx: number, cy: number, r: number, paint: Paint): void {
    this.paint(paint, (doc) => doc.circle(cx, this.height - cy, r));
  }

  private on(): PDFKit.PDFDocument {
    this.doc.switchToPage(this.index);
    return this.doc;
  }

  private stroke(style: StrokeStyle): PDFKit.PDFDocument {
    const doc = this.doc.lineWidth(style.width).strokeColor(color(style.color)).lineCap('round').lineJoin('round');
    const [on, off] = style.dash ?? [];
    return on === undefined ? doc.undash() : doc.dash(on, { space: off ?? on });
  }

  private paint(paint: Paint, path: (doc: PDFKit.PDFDocument) => void): void {
    const doc = this.on().save();
    path(doc);
    if (paint.stroke) this.stroke(paint.stroke);
    if (paint.fill && paint.stroke) doc.fillAndStroke(color(paint.fill), color(paint.stroke.color));
    else if (paint.fill) doc.fill(color(paint.fill));
    else if (paint.stroke) doc.stroke();
    doc.restore();
  }
}

/** A PDF of A4-or-other pages drawn with pdfkit, the card fonts embedded as subsets. */
export class PdfCanvas {
  private readonly doc: PDFKit.PDFDocument;
  private readonly fonts = CardFonts.get();
  private pages = 0;

  constructor(title: string) {
    // Pages stay open until the end, so footers can say "page i of n".
    this.doc = new PDFDocument({
      autoFirstPage: false,
      bufferPages: true,
      pdfVersion: '1.4',
      info: { Title: title, Producer: 'wayplan', Creator: 'wayplan' },
    });
    for (const { name, file } of this.fonts.files()) this.doc.registerFont(name, file);
  }

  addPage(width: number, height: number): PdfPage {
    this.doc.addPage({ size: [width, height], margin: 0 });
    return new PdfPage(this.doc, this.fonts, this.pages++, width, height);
  }

  toBuffer(): Promise<Buffer> {
    return new Promise((resolveBuffer, reject) => {
      const chunks: Buffer[] = [];
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.doc.once('end', () => resolveBuffer(Buffer.concat(chunks)));
      this.doc.once('error', reject);
      this.doc.end();
    });
  }
}
