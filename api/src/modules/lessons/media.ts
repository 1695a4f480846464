// A lesson's image (the illustration its placeholder describes) and audio (the lesson read aloud), stored
// under the media directory and served from /api/media. One generation per lesson at a time in this process:
// concurrent requests share it, and the file is written whole before its URL is stored.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { findImagePlaceholder } from '@mindpath/contracts/ai';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { lessons } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { illustrationSvg, storeImage } from '../media/illustration.ts';
import { mediaDirOf } from '../media/routes.ts';
import { removeMedia, saveMedia, statMedia } from '../media/store.ts';
import { updateLesson } from './repository.ts';
import { assertLessonOpen, getLessonContext } from './service.ts';
import { espeakWav, lessonSpeechText, speechApiMp3 } from './speech.ts';

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

async function openedWithContent(app: FastifyInstance, userId: string, lessonId: string) {
  const ctx = await getLessonContext(app.db, userId, lessonId);
  await assertLessonOpen(app, userId, ctx);
  if (!ctx.lesson.content) throw new AppError(409, 'NO_CONTENT', 'The lesson has no content yet');
  return { ...ctx, content: ctx.lesson.content };
}

const stillThere = async (app: FastifyInstance, url: string | null) =>
  url !== null &&
  (await statMedia(mediaDirOf(app.config.dataDir), url.replace(/^\/api\/media\//, ''))) !== null;

/** The image of the lesson's placeholder (or of its title when it has none). */
export async function generateLessonImage(app: FastifyInstance, userId: string, lessonId: string) {
  const ctx = await openedWithContent(app, userId, lessonId);
  if (await stillThere(app, ctx.lesson.imageUrl)) return ctx.lesson.imageUrl as string;
  return once(`image:${lessonId}`, async () => {
    const subject = findImagePlaceholder(ctx.content) ?? ctx.lesson.title;
    try {
      const imageUrl = await storeImage(
        { dir: mediaDirOf(app.config.dataDir), images: app.config.images, log: app.log },
        `lessons/${lessonId}`,
        {
          svg: () => illustrationSvg({ title: subject, caption: ctx.lesson.title }),
          prompt: `A clear, friendly educational illustration for the lesson "${ctx.lesson.title.slice(0, 200)}": ${subject.slice(0, 400)}. No text, no letters, no logos.`,
        },
      );
      await updateLesson(app.db, lessonId, { imageUrl });
      return imageUrl;
    } catch (err) {
      app.log.error({ err, lessonId }, 'lesson image failed');
      throw new AppError(500, 'IMAGE_FAILED', IMAGE_FAILED);
    }
  });
}

export async function getLessonAudio(app: FastifyInstance, userId: string, lessonId: string) {
  const ctx = await getLessonContext(app.db, userId, lessonId);
  return (await stillThere(app, ctx.lesson.audioUrl)) ? ctx.lesson.audioUrl : null;
}

/** The lesson read aloud: by the speech API when configured (falling back to eSpeak NG), else eSpeak NG. */
export async function generateLessonAudio(app: FastifyInstance, userId: string, lessonId: string) {
  const ctx = await openedWithContent(app, userId, lessonId);
  if (await stillThere(app, ctx.lesson.audioUrl)) return ctx.lesson.audioUrl as string;
  return once(`audio:${lessonId}`, async () => {
    const dir = mediaDirOf(app.config.dataDir);
    const text = lessonSpeechText(ctx.lesson.title, ctx.content);
    let name = `lessons/${lessonId}.wav`;
    let body: Buffer | null = null;
    if (app.config.tts) {
      try {
        body = await speechApiMp3(app.config.tts, text);
        name = `lessons/${lessonId}.mp3`;
      } catch (err) {
        app.log.warn({ err, lessonId }, 'speech API failed; speaking with eSpeak NG');
      }
    }
    try {
      body ??= await espeakWav(text);
      await saveMedia(dir, name, body);
      await removeMedia(dir, name.endsWith('.mp3') ? `lessons/${lessonId}.wav` : `lessons/${lessonId}.mp3`);
      const audioUrl = `/api/media/${name}`;
      await updateLesson(app.db, lessonId, { audioUrl });
      return audioUrl;
    } catch (err) {
      app.log.error({ err, lessonId }, 'lesson audio failed');
      throw new AppError(500, 'AUDIO_FAILED', AUDIO_FAILED);
    }
  });
}

const LESSON_MEDIA = /^([0-9a-f-]{36})\.(svg|png|wav|mp3)$/;

/**
 * Removes the image and audio files of lessons that no longer exist (a goal deleted, a roadmap regenerated:
 * the database drops the lessons, the files stay behind). Answers how many files went.
 */
export async function sweepLessonMedia(db: Db, mediaDir: string): Promise<number> {
  const dir = join(mediaDir, 'lessons');
  const files = await readdir(dir).catch(() => [] as string[]);
  const byId = new Map<string, string[]>();
  for (const f of files) {
    const m = LESSON_MEDIA.exec(f);
    if (m) byId.set(m[1]!, [...(byId.get(m[1]!) ?? []), f]);
  }
  if (byId.size === 0) return 0;
  const ids = [...byId.keys()];
  const alive = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .select({ id: lessons.id })
      .from(lessons)
      .where(inArray(lessons.id, ids.slice(i, i + 500)));
    for (const r of rows) alive.add(r.id);
  }
  let removed = 0;
  for (const [id, names] of byId) {
    // a lesson whose media is being made right now is alive: its row exists before its file
    if (alive.has(id) || running.has(`image:${id}`) || running.has(`audio:${id}`)) continue;
    for (const name of names) await removeMedia(mediaDir, `lessons/${name}`);
    removed += names.length;
  }
  return removed;
}
