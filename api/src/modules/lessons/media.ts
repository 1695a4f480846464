// A lesson's image (the illustration its placeholder describes) and audio (the lesson read aloud), stored
// in the media store, named by the lesson's media key, and served from /api/media to its owner (the
// URLs answered are signed for them). One generation per lesson at a time in this process: concurrent
// requests share it, and the file is written whole before its path is stored.
import { findImagePlaceholder } from '@mindpath/contracts/ai';
import { inArray, or } from 'drizzle-orm';
import { keyConceptsOf } from '../../ai/lesson-outline.ts';
import { keywords } from '../../ai/offline/subject.ts';
import type { Db } from '../../db/client.ts';
import { lessons } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AppParts } from '../../lib/app-parts.ts';
import type { PeriodicTask } from '../jobs/periodic.ts';
import { conceptDiagramSvg } from '../media/diagram.ts';
import { storeImage } from '../media/illustration.ts';
import { parseOwnedMediaName } from '../media/owners.ts';
import { ownerMediaSigner } from '../media/signed-url.ts';
import { type MediaStore, mediaNameOf, mediaUrlPath } from '../media/store.ts';
import { updateLesson } from './repository.ts';
import { assertLessonOpen, getLessonContext } from './service.ts';
import { espeakWav, lessonSpeechText, speechApiMp3 } from './speech.ts';

/** What this file's functions use of the app. */
type Deps = AppParts<'config' | 'db' | 'jobs' | 'log' | 'media' | 'mediaSigningKey' | 'now'>;

export const AUDIO_FAILED = 'Failed to generate audio version of the lesson';
export const IMAGE_FAILED = 'Failed to generate image. Please try again.';

const running = new Map<string, Promise<string>>();

function once(key: string, work: () => Promise<string>): Promise<string> {
  const current = running.get(key);
  if (current) return current;
  const p = work().finally(() => running.delete(key));
  running.set(key, p);
  return p;
}

async function openedWithContent(deps: Deps, userId: string, lessonId: string) {
  const ctx = await getLessonContext(deps.db, userId, lessonId);
  await assertLessonOpen(deps, userId, ctx);
  if (!ctx.lesson.content) throw new AppError(409, 'NO_CONTENT', 'The lesson has no content yet');
  return { ...ctx, content: ctx.lesson.content };
}

const stillThere = async (deps: Deps, path: string | null) =>
  path !== null && (await deps.media.stat(mediaNameOf(path))) !== null;

/**
 * What the lesson's diagram labels: the key concepts its text teaches, else the words of its image
 * description (a model's lesson may have no concept list).
 */
export function diagramParts(content: string, description: string, title: string): string[] {
  const concepts = keyConceptsOf(content).map((c) => c.term);
  if (concepts.length >= 2) return concepts;
  const own = new Set(keywords(title));
  return keywords(description)
    .filter((w) => !own.has(w) && w !== 'diagram' && w !== 'labelled')
    .slice(0, 4);
}

/** The image of the lesson's placeholder (or of its title when it has none): its owner's signed URL. */
export async function generateLessonImage(deps: Deps, userId: string, lessonId: string) {
  return ownerMediaSigner(deps, userId)(await storedLessonImage(deps, userId, lessonId));
}

async function storedLessonImage(deps: Deps, userId: string, lessonId: string) {
  const ctx = await openedWithContent(deps, userId, lessonId);
  if (await stillThere(deps, ctx.lesson.imageUrl)) return ctx.lesson.imageUrl as string;
  const key = ctx.lesson.mediaKey;
  return once(`image:${key}`, async () => {
    const subject = findImagePlaceholder(ctx.content) ?? ctx.lesson.title;
    const parts = diagramParts(ctx.content, subject, ctx.lesson.title);
    try {
      const imageUrl = await storeImage(
        { store: deps.media, images: deps.config.images, log: deps.log },
        `lessons/${key}`,
        {
          svg: () => conceptDiagramSvg({ title: ctx.lesson.title, parts, caption: subject }),
          prompt: `A clear, friendly educational illustration for the lesson "${ctx.lesson.title.slice(0, 200)}": ${subject.slice(0, 400)}. It shows: ${parts.join('; ').slice(0, 400)}. No text, no letters, no logos.`,
        },
      );
      await updateLesson(deps.db, lessonId, { imageUrl });
      return imageUrl;
    } catch (err) {
      deps.log.error({ err, lessonId }, 'lesson image failed');
      throw new AppError(500, 'IMAGE_FAILED', IMAGE_FAILED);
    }
  });
}

