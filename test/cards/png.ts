import { inflateSync } from 'node:zlib';

export interface RgbImage {
  width: number;
  height: number;
  /** Row-major RGB triples. */
  pixels: Uint8Array;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Decodes an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium's screenshots are). */
export function decodePng(file: Buffer): RgbImage {
  if (file.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG file');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < file.length) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    const body = file.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, color, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || (color !== 2 && color !== 6) || interlace !== 0)
        throw new Error(`unsupported PNG: depth ${depth}, color type ${color}, interlace ${interlace}`);
      channels = color === 6 ? 4 : 3;
    } else if (type === 'IDAT') {
      data.push(body);
    }
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const source = y * (stride + 1) + 1;
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? rows[y * stride + x - channels]! : 0;
      const up = y > 0 ? rows[(y - 1) * stride + x]! : 0;
      const upLeft = y > 0 && x >= channels ? rows[(y - 1) * stride + x - channels]! : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter];
      if (predictor === undefined) throw new Error(`bad PNG filter ${filter} on row ${y}`);
      rows[y * stride + x] = (raw[source + x]! + predictor) & 0xff;
    }
  }
  const pixels = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) pixels.set(rows.subarray(i * channels, i * channels + 3), i * 3);
  return { width, height, pixels };
}

/** Variance of the pixels' luminance: near 0 for a blank (one-color) image. */
export function luminanceVariance(image: RgbImage): number {
  const count = image.width * image.height;
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < count; i++) {
    const l = 0.2126 * image.pixels[i * 3]! + 0.7152 * image.pixels[i * 3 + 1]! + 0.0722 * image.pixels[i * 3 + 2]!;
    sum += l;
    squares += l * l;
  }
  const mean = sum / count;
  return squares / count - mean * mean;
}

/** How many pixels are close to `rgb` (within `tolerance` per channel). */
export function countPixelsNear(image: RgbImage, rgb: readonly [number, number, number], tolerance: number): number {
  let count = 0;
  for (let i = 0; i < image.width * image.height; i++) {
    if (rgb.every((channel, c) => Math.abs(image.pixels[i * 3 + c]! - channel) <= tolerance)) count++;
  }
  return count;
}
