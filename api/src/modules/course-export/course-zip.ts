// A goal's lessons as a zip a learner keeps: one Markdown file per lesson in plan order (`01-<title>.md`),
// each lesson's images beside it, and a README.md listing them by section.
import { strToU8, type Zippable, zipSync } from 'fflate';
import type { Db } from '../../db/client.ts';
import { fileSlug, numbered } from '../../lib/file-names.ts';
import type { MediaStore } from '../media/store.ts';
import { type CourseLessonRow, courseRows } from './course.ts';
import { lessonMarkdown, linkText } from './lesson-markdown.ts';

export interface CourseZip {
  /** the download's file name, ASCII (`mindpath-course-<goal>.zip`) */
  fileName: string;
  bytes: Uint8Array;
}

// already compressed formats are stored as they are
const STORED = /\.(png|jpg|webp)$/;

/** The lessons' file stems in plan order: `01-<title>`, numbered wide enough to sort as the plan does. */
export function lessonStems(titles: readonly string[]): string[] {
  return titles.map((t, i) => `${numbered(i, titles.length)}-${fileSlug(t, 60, 'lesson')}`);
}

function readme(
  goal: { description: string; level: string },
  rows: CourseLessonRow[],
  stems: string[],
  day: string,
) {
  const lines = [
    `# ${goal.description.replace(/\s+/g, ' ')}`,
    '',
    `${goal.level} course, kept from Mindpath on ${day}.`,
  ];
  let section: string | null = null;
  rows.forEach((row, i) => {
    if (row.sectionId !== section) {
      section = row.sectionId;
      lines.push('', `## ${row.sectionName.replace(/\s+/g, ' ')}`, '');
    }
    const note = row.content?.trim() ? '' : ' (not written yet)';
    lines.push(`${i + 1}. [${linkText(row.title)}](${stems[i]}.md)${note}`);
  });
  return `${lines.join('\n')}\n`;
}

/** The owner's goal's course as a zip (another learner's goal: 404). */
export async function courseZip(
  deps: { db: Db; media: MediaStore },
  userId: string,
  goalId: string,
  now: Date,
): Promise<CourseZip> {
  const { goal, lessons } = await courseRows(deps.db, userId, goalId);
  const stems = lessonStems(lessons.map((l) => l.title));
  const files: Zippable = {};
  const mtime = now;
  files['README.md'] = [strToU8(readme(goal, lessons, stems, now.toISOString().slice(0, 10))), { mtime }];
  for (const [i, lesson] of lessons.entries()) {
    const stem = stems[i]!;
    const md = await lessonMarkdown(deps, userId, lesson, stem);
    files[`${stem}.md`] = [strToU8(md.markdown), { mtime }];
    for (const f of md.files) files[f.name] = [f.bytes, { mtime, level: STORED.test(f.name) ? 0 : 6 }];
  }
  return { fileName: `mindpath-course-${fileSlug(goal.description, 40)}.zip`, bytes: zipSync(files) };
}
