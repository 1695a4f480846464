import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { CHOICE_MADE } from '../src/consent.ts';
import { accentDiscs } from '../src/graph-canvas.ts';
import { type Learner, registerLearner, signIn } from '../src/learner.ts';

// The knowledge base (spec 2 §2–§5, §8) in Chromium through the one URL: linked notes, search, tags, the
// graph, the editor's rules, delete with confirmation, every notes error message, and export → import.

const main = (page: Page) => page.getByRole('main');
const noteHeading = (page: Page, title: string) => main(page).getByRole('heading', { level: 2, name: title });

async function createNote(page: Page, title: string, content: string) {
  const form = page.getByRole('form', { name: 'New note' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Content').fill(content);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(noteHeading(page, title)).toBeVisible();
}

/**
 * Hovers the graph node of a note and gives its tooltip. The graph is a canvas: the nodes are found as solid
 * discs of the node colour in its pixels, then each is hovered until the tooltip names the note.
 */
async function hoverGraphNode(page: Page, title: string): Promise<Locator> {
  const canvas = page
    .getByRole('img', { name: /^Graph of/ })
    .locator('canvas')
    .first();
  await expect(page.locator('[data-ready="true"]')).toBeVisible({ timeout: 20_000 });
  const centres = await accentDiscs(canvas, { reach: 5, gap: 20 });
  expect(centres.length).toBeGreaterThan(0);
  const box = (await canvas.boundingBox())!;
  const tooltip = page.locator('.float-tooltip-kap');
  for (const c of centres) {
    await page.mouse.move(box.x + c.x, box.y + c.y);
    try {
      await expect(tooltip).toHaveText(title, { timeout: 1000 });
    } catch {
      continue;
    }
    return tooltip;
  }
  throw new Error(`no graph node for "${title}" among ${centres.length} discs`);
}

async function clickGraphNode(page: Page, title: string) {
  await hoverGraphNode(page, title);
  await page.mouse.down();
  await page.mouse.up();
}

test('linked notes: create two that link, search, filter by tag, open from the graph, edit, delete', async ({
  page,
  request,
}) => {
  await signIn(page, await registerLearner(request));
  await page.goto('/knowledge-graph');
  await expect(page.getByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'No notes yet' })).toBeVisible();

  // the first note links to a note that does not exist yet
  await page.getByRole('button', { name: 'New note' }).click();
  const save = page.getByRole('form', { name: 'New note' }).getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await createNote(page, 'Rust ownership', 'Every value has one owner. See [[Borrowing]].\n#rust #Memory');
  const outgoing = page.getByRole('list', { name: 'Outgoing links' });
  await expect(outgoing.getByRole('button', { name: /Borrowing.*Not created yet/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('button')).toHaveText(['#rust', '#memory']);

  // following the dangling link opens the editor with its title; the new note links back (other case)
  await main(page).getByRole('link', { name: 'Borrowing' }).click();
  const form = page.getByRole('form', { name: 'New note' });
  await expect(form.getByLabel('Title')).toHaveValue('Borrowing');
  await form
    .getByLabel('Content')
    .fill('References use a value without owning it. Back to [[rust OWNERSHIP]]. #rust');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(noteHeading(page, 'Borrowing')).toBeVisible();
  await main(page).getByRole('link', { name: 'rust OWNERSHIP' }).click();
  await expect(noteHeading(page, 'Rust ownership')).toBeVisible();
  // a backlink shows where the other note links here
  await expect(page.getByRole('list', { name: 'Backlinks' }).getByRole('button')).toHaveText([
    'Borrowing…use a value without owning it. Back to rust OWNERSHIP. #rust',
  ]);
  await expect(outgoing.getByRole('button')).toHaveText(['Borrowing']);

  // search: exact/partial title first, then content, with a dropdown; no results says so
  const search = page.getByRole('combobox', { name: 'Search notes' });
  await search.fill('OWNER');
  const options = page.getByRole('listbox', { name: 'Search results' }).getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(options.nth(0)).toContainText('Rust ownership');
  await expect(options.nth(0)).toContainText('Title');
  await expect(options.nth(1)).toContainText('Borrowing');
  await expect(options.nth(1).locator('mark')).toHaveText('OWNER');
  await search.fill('zebra');
  await expect(page.getByText('No results found for "zebra"')).toBeVisible();
  await search.fill('without owning');
  await expect(options).toHaveCount(1);
  await search.press('Enter');
  await expect(noteHeading(page, 'Borrowing')).toBeVisible();

  // the list: cards with previews; the tag filter
  await page.getByRole('button', { name: '← All notes' }).click();
  const cards = page.getByRole('list', { name: 'Notes' }).getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(
    cards.filter({ has: page.getByRole('link', { name: 'Rust ownership', exact: true }) }),
  ).toContainText('Every value has one owner. See Borrowing.');
  await page.getByRole('button', { name: '#memory 1' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('Rust ownership');
  await page.getByRole('button', { name: '#rust 2' }).click();
  await expect(cards).toHaveCount(2);
  await page.getByRole('button', { name: 'All notes 2' }).click();

  // the graph: from the keyboard, the list of its notes (shown once focused) opens a note with Enter
  await page.getByRole('button', { name: 'Graph', exact: true }).click();
  await expect(
    page.getByRole('img', {
      name: 'Graph of 2 notes and 1 connection. Click a note to open it, or use the list of notes before it.',
    }),
  ).toBeVisible();
  const graphNotes = page.getByRole('list', { name: 'Notes in the graph: arrow keys move, Enter opens' });
  const listWidth = async () => (await graphNotes.boundingBox())?.width ?? 0;
  expect(await listWidth()).toBeLessThan(2);
  await page.getByRole('button', { name: 'Fit' }).focus();
  await page.keyboard.press('Tab');
  await expect(graphNotes.getByRole('button', { name: /^Borrowing/ })).toBeFocused();
  await expect.poll(listWidth).toBeGreaterThan(150);
  await page.keyboard.press('ArrowDown');
  await expect(graphNotes.getByRole('button', { name: /^Rust ownership/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(noteHeading(page, 'Rust ownership')).toBeVisible();

  // with the pointer, a node opens its note
  await page.getByRole('button', { name: '← All notes' }).click();
  await page.getByRole('button', { name: 'Graph', exact: true }).click();
  await clickGraphNode(page, 'Borrowing');
  await expect(noteHeading(page, 'Borrowing')).toBeVisible();

  // edit: Save is disabled while the title is empty, then renames the note
  await main(page).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: 'Edit Borrowing' });
  await edit.getByLabel('Title').fill('');
  await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
  await edit.getByLabel('Content').click();
  await expect(edit.getByText('Note title is required')).toBeVisible();
  // typing [[ offers the titles of the other notes
  const content = edit.getByLabel('Content');
  await content.press('End');
  await content.pressSequentially(' See also [[rust o');
  const suggestions = page.getByRole('listbox', { name: 'Link suggestions' }).getByRole('option');
  await expect(suggestions).toHaveText(['Rust ownership']);
  await content.press('Enter');
  await expect(content).toHaveValue(/ See also \[\[Rust ownership\]\]$/);
  await expect(suggestions).toHaveCount(0);
  await edit.getByLabel('Title').fill('Borrowing rules');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(noteHeading(page, 'Borrowing rules')).toBeVisible();

  // delete asks first; Cancel keeps the note
  await main(page).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete note' });
  await expect(confirm).toContainText('Are you sure you want to delete this note?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(noteHeading(page, 'Borrowing rules')).toBeVisible();
  await main(page).getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('Rust ownership');
  await page.reload();
  await expect(cards).toHaveCount(1);
});

test('a note renders as Markdown: lists, a table, highlighted code, KaTeX math, [[links]] and #tags', async ({
  page,
  request,
}) => {
  const learner = await registerLearner(request);
  const headers = { authorization: `Bearer ${learner.token}` };
  await request.post('/api/notes', {
    headers,
    data: { title: 'Closures', content: 'Functions with state.' },
  });
  const created = await request.post('/api/notes', {
    headers,
    data: {
      title: 'Ownership',
      content:
        '## Rules\n\n- each value has **one owner**\n- see [[Closures]] and [[Lifetimes]] #rust\n\n' +
        '| term | meaning |\n|---|---|\n| move | owner changes |\n\nCost $O(n^2)$.\n\n' +
        '```rust\nfn main() { let s = String::new(); }\n```\n\n<script>window.hacked = 1</script>',
    },
  });
  const note = (await created.json()) as { id: string };
  await signIn(page, learner);
  await page.goto(`/knowledge-graph?note=${note.id}`);
  const content = main(page).getByRole('article', { name: 'Ownership' });
  // the content's headings rank below the note's title for assistive technology (Chromium reads aria-level)
  await expect(content.getByRole('heading', { name: 'Rules' })).toHaveAttribute('aria-level', '4');
  await expect(content.getByRole('listitem').filter({ hasText: 'one owner' }).locator('strong')).toHaveText(
    'one owner',
  );
  await expect(content.getByRole('cell', { name: 'owner changes' })).toBeVisible();
  await expect(content.locator('.katex').first()).toBeVisible();
  await expect(content.locator('code.hljs .hljs-keyword').first()).toHaveText('fn');
  expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
  // a dangling [[link]] offers to create its note; #tags filter the list; [[links]] open notes
  await expect(content.getByRole('link', { name: 'Lifetimes' })).toHaveAttribute(
    'title',
    'No note called "Lifetimes" yet: create it',
  );
  // the editor previews the Markdown without leaving the draft
  await main(page).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: 'Edit Ownership' });
  await edit.getByRole('button', { name: 'Preview' }).click();
  const preview = edit.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'Rules' })).toBeVisible();
  await expect(preview.locator('.katex').first()).toBeVisible();
  await expect(edit.getByLabel('Content')).toBeHidden();
  await edit.getByRole('button', { name: 'Write' }).click();
  await expect(edit.getByLabel('Content')).toHaveValue(/^## Rules/);
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await content.getByRole('link', { name: 'Closures' }).click();
  await expect(noteHeading(page, 'Closures')).toBeVisible();
});

test('every notes error of spec §8 is shown, and nothing typed is lost', async ({ page, request }) => {
  const learner = await registerLearner(request);
  const created = await request.post('/api/notes', {
    headers: { authorization: `Bearer ${learner.token}` },
    data: { title: 'Kept', content: 'Original' },
  });
  const note = (await created.json()) as { id: string };
  await signIn(page, learner);

  await page.route('**/api/notes', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.goto('/knowledge-graph');
  await expect(page.getByRole('alert')).toContainText('Failed to load knowledge base data');
  await page.unroute('**/api/notes');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('link', { name: 'Kept' })).toBeVisible();

  // the POST fails: the form keeps what was typed
  await page.route('**/api/notes', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '{}' }) : route.fallback(),
  );
  await page.getByRole('button', { name: 'New note' }).click();
  const form = page.getByRole('form', { name: 'New note' });
  await form.getByLabel('Title').fill('Draft');
  await form.getByLabel('Content').fill('Do not lose me');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText('Failed to create note. Please try again.');
  await expect(form.getByLabel('Content')).toHaveValue('Do not lose me');
  await page.unroute('**/api/notes');

  await page.route(`**/api/notes/${note.id}`, (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.goto(`/knowledge-graph?note=${note.id}&edit=1`);
  const edit = page.getByRole('form', { name: 'Edit Kept' });
  await edit.getByLabel('Content').fill('Changed');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByRole('alert')).toHaveText('Failed to save note. Please try again.');
  await expect(edit.getByLabel('Content')).toHaveValue('Changed');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await main(page).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete note' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('Failed to delete note. Please try again.');
  await page.unroute(`**/api/notes/${note.id}`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(main(page)).toContainText('Original');
});

test('a note title is text in the graph: a hostile one hovers as itself and loads nothing', async ({
  page,
  request,
}) => {
  const learner = await registerLearner(request);
  const headers = { authorization: `Bearer ${learner.token}` };
  const hostile = '<img src=x onerror=alert(1)>';
  for (const data of [
    { title: hostile, content: 'Pasted from an archive.' },
    { title: 'Reading list', content: `Start with [[${hostile}]].` },
  ])
    expect((await request.post('/api/notes', { headers, data })).status()).toBe(201);
  // an <img src=x> made from the title would fetch /x (relative to the page)
  const fetchedX: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('/x')) fetchedX.push(r.url());
  });
  await signIn(page, learner);
  await page.goto('/knowledge-graph?view=graph');
  await expect(page.getByRole('img', { name: /^Graph of 2 notes and 1 connection/ })).toBeVisible();

  const tooltip = await hoverGraphNode(page, hostile);
  await expect(tooltip).toBeVisible();
  await expect(tooltip.locator('img')).toHaveCount(0);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(fetchedX).toEqual([]);
});

