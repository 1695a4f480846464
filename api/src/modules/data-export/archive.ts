// The zip of a learner's data: data.json (every exported table) with its JSON Schema, the same things in open
// formats a person or another tool reads (lessons and notes as Markdown, chats as transcripts, review cards
// as CSV and as an Anki deck, focus sessions as CSV) and the learner's media files.
import { stringify } from 'csv-stringify/sync';
import { type AsyncZippable, zip } from 'fflate';
import type { Db } from '../../db/client.ts';
import { fileSlug, numbered, uniqueNames } from '../../lib/file-names.ts';
import { runInWorker } from '../../lib/worker-once.ts';
import { lessonMarkdown } from '../course-export/index.ts';
import { type MediaStore, mediaNameOf, readMediaBytes } from '../media/store.ts';
import type { AnkiCard } from './anki-deck.ts';
import { DATA_FORMAT, type DataFile, dataFileJsonSchema } from './data-schema.ts';
import { type LearnerData, type Row, readLearnerData } from './learner-data.ts';

export interface ArchiveDeps {
  db: Db;
  media: MediaStore;
  now: () => Date;
}

/** Progress: reading the tables takes up to 40, the files up to 85, the zip the rest. */
const TABLES_TO = 40;
const FILES_TO = 85;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const encoder = new TextEncoder();

const README = `# Your Mindpath data

- data.json: everything Mindpath holds about you, table by table (described by data.schema.json, a JSON Schema).
- lessons/: each goal's lessons as Markdown, in plan order, with their images beside them.
- notes/: your notes as Markdown.
- chats/: your conversations with the tutor, one file per lesson.
- review-cards.csv and review-cards.apkg: your review cards (the .apkg file opens in Anki).
- focus-sessions.csv: your focus sessions.
- media/: your goal images, lesson images and audio, and the files you added as sources.
`;

/** The order of the plan: goals oldest first, their sections and lessons by position. */
function lessonsInPlanOrder(data: LearnerData) {
  const goals = [...(data.goals ?? [])].sort((a, b) => text(a.created_at).localeCompare(text(b.created_at)));
  const sectionsOf = new Map<string, Row[]>();
  for (const section of data.roadmaps ?? []) {
    const list = sectionsOf.get(text(section.goal_id)) ?? [];
    list.push(section);
    sectionsOf.set(text(section.goal_id), list);
  }
  const lessonsOf = new Map<string, Row[]>();
  for (const lesson of data.lessons ?? []) {
    const list = lessonsOf.get(text(lesson.roadmap_id)) ?? [];
    list.push(lesson);
    lessonsOf.set(text(lesson.roadmap_id), list);
  }
  const byPosition = (a: Row, b: Row) => Number(a.position) - Number(b.position);
  return goals.map((goal) => ({
    goal,
    lessons: (sectionsOf.get(text(goal.id)) ?? [])
      .sort(byPosition)
      .flatMap((section) => (lessonsOf.get(text(section.id)) ?? []).sort(byPosition)),
  }));
}

const roleName = (role: unknown) => (role === 'user' ? 'You' : 'Mindpath');

export interface ArchiveResult {
  bytes: Uint8Array;
  files: number;
}

