// File names inside the zips a learner downloads (their data, a course): readable stems of learner text,
// numbered to sort as the plan does, unique within a folder.

/** 'Intro to SQL: JOINs!' → 'intro-to-sql-joins' (ASCII words joined by dashes); nothing readable → `empty`. */
export function fileSlug(text: string, max = 60, empty = 'untitled'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return slug || empty;
}

/** Two digits at least, more when there are more: 01…99, 001…120. */
export const numbered = (index: number, count: number) =>
  String(index + 1).padStart(Math.max(2, String(count).length), '0');

/** Hands out names once each: a second 'notes/sql.md' becomes 'notes/sql-2.md'. */
export function uniqueNames() {
  const taken = new Set<string>();
  return (folder: string, base: string, ext: string) => {
    let name = `${folder}${base}${ext}`;
    for (let i = 2; taken.has(name); i++) name = `${folder}${base}-${i}${ext}`;
    taken.add(name);
    return name;
  };
}
