import { escapeHtml } from '../model/html-escape.js';
import type { MapPicture } from './map-picture.js';

const round = (value: number): string => String(Math.round(value * 10) / 10);

/**
 * An inline SVG of a route's map. No xmlns: inside HTML the parser knows SVG, and the document
 * must not name any outside address.
 */
export function mapSvg(picture: MapPicture): string {
  const { width, height } = picture;
  const parts: string[] = [];
  parts.push(
    `<svg class="map" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Map of the route">`,
  );
  parts.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="#f4f1ea" stroke="#888"/>`);
  if (picture.line.length > 1) {
    const points = picture.line.map((p) => `${round(p.x)},${round(p.y)}`).join(' ');
    parts.push(
      `<polyline points="${points}" fill="none" stroke="#1f5fbf" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round"${picture.dashed ? ' stroke-dasharray="6 4"' : ''}/>`,
    );
  }
  // The scale bar goes under the markers: a stop in the corner must stay visible.
  const bar = picture.scaleBar;
  parts.push(
    `<g class="scale"><rect x="${round(bar.x - 4)}" y="${round(bar.y - 14)}" width="${round(bar.length + 8)}" height="20" fill="#fff" fill-opacity="0.8"/>` +
      `<path d="M${round(bar.x)} ${round(bar.y - 4)}V${round(bar.y)}H${round(bar.x + bar.length)}V${round(bar.y - 4)}" fill="none" stroke="#222" stroke-width="1.5"/>` +
      `<text x="${round(bar.x + bar.length / 2)}" y="${round(bar.y - 5)}" text-anchor="middle" font-size="9" fill="#222">${escapeHtml(bar.label)}</text></g>`,
  );
  for (const marker of picture.markers) {
    const x = round(marker.x);
    const y = round(marker.y);
    const fill = marker.violated ? '#c62828' : marker.kind === 'depot' ? '#222' : '#1f5fbf';
    parts.push(
      marker.kind === 'depot'
        ? `<rect x="${round(marker.x - 8)}" y="${round(marker.y - 8)}" width="16" height="16" fill="${fill}" stroke="#fff" stroke-width="1.5"/>`
        : `<circle cx="${x}" cy="${y}" r="8" fill="${fill}" stroke="#fff" stroke-width="1.5"/>`,
    );
    parts.push(
      `<text x="${x}" y="${round(marker.y + 3.5)}" text-anchor="middle" font-size="9" font-weight="bold" fill="#fff">${escapeHtml(marker.label)}</text>`,
    );
  }
  if (picture.attribution !== undefined) {
    parts.push(
      `<text x="${width - 6}" y="${height - 6}" text-anchor="end" font-size="9" fill="#444">${escapeHtml(picture.attribution)}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}
