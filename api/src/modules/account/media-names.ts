// Every media file a learner's rows can name: goal images (svg or png), lesson images and audio (each in its
// two formats: a file made in one replaced the other, but a crash between the two may leave both), by the
// row's media key and, for files made before media keys, by its id; their sources' stored bytes; and their
// data downloads. Lesson versions keep the lesson's own image and audio, so the lesson's names cover them.
import type { Db } from '../../db/client.ts';
import { type MediaStore, mediaNameOf } from '../media/store.ts';
import { mediaRowsOf } from './repository.ts';

const GOAL_FORMATS = ['svg', 'png'] as const;
const LESSON_FORMATS = ['svg', 'png', 'wav', 'mp3'] as const;

export async function learnerMediaNames(db: Db, userId: string): Promise<string[]> {
  const { goalRows, lessonRows, sourceRows, exportRows } = await mediaRowsOf(db, userId);
  const names = new Set<string>();
  for (const g of goalRows) {
    for (const stem of [g.mediaKey, g.id]) for (const ext of GOAL_FORMATS) names.add(`goals/${stem}.${ext}`);
    if (g.imageUrl) names.add(mediaNameOf(g.imageUrl));
  }
  for (const l of lessonRows) {
    for (const stem of [l.mediaKey, l.id])
      for (const ext of LESSON_FORMATS) names.add(`lessons/${stem}.${ext}`);
    if (l.imageUrl) names.add(mediaNameOf(l.imageUrl));
    if (l.audioUrl) names.add(mediaNameOf(l.audioUrl));
  }
  for (const s of sourceRows) if (s.mediaName) names.add(s.mediaName);
  for (const e of exportRows) {
    names.add(`exports/${e.id}.zip`);
    if (e.fileName) names.add(e.fileName);
  }
  // a stored URL may point elsewhere (an external image): only names of this store are removed
  return [...names].filter((name) => !name.includes('://') && !name.startsWith('/'));
}

/** How many removals run at once: an S3 store answers each with a round trip. */
const REMOVE_CONCURRENCY = 16;

/** Removes every name (missing files are fine: a re-run after a crash finds some gone already). */
export async function removeMedia(media: MediaStore, names: readonly string[]): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < names.length) {
      const name = names[next++]!;
      await media.remove(name);
    }
  };
  await Promise.all(Array.from({ length: Math.min(REMOVE_CONCURRENCY, names.length) }, lane));
}