test('export every note as Markdown in a zip, then import it into a fresh account without duplicates', async ({
  page,
  request,
  browser,
}, testInfo) => {
  const author = await registerLearner(request);
  const headers = { authorization: `Bearer ${author.token}` };
  for (const data of [
    { title: 'Photosynthesis', content: 'Light to sugar. Needs [[Chlorophyll]]. #biology' },
    {
      title: 'Chlorophyll',
      content: 'The green pigment, used by [[Photosynthesis]].',
      tags: '["biology","pigments"]',
    },
    { title: 'Exam plan', content: 'Revise #biology on Monday.' },
  ])
    expect((await request.post('/api/notes', { headers, data })).status()).toBe(201);
  await signIn(page, author);
  await page.goto('/knowledge-graph');
  await expect(page.getByRole('list', { name: 'Notes' }).getByRole('article')).toHaveCount(3);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^mindpath-notes-\d{4}-\d{2}-\d{2}\.zip$/);
  const zipPath = testInfo.outputPath('notes.zip');
  await download.saveAs(zipPath);
  const zip = readFileSync(zipPath);
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  expect(zip.includes('Chlorophyll.md')).toBe(true);

  // a fresh account in a fresh browser context
  const fresh: Learner = await registerLearner(request);
  const context = await browser.newContext({ storageState: CHOICE_MADE });
  const other = await context.newPage();
  await signIn(other, fresh);
  await other.goto('/knowledge-graph');
  await expect(other.getByRole('heading', { name: 'No notes yet' })).toBeVisible();
  await other.getByLabel('Import a zip of Markdown notes').setInputFiles(zipPath);
  await expect(other.getByRole('status').filter({ hasText: 'Imported 3 notes.' })).toBeVisible();
  const cards = other.getByRole('list', { name: 'Notes' }).getByRole('article');
  await expect(cards).toHaveCount(3);
  await expect(other.getByRole('button', { name: '#pigments 1' })).toBeVisible();
  await other.getByRole('link', { name: 'Photosynthesis' }).click();
  await expect(other.getByRole('list', { name: 'Backlinks' }).getByRole('button')).toHaveText([
    /^Chlorophyll/,
  ]);
  await main(other).getByRole('link', { name: 'Chlorophyll' }).click();
  await expect(noteHeading(other, 'Chlorophyll')).toBeVisible();

  // the same zip again adds nothing
  await other.getByRole('button', { name: '← All notes' }).click();
  await other.getByLabel('Import a zip of Markdown notes').setInputFiles(zipPath);
  await expect(
    other.getByRole('status').filter({ hasText: 'Imported 0 notes, 3 already here.' }),
  ).toBeVisible();
  await expect(cards).toHaveCount(3);
  await context.close();
});