/** The lesson's audio (its owner's signed URL), or null before it is generated. */
export async function getLessonAudio(deps: Deps, userId: string, lessonId: string) {
  const ctx = await getLessonContext(deps.db, userId, lessonId);
  const path = ctx.lesson.audioUrl;
  return path !== null && (await stillThere(deps, path)) ? ownerMediaSigner(deps, userId)(path) : null;
}

/**
 * The lesson read aloud, its owner's signed URL: by the speech API when configured (falling back to eSpeak
 * NG), else eSpeak NG.
 */
export async function generateLessonAudio(deps: Deps, userId: string, lessonId: string) {
  return ownerMediaSigner(deps, userId)(await storedLessonAudio(deps, userId, lessonId));
}

async function storedLessonAudio(deps: Deps, userId: string, lessonId: string) {
  const ctx = await openedWithContent(deps, userId, lessonId);
  if (await stillThere(deps, ctx.lesson.audioUrl)) return ctx.lesson.audioUrl as string;
  const key = ctx.lesson.mediaKey;
  return once(`audio:${key}`, async () => {
    const text = lessonSpeechText(ctx.lesson.title, ctx.content);
    let name = `lessons/${key}.wav`;
    let body: Buffer | null = null;
    if (deps.config.tts) {
      try {
        body = await speechApiMp3(deps.config.tts, text);
        name = `lessons/${key}.mp3`;
      } catch (err) {
        deps.log.warn({ err, lessonId }, 'speech API failed; speaking with eSpeak NG');
      }
    }
    try {
      body ??= await espeakWav(text);
      await deps.media.save(name, body);
      await deps.media.remove(name.endsWith('.mp3') ? `lessons/${key}.wav` : `lessons/${key}.mp3`);
      const audioUrl = mediaUrlPath(name);
      await updateLesson(deps.db, lessonId, { audioUrl });
      return audioUrl;
    } catch (err) {
      deps.log.error({ err, lessonId }, 'lesson audio failed');
      throw new AppError(500, 'AUDIO_FAILED', AUDIO_FAILED);
    }
  });
}

/**
 * Removes the image and audio files of lessons that no longer exist (a goal deleted, a roadmap regenerated:
 * the database drops the lessons, the files stay behind). A file's stem is its lesson's media key, or the
 * lesson's id for files made before media keys. Answers how many files went.
 */
export async function sweepLessonMedia(db: Db, media: MediaStore): Promise<number> {
  const files = await media.list('lessons');
  const byStem = new Map<string, { legacy: boolean; files: string[] }>();
  for (const f of files) {
    const parsed = parseOwnedMediaName(`lessons/${f}`);
    if (!parsed) continue;
    const entry = byStem.get(parsed.stem) ?? { legacy: parsed.legacy, files: [] };
    entry.files.push(f);
    byStem.set(parsed.stem, entry);
  }
  if (byStem.size === 0) return 0;
  const stems = [...byStem.keys()];
  const alive = new Set<string>();
  for (let i = 0; i < stems.length; i += 500) {
    const chunk = stems.slice(i, i + 500);
    const keys = chunk.filter((stem) => !byStem.get(stem)!.legacy);
    const ids = chunk.filter((stem) => byStem.get(stem)!.legacy);
    const rows = await db
      .select({ id: lessons.id, mediaKey: lessons.mediaKey })
      .from(lessons)
      .where(or(inArray(lessons.mediaKey, keys), inArray(lessons.id, ids)));
    for (const r of rows) alive.add(r.mediaKey).add(r.id);
  }
  let removed = 0;
  for (const [stem, { files: names }] of byStem) {
    // a lesson whose media is being made right now is alive: its row exists before its file
    if (alive.has(stem) || running.has(`image:${stem}`) || running.has(`audio:${stem}`)) continue;
    for (const name of names) await media.remove(`lessons/${name}`);
    removed += names.length;
  }
  return removed;
}

/** The sweep as a periodic task of the worker: hourly, once across all instances (audio runs to megabytes). */
export function lessonMediaSweepTask(db: Db, media: MediaStore): PeriodicTask {
  return {
    name: 'lesson-media-sweep',
    everyMs: 3_600_000,
    run: async () => ({ removed: await sweepLessonMedia(db, media) }),
  };
}
