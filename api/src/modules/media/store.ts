// Where media files live: under `<dataDir>/media` by default, or in an S3-compatible bucket when S3_BUCKET is
// set (several API instances then share one store). Either way they are served read-only from /api/media.
// Names are checked segment by segment, so no name reaches outside the directory or the store's keys.
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';

const SEGMENT = /^[a-z0-9][a-z0-9._-]{0,127}$/i;

export const CONTENT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  // a source's original bytes (sources/<id>-….bin): stored only; /api/media serves goals' and lessons' names alone
  bin: 'application/octet-stream',
  // a learner's data download (exports/<id>.zip): stored only, served by its signed link alone
  zip: 'application/zip',
};

const URL_PREFIX = '/api/media/';

/** The path a media name is served at ('goals/<key>.svg' → '/api/media/goals/<key>.svg'). */
export const mediaUrlPath = (name: string) => `${URL_PREFIX}${name}`;

/** The media name of a stored path (the inverse of mediaUrlPath). */
export const mediaNameOf = (path: string) =>
  path.startsWith(URL_PREFIX) ? path.slice(URL_PREFIX.length) : path;

/** The content type of an allowed media name ('goals/<key>.svg' → image/svg+xml), or null for any other name. */
export function mediaType(name: string): string | null {
  const parts = name.split('/');
  if (parts.length === 0 || parts.length > 4 || !parts.every((p) => SEGMENT.test(p) && !p.includes('..')))
    return null;
  const ext = parts.at(-1)?.split('.').pop()?.toLowerCase() ?? '';
  return CONTENT_TYPES[ext] ?? null;
}

/** A stored file's bytes whole, or null when it is gone (or cannot be read to its end). */
export async function readMediaBytes(media: MediaStore, name: string): Promise<Uint8Array | null> {
  const stream = await media.read(name);
  if (!stream) return null;
  try {
    return new Uint8Array(await buffer(stream));
  } catch {
    return null;
  }
}

/** A stored file's size and content type. */
export interface MediaFile {
  size: number;
  type: string;
}

/** Inclusive bounds of a byte range. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaStore {
  /** for the logs and the README: which store is in use */
  readonly kind: 'directory' | 's3';
  /** Writes a file whole: a reader never sees half of it. */
  save(name: string, body: string | Buffer): Promise<void>;
  /** The file's size and type, or null when there is none (or the name is not an allowed one). */
  stat(name: string): Promise<MediaFile | null>;
  /** The file's bytes (or one range of them), or null when it is gone. */
  read(name: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the file if it is there. */
  remove(name: string): Promise<void>;
  /** The names of the files in one folder ('lessons' → ['<key>.wav', …]). */
  list(folder: string): Promise<string[]>;
}

/** Media under a directory of the local disk: one machine's store. */
export function directoryMediaStore(dir: string): MediaStore {
  const pathOf = (name: string) => (mediaType(name) ? join(dir, ...name.split('/')) : null);
  return {
    kind: 'directory',
    async save(name, body) {
      const path = pathOf(name);
      if (!path) throw new Error(`bad media name ${name}`);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.${Date.now()}.part`;
      await writeFile(temporary, body);
      await rename(temporary, path);
    },
    async stat(name) {
      const path = pathOf(name);
      if (!path) return null;
      const s = await stat(path).catch(() => null);
      return s?.isFile() ? { size: s.size, type: mediaType(name)! } : null;
    },
    async read(name, range) {
      const path = pathOf(name);
      if (!path) return null;
      const stream = createReadStream(path, range);
      // opened before answering, so a file removed meanwhile is a 404, not a broken 200
      return new Promise((resolve) => {
        stream.once('open', () => resolve(stream));
        stream.once('error', () => resolve(null));
      });
    },
    async remove(name) {
      const path = pathOf(name);
      if (path) await rm(path, { force: true });
    },
    async list(folder) {
      return readdir(join(dir, folder)).catch(() => []);
    },
  };
}
