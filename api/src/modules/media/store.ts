// Media files under `<dataDir>/media`, served read-only from /api/media. Names are checked segment by segment,
// so no request reaches outside the directory.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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

/** The file path of a media name ('goals/<id>.svg'), or null when the name is not an allowed one. */
export function mediaPath(mediaDir: string, name: string): string | null {
  const parts = name.split('/');
  if (parts.length === 0 || parts.length > 4 || !parts.every((p) => SEGMENT.test(p) && !p.includes('..')))
    return null;
  const ext = parts.at(-1)?.split('.').pop()?.toLowerCase() ?? '';
  if (!CONTENT_TYPES[ext]) return null;
  return join(mediaDir, ...parts);
}

export async function saveMedia(mediaDir: string, name: string, body: string | Buffer): Promise<void> {
  const path = mediaPath(mediaDir, name);
  if (!path) throw new Error(`bad media name ${name}`);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, body);
}

export async function readMedia(
  mediaDir: string,
  name: string,
): Promise<{ body: Buffer; type: string } | null> {
  const path = mediaPath(mediaDir, name);
  if (!path) return null;
  try {
    const ext = path.split('.').pop()!.toLowerCase();
    return { body: await readFile(path), type: CONTENT_TYPES[ext]! };
  } catch {
    return null;
  }
}

export async function removeMedia(mediaDir: string, name: string): Promise<void> {
  const path = mediaPath(mediaDir, name);
  if (path) await rm(path, { force: true });
}
