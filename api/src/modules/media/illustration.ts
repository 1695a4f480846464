// Images of the product (goal and lesson illustrations): an SVG drawn from the subject's own words
// (deterministic, no network) by default, or a PNG from an OpenAI-compatible images API when one is
// configured, falling back to the SVG when it fails. Kept in the media store, served from /api/media.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { type MediaStore, mediaUrlPath } from './store.ts';

const W = 800;
const H = 450;

export const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** Up to `lines` lines of at most `width` characters, the last one ending in … when cut. */
export function wrap(text: string, width: number, lines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let line = '';
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    if (next.length <= width) {
      line = next;
      continue;
    }
    if (line) out.push(line);
    line = w.length > width ? `${w.slice(0, width - 1)}…` : w;
    if (out.length === lines) break;
  }
  if (line && out.length < lines) out.push(line);
  if (out.length === lines && words.join(' ').length > out.join(' ').length) {
    const last = out[lines - 1]!;
    out[lines - 1] = last.length >= width ? `${last.slice(0, width - 1)}…` : `${last}…`;
  }
  return out;
}

export function illustrationSvg(input: { title: string; caption: string }): string {
  const text = input.title.trim() || 'Mindpath';
  const bytes = createHash('sha256').update(text.toLowerCase()).digest();
  const hue = Math.round((bytes[0]! / 255) * 360);
  const hue2 = (hue + 40 + (bytes[1]! % 80)) % 360;
  const shapes: string[] = [];
  for (let i = 0; i < 9; i++) {
    const x = (bytes[2 + i * 3]! / 255) * W;
    const y = (bytes[3 + i * 3]! / 255) * H;
    const r = 30 + (bytes[4 + i * 3]! % 120);
    shapes.push(
      `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r}" fill="hsl(${(hue + i * 17) % 360} 70% 70%)" opacity="${(0.08 + (i % 4) * 0.04).toFixed(2)}"/>`,
    );
  }
  // a rising path: the learner's road from start to goal
  const path = Array.from({ length: 6 }, (_, i) => {
    const x = 60 + i * 136;
    const y = 380 - i * 40 - (bytes[30 - i]! % 30);
    return `${i === 0 ? 'M' : 'L'}${x} ${y}`;
  }).join(' ');
  // 44 px bold averages ~26 px a character: 24 of them stay clear of the right edge (x 60 … 800)
  const title = wrap(text, 24, 3)
    .map((l, i) => `<text x="60" y="${110 + i * 52}" font-size="44" font-weight="700">${escapeXml(l)}</text>`)
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${escapeXml(text.slice(0, 200))}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 55% 28%)"/><stop offset="1" stop-color="hsl(${hue2} 60% 18%)"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#g)"/>`,
    shapes.join(''),
    `<path d="${path}" fill="none" stroke="hsl(${hue2} 80% 75%)" stroke-width="6" stroke-linecap="round" stroke-linejoin="round" stroke-dasharray="2 14" opacity="0.9"/>`,
    `<circle cx="740" cy="${380 - 5 * 40 - (bytes[25]! % 30)}" r="12" fill="hsl(${hue2} 90% 80%)"/>`,
    `<g fill="#fff" font-family="system-ui, -apple-system, Segoe UI, sans-serif">${title}`,
    `<text x="60" y="400" font-size="22" opacity="0.8">${escapeXml(wrap(input.caption, 56, 1)[0] ?? '')}</text></g>`,
    '</svg>',
  ].join('');
}

const IMAGE_TIMEOUT_MS = 60_000;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * A PNG from an OpenAI-compatible images API (POST /images/generations, b64_json or a URL to fetch).
 * Throws on any failure; the caller falls back to the SVG illustration.
 */
export async function providerImage(
  images: { baseUrl: string; apiKey: string | undefined; model: string },
  prompt: string,
): Promise<Buffer> {
  const signal = AbortSignal.timeout(IMAGE_TIMEOUT_MS);
  const res = await fetch(`${images.baseUrl}/images/generations`, {
    method: 'POST',
    signal,
    headers: {
      'content-type': 'application/json',
      ...(images.apiKey ? { authorization: `Bearer ${images.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: images.model,
      prompt,
      n: 1,
      size: '1024x1024',
      response_format: 'b64_json',
    }),
  });
  if (!res.ok) throw new Error(`images API answered ${res.status}`);
  const body = (await res.json()) as { data?: { b64_json?: string; url?: string }[] };
  const first = body.data?.[0];
  let bytes: Buffer;
  if (first?.b64_json) bytes = Buffer.from(first.b64_json, 'base64');
  else if (first?.url && /^https?:\/\//.test(first.url)) {
    const img = await fetch(first.url, { signal });
    if (!img.ok) throw new Error(`image download answered ${img.status}`);
    bytes = Buffer.from(await img.arrayBuffer());
  } else throw new Error('images API answered no image');
  if (bytes.length > MAX_IMAGE_BYTES) throw new Error('image too large');
  // only PNG is stored under a .png name
  if (bytes.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('image is not a PNG');
  return bytes;
}

/**
 * Makes an image under `<baseName>.png` (images API) or `<baseName>.svg` (the illustration, also the fallback),
 * removes the other format's stale file, and answers its path under /api/media (stored; responses sign it).
 */
export async function storeImage(
  media: { store: MediaStore; images: Config['images']; log?: FastifyBaseLogger | undefined },
  baseName: string,
  image: { svg: () => string; prompt: string },
): Promise<string> {
  let name = `${baseName}.svg`;
  let body: string | Buffer | null = null;
  if (media.images) {
    try {
      body = await providerImage(media.images, image.prompt);
      name = `${baseName}.png`;
    } catch (err) {
      media.log?.warn({ err, image: baseName }, 'images API failed; using the SVG illustration');
    }
  }
  await media.store.save(name, body ?? image.svg());
  await media.store.remove(name.endsWith('.png') ? `${baseName}.svg` : `${baseName}.png`);
  return mediaUrlPath(name);
}
