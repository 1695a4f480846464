// A lesson's picture when no images API is configured: a labelled diagram of the lesson, its title in the
// middle and the ideas it teaches around it, so the picture is about the lesson and carries its words, not a
// decoration with its caption printed on it.
import { escapeXml, wrap } from './illustration.ts';

const W = 800;
const H = 450;
const MAX_PARTS = 4;
/** box centres of the parts: the four corners, clear of the title in the middle */
const SLOTS = [
  [150, 95],
  [650, 95],
  [150, 355],
  [650, 355],
] as const;
const BOX_W = 230;
const BOX_H = 78;
// bold system-ui averages ~0.6 em a character: 18 of 18 px and 20 of 24 px stay inside their boxes
const PART_CHARS = 18;
const TITLE_CHARS = 20;

function label(
  text: string,
  cx: number,
  cy: number,
  width: number,
  size: number,
  weight: number,
  maxLines = 2,
): string {
  const lines = wrap(text, width, maxLines);
  const top = cy - ((lines.length - 1) * size * 1.2) / 2 + size * 0.35;
  return lines
    .map(
      (l, i) =>
        `<text x="${cx}" y="${(top + i * size * 1.2).toFixed(0)}" font-size="${size}" font-weight="${weight}" text-anchor="middle">${escapeXml(l)}</text>`,
    )
    .join('');
}

/** The diagram of a lesson titled `title` that teaches `parts` (its key concepts, in order). */
export function conceptDiagramSvg(input: {
  title: string;
  parts: readonly string[];
  caption: string;
}): string {
  const parts = input.parts.slice(0, MAX_PARTS);
  const [cx, cy] = [W / 2, H / 2];
  const links: string[] = [];
  const boxes: string[] = [];
  parts.forEach((part, i) => {
    const [x, y] = SLOTS[i] as readonly [number, number];
    links.push(`<line x1="${cx}" y1="${cy}" x2="${x}" y2="${y}"/>`);
    boxes.push(
      `<rect x="${x - BOX_W / 2}" y="${y - BOX_H / 2}" width="${BOX_W}" height="${BOX_H}" rx="14" fill="#ffffff" stroke="#6d5ce8" stroke-width="2"/>`,
      `<circle cx="${x - BOX_W / 2}" cy="${y - BOX_H / 2}" r="14" fill="#4f3fd0"/>`,
      `<text x="${x - BOX_W / 2}" y="${y - BOX_H / 2 + 5}" font-size="14" font-weight="700" fill="#ffffff" text-anchor="middle">${i + 1}</text>`,
      `<g fill="#1d2030">${label(part, x, y, PART_CHARS, 18, 600)}</g>`,
    );
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${escapeXml(input.caption.slice(0, 300))}">`,
    `<rect width="${W}" height="${H}" fill="#f4f3fd"/>`,
    `<g stroke="#8f84ee" stroke-width="3" stroke-dasharray="6 6">${links.join('')}</g>`,
    `<g font-family="system-ui, -apple-system, Segoe UI, sans-serif">`,
    `<rect x="${cx - 170}" y="${cy - 55}" width="340" height="110" rx="18" fill="#4f3fd0"/>`,
    `<g fill="#ffffff">${label(input.title.trim() || 'This lesson', cx, cy, TITLE_CHARS, 24, 700, 3)}</g>`,
    boxes.join(''),
    '</g></svg>',
  ].join('');
}
