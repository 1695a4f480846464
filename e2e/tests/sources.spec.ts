import { SOURCE_MESSAGES } from '@mindpath/contracts/sources-constants';
import { expect, type Locator, type Page, test } from '@playwright/test';
import PDFDocument from 'pdfkit';
import { signIn } from '../src/learner.ts';
import { learnerWithRoadmap } from '../src/plan.ts';

// A goal's Sources on its learning plan, in Chromium through the one URL: a multi-page PDF pdfkit writes is
// read (processing with its progress, then Ready with its pages), a pasted text turns Ready, a file named
// .pdf that is not one is refused in the learner's words, and a removed source stays gone after a reload.

const PAGES = 12;
const TOPICS = ['Ownership', 'Borrowing', 'Lifetimes', 'Slices', 'Structs', 'Enums'];

/** A PDF of PAGES pages, each a heading and a few paragraphs of text, titled in its metadata. */
function ownershipPdf(title: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (let page = 1; page <= PAGES; page++) {
      if (page > 1) doc.addPage();
      const topic = TOPICS[(page - 1) % TOPICS.length]!;
      doc.fontSize(20).text(`${page}. ${topic}`).moveDown();
      for (let p = 0; p < 4; p++)
        doc
          .fontSize(11)
          .text(
            `${topic} in Rust, part ${p + 1}: every value has a single owner, a reference borrows it without ` +
              'taking ownership, and the compiler checks at build time that no reference outlives its value.',
          )
          .moveDown();
    }
    doc.end();
  });
}

const sourcesOf = (page: Page) => page.getByRole('region', { name: 'Sources' });
const rowOf = (section: Locator, title: string) =>
  section.getByRole('listitem').filter({ has: section.page().getByRole('heading', { name: title }) });

/**
 * Notes, from now on, whether a source's progress bar was ever on the page: it may last under a second, and
 * its name is the file's until the PDF's own title is read.
 */
async function watchForProgress(page: Page) {
  await page.evaluate(() => {
    const seen = () => document.querySelector('[role="progressbar"][aria-label^="Reading "]') !== null;
    const w = window as unknown as { __progressSeen: boolean };
    w.__progressSeen = seen();
    new MutationObserver(() => {
      if (seen()) w.__progressSeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __progressSeen: boolean }).__progressSeen);
}

async function chooseFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await sourcesOf(page).getByRole('button', { name: 'Choose a file', exact: true }).click();
  await (await chooser).setFiles(file);
}

test('a PDF is read to Ready with its pages, a pasted text too, and a removed source stays gone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { learner, goalId } = await learnerWithRoadmap(request);
  await signIn(page, learner);
  await page.goto(`/learning-plan/${goalId}`);
  const sources = sourcesOf(page);
  // the plan, then its Sources section (a chunk of its own) on a machine the suite keeps busy
  await expect(sources.getByText('No sources yet.')).toBeVisible({ timeout: 60_000 });
  await expect(sources.getByText('0 of 3 sources')).toBeVisible();

  // the PDF: its title from its metadata, processing (a progress bar) and then Ready with its page count
  const title = 'Ownership in Rust';
  const progressSeen = await watchForProgress(page);
  await chooseFile(page, {
    name: 'ownership.pdf',
    mimeType: 'application/pdf',
    buffer: await ownershipPdf(title),
  });
  const pdf = rowOf(sources, title);
  await expect(pdf.getByText('Ready')).toBeVisible({ timeout: 60_000 });
  expect(await progressSeen()).toBe(true);
  await expect(pdf.getByText(/^PDF · /)).toHaveText(new RegExp(`^PDF · \\d+ KB · ${PAGES} pages · Added `));
  await expect(sources.getByText('1 of 3 sources')).toBeVisible();

  // a pasted text with headings: Ready, counted in sections
  await sources.getByRole('button', { name: 'Paste text' }).click();
  const form = sources.getByRole('form', { name: 'Paste text' });
  await form.getByRole('button', { name: 'Add text' }).click();
  await expect(form.getByText(SOURCE_MESSAGES.title_required)).toBeVisible();
  await form.getByRole('textbox', { name: 'Title' }).fill('Lecture notes');
  await form
    .getByRole('textbox', { name: 'Text' })
    .fill(
      '# Borrowing\n\nA reference lets you use a value without owning it.\n\n' +
        '# Lifetimes\n\nThe compiler checks that every reference is valid for as long as it is used.\n',
    );
  await form.getByRole('button', { name: 'Add text' }).click();
  await expect(form).toBeHidden();
  const notes = rowOf(sources, 'Lecture notes');
  await expect(notes.getByText('Ready')).toBeVisible({ timeout: 60_000 });
  await expect(notes).toContainText('Markdown');
  await expect(notes).toContainText('2 sections');
  await expect(sources.getByText('2 of 3 sources')).toBeVisible();

  // Remove asks first; Cancel keeps it, Remove takes it away, and a reload agrees
  await pdf.getByRole('button', { name: `Remove ${title}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove this source?' });
  await expect(dialog).toContainText(`“${title}”`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(pdf).toBeVisible();
  await pdf.getByRole('button', { name: `Remove ${title}` }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(pdf).toHaveCount(0);
  await page.reload();
  await expect(rowOf(sources, 'Lecture notes').getByText('Ready')).toBeVisible();
  await expect(rowOf(sources, title)).toHaveCount(0);
  await expect(sources.getByText('1 of 3 sources')).toBeVisible();
});

test("a file named .pdf that is not a PDF is refused in the learner's words", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { learner, goalId } = await learnerWithRoadmap(request);
  await signIn(page, learner);
  await page.goto(`/learning-plan/${goalId}`);
  const sources = sourcesOf(page);
  // the plan, then its Sources section (a chunk of its own) on a machine the suite keeps busy
  await expect(sources.getByText('No sources yet.')).toBeVisible({ timeout: 60_000 });

  await chooseFile(page, {
    name: 'chapter-4.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('These are plain notes about ownership, saved with the wrong name.\n'),
  });
  // refused at once or failed once read: either way the learner reads why, and nothing else
  await expect(sources.getByText(SOURCE_MESSAGES.mismatched_type)).toBeVisible({ timeout: 60_000 });
  await expect(sources).not.toContainText(/mismatched_type|SourceRejected|Error:/);
});
