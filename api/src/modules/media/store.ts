// Media files under `<dataDir>/media`, served read-only from /api/media. Names are checked segment by segment,
// so no request reaches outside the directory.
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const SEGMENT = /^[a-z0-9][a-z0-9._-]{0,127}$/i;

export const CONTENT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
};

const URL_PREFIX = '/api/media/';

/** The path a media name is served at ('goals/<key>.svg' → '/api/media/goals/<key>.svg'). */
export const mediaUrlPath = (name: string) => `${URL_PREFIX}${name}`;

/** The media name of a stored path (the inverse of mediaUrlPath). */
export const mediaNameOf = (path: string) =>
  path.startsWith(URL_PREFIX) ? path.slice(URL_PREFIX.length) : path;

/** The file path of a media name ('goals/<key>.svg'), or null when the name is not an allowed one. */
export function mediaPath(mediaDir: string, name: string): string | null {
  const parts = name.split('/');
  if (parts.length === 0 || parts.length > 4 || !parts.every((p) => SEGMENT.test(p) && !p.includes('..')))
    return null;
  const ext = parts.at(-1)?.split('.').pop()?.toLowerCase() ?? '';
  if (!CONTENT_TYPES[ext]) return null;
  return join(mediaDir, ...parts);
}

/** Writes a media file whole: to a temporary name first, so a reader never sees half of it. */
export async function saveMedia(mediaDir: string, name: string, body: string | Buffer): Promise<void> {
  const path = mediaPath(mediaDir, name);
  if (!path) throw new Error(`bad media name ${name}`);
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${Date.now()}.part`;
  await writeFile(temporary, body);
  await rename(temporary, path);
}

/** A stored media file's path, size and content type, or null. */
export async function statMedia(
  mediaDir: string,
  name: string,
): Promise<{ path: string; size: number; type: string } | null> {
  const path = mediaPath(mediaDir, name);
  if (!path) return null;
  try {
    const s = await stat(path);
    if (!s.isFile()) return null;
    const ext = path.split('.').pop()!.toLowerCase();
    return { path, size: s.size, type: CONTENT_TYPES[ext]! };
  } catch {
    return null;
  }
}

export async function removeMedia(mediaDir: string, name: string): Promise<void> {
  const path = mediaPath(mediaDir, name);
  if (path) await rm(path, { force: true });
}