/** Builds the learner's zip; `progress` hears 0..99 as it goes. */
export async function buildArchive(
  deps: ArchiveDeps,
  userId: string,
  progress: (percent: number) => void = () => {},
): Promise<ArchiveResult> {
  const exportedAt = deps.now();
  const data = await readLearnerData(deps.db, userId, (done, total) => progress((done / total) * TABLES_TO));
  const files: AsyncZippable = {};
  const stored = new Set<string>(); // already compressed: stored as they are
  const put = (name: string, body: string | Uint8Array, compressed = false) => {
    files[name] = typeof body === 'string' ? encoder.encode(body) : body;
    if (compressed) stored.add(name);
  };
  const document: DataFile = { exportedAt: exportedAt.toISOString(), format: DATA_FORMAT, tables: data };
  put('README.md', README);
  put('data.json', JSON.stringify(document, null, 1));
  put('data.schema.json', JSON.stringify(dataFileJsonSchema(), null, 2));

  const name = uniqueNames();

  // the learner's media: goal images, lessons' images and audio, sources' stored files
  const mediaNames = new Set<string>();
  for (const goal of data.goals ?? [])
    if (text(goal.image_url)) mediaNames.add(mediaNameOf(text(goal.image_url)));
  for (const lesson of data.lessons ?? [])
    for (const column of ['image_url', 'audio_url'])
      if (text(lesson[column])) mediaNames.add(mediaNameOf(text(lesson[column])));
  for (const source of data.sources ?? [])
    if (text(source.media_name)) mediaNames.add(text(source.media_name));

  // lessons, per goal, in plan order, each the same file as the course download's with its images beside it
  const plan = lessonsInPlanOrder(data);
  const titleOfLesson = new Map<string, string>();
  const lessonFile = { db: deps.db, media: deps.media, ownsMedia: (m: string) => mediaNames.has(m) };
  for (const [g, { goal, lessons }] of plan.entries()) {
    const folder = `lessons/${numbered(g, plan.length)}-${fileSlug(text(goal.description), 40)}/`;
    for (const [i, lesson] of lessons.entries()) {
      titleOfLesson.set(text(lesson.id), text(lesson.title));
      const file = name(folder, `${numbered(i, lessons.length)}-${fileSlug(text(lesson.title))}`, '.md');
      const md = await lessonMarkdown(
        lessonFile,
        userId,
        {
          title: text(lesson.title),
          content: text(lesson.content) || null,
          imageUrl: text(lesson.image_url) || null,
          videoUrls: text(lesson.video_urls) || null,
          resourceLinks: text(lesson.resource_links) || null,
        },
        file.slice(folder.length, -'.md'.length),
      );
      put(file, md.markdown);
      for (const image of md.files) put(`${folder}${image.name}`, image.bytes, !/\.svg$/i.test(image.name));
    }
  }

  for (const note of data.notes ?? []) {
    const tags =
      Array.isArray(note.tags) && note.tags.length
        ? `\n\nTags: ${note.tags.map((t) => `#${t}`).join(' ')}`
        : '';
    put(
      name('notes/', fileSlug(text(note.title)), '.md'),
      `# ${text(note.title)}\n\n${text(note.content)}${tags}\n`,
    );
  }

  const threads = new Map<string, Row[]>();
  for (const message of data.chat_messages ?? []) {
    const key = text(message.lesson_id);
    threads.set(key, [...(threads.get(key) ?? []), message]);
  }
  for (const [lessonId, messages] of threads) {
    const title = lessonId ? (titleOfLesson.get(lessonId) ?? 'lesson') : 'General questions';
    const lines = [`# Chat: ${title}`, ''];
    for (const m of messages.sort((a, b) => text(a.created_at).localeCompare(text(b.created_at))))
      lines.push(`**${roleName(m.role)}** (${text(m.created_at)}):`, '', text(m.content), '');
    put(name('chats/', fileSlug(lessonId ? title : 'general'), '.md'), lines.join('\n'));
  }
  progress(TABLES_TO + (FILES_TO - TABLES_TO) / 4);

  const cards = data.review_cards ?? [];
  put(
    'review-cards.csv',
    stringify(
      cards.map((c) => ({
        ...c,
        options: Array.isArray(c.options) ? c.options.join(' | ') : '',
      })),
      {
        header: true,
        columns: [
          'id',
          'prompt',
          'answer',
          'options',
          'source_kind',
          'goal_id',
          'lesson_id',
          'note_id',
          'due',
          'state',
          'reps',
          'lapses',
          'stability',
          'difficulty',
          'last_review',
          'suspended',
          'created_at',
        ],
      },
    ),
  );
  put('review-cards.apkg', await ankiDeck(cards), true);
  put(
    'focus-sessions.csv',
    stringify(data.pomodoro_sessions ?? [], {
      header: true,
      columns: [
        'id',
        'completed_at',
        { key: 'duration', header: 'duration_seconds' },
        'notes',
        'goal_id',
        'lesson_id',
        'created_at',
      ],
    }),
  );
  progress(TABLES_TO + (FILES_TO - TABLES_TO) / 2);

  let copied = 0;
  for (const mediaName of mediaNames) {
    const bytes = await readMediaBytes(deps.media, mediaName);
    copied += 1;
    progress(TABLES_TO + ((FILES_TO - TABLES_TO) * (2 + 2 * (copied / mediaNames.size))) / 4);
    if (!bytes) continue;
    put(`media/${mediaName}`, bytes, !/\.(svg|wav|bin)$/i.test(mediaName));
  }
  progress(FILES_TO);

  for (const file of stored) files[file] = [files[file] as Uint8Array, { level: 0 }];
  const bytes = await new Promise<Uint8Array>((resolve, reject) =>
    zip(files, { level: 6, mtime: exportedAt }, (err, out) => (err ? reject(err) : resolve(out))),
  );
  return { bytes, files: Object.keys(files).length };
}

/** Anki reads a field as HTML: the learner's text is escaped, its line breaks kept. */
const ankiHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>');

/** The deck, written in a worker thread (node:sqlite's inserts would hold the event loop). */
async function ankiDeck(cards: Row[]): Promise<Uint8Array> {
  const deck: AnkiCard[] = cards.map((card) => {
    const options =
      Array.isArray(card.options) && card.options.length
        ? `<ul>${card.options.map((o) => `<li>${ankiHtml(String(o))}</li>`).join('')}</ul>`
        : '';
    return {
      front: ankiHtml(text(card.prompt)) + options,
      back: ankiHtml(text(card.answer)),
      tags: ['mindpath', fileSlug(text(card.source_kind))],
    };
  });
  const bytes = await runInWorker<Uint8Array>(new URL('./anki-worker.ts', import.meta.url), {
    deckName: 'Mindpath review cards',
    cards: deck,
  });
  return new Uint8Array(bytes);
}
