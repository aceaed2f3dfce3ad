import { deflateSync } from 'node:zlib';
import type { FontStyle } from './helvetica-metrics.js';
import { pdfString } from './win-ansi.js';

/** An sRGB color, each channel 0–1. */
export type Rgb = readonly [number, number, number];

export interface StrokeStyle {
  color: Rgb;
  width: number;
  dash?: readonly number[];
}

const fontNames: Record<FontStyle, string> = { regular: '/F1', bold: '/F2' };
const num = (value: number): string => String(Math.round(value * 100) / 100);
const rgb = (color: Rgb): string => color.map(num).join(' ');

/**
 * One page's drawing operations in PDF user space (points, origin bottom left). Only what route
 * cards need: text in the two Helvetica styles, lines, polylines, rectangles and circles.
 */
export class PdfPage {
  private readonly operations: string[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  text(x: number, y: number, text: string, options: { style?: FontStyle; size: number; color?: Rgb }): void {
    this.operations.push(`BT ${fontNames[options.style ?? 'regular']} ${num(options.size)} Tf ${rgb(options.color ?? [0, 0, 0])} rg ${num(x)} ${num(y)} Td ${pdfString(text)} Tj ET`);
  }

  polyline(points: readonly { x: number; y: number }[], style: StrokeStyle): void {
    if (points.length < 2) return;
    const path = points.map((p, i) => `${num(p.x)} ${num(p.y)} ${i === 0 ? 'm' : 'l'}`).join(' ');
    this.operations.push(`q ${this.strokeState(style)} ${path} S Q`);
  }

  line(x1: number, y1: number, x2: number, y2: number, style: StrokeStyle): void {
    this.polyline([{ x: x1, y: y1 }, { x: x2, y: y2 }], style);
  }

  rect(x: number, y: number, width: number, height: number, paint: { fill?: Rgb; stroke?: StrokeStyle }): void {
    this.operations.push(`q ${this.paintState(paint)} ${num(x)} ${num(y)} ${num(width)} ${num(height)} re ${this.paintOperator(paint)} Q`);
  }

  /** A circle as four Bézier quarters (κ = 0.5523 puts the curve within 0.03 % of the circle). */
  circle(cx: number, cy: number, r: number, paint: { fill?: Rgb; stroke?: StrokeStyle }): void {
    const k = 0.5523 * r;
    const path = [
      `${num(cx + r)} ${num(cy)} m`,
      `${num(cx + r)} ${num(cy + k)} ${num(cx + k)} ${num(cy + r)} ${num(cx)} ${num(cy + r)} c`,
      `${num(cx - k)} ${num(cy + r)} ${num(cx - r)} ${num(cy + k)} ${num(cx - r)} ${num(cy)} c`,
      `${num(cx - r)} ${num(cy - k)} ${num(cx - k)} ${num(cy - r)} ${num(cx)} ${num(cy - r)} c`,
      `${num(cx + k)} ${num(cy - r)} ${num(cx + r)} ${num(cy - k)} ${num(cx + r)} ${num(cy)} c`,
    ].join(' ');
    this.operations.push(`q ${this.paintState(paint)} ${path} ${this.paintOperator(paint)} Q`);
  }

  content(): string {
    return this.operations.join('\n');
  }

  private strokeState(style: StrokeStyle): string {
    return `${rgb(style.color)} RG ${num(style.width)} w 1 J 1 j [${(style.dash ?? []).map(num).join(' ')}] 0 d`;
  }

  private paintState(paint: { fill?: Rgb; stroke?: StrokeStyle }): string {
    return [paint.fill ? `${rgb(paint.fill)} rg` : '', paint.stroke ? this.strokeState(paint.stroke) : ''].filter((s) => s !== '').join(' ');
  }

  private paintOperator(paint: { fill?: Rgb; stroke?: StrokeStyle }): string {
    if (paint.fill && paint.stroke) return 'B';
    return paint.fill ? 'f' : 'S';
  }
}

/**
 * A PDF 1.4 file: the standard Helvetica fonts in WinAnsiEncoding (never embedded) and one
 * deflated content stream per page.
 */
export class PdfWriter {
  private readonly pages: PdfPage[] = [];

  constructor(private readonly title: string) {}

  addPage(width: number, height: number): PdfPage {
    const page = new PdfPage(width, height);
    this.pages.push(page);
    return page;
  }

  toBuffer(): Buffer {
    // Objects: 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then a page and its content per page.
    const pageObject = (i: number): number => 6 + 2 * i;
    const objects: Buffer[] = [
      Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'),
      Buffer.from(`<< /Type /Pages /Count ${this.pages.length} /Kids [${this.pages.map((_, i) => `${pageObject(i)} 0 R`).join(' ')}] >>`, 'latin1'),
      Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>', 'latin1'),
      Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>', 'latin1'),
      Buffer.from(`<< /Title ${pdfString(this.title)} /Producer (wayplan) >>`, 'latin1'),
    ];
    this.pages.forEach((page, i) => {
      objects.push(
        Buffer.from(
          `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageObject(i) + 1} 0 R >>`,
          'latin1',
        ),
      );
      const stream = deflateSync(Buffer.from(page.content(), 'latin1'));
      objects.push(Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'), stream, Buffer.from('\nendstream', 'latin1')]));
    });
    // The binary comment line tells transfer tools that the file is not text.
    const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
    let offset = chunks[0]!.length;
    const offsets: number[] = [];
    objects.forEach((body, i) => {
      offsets.push(offset);
      const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
      chunks.push(object);
      offset += object.length;
    });
    const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
    chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
    return Buffer.concat(chunks);
  }
}
