import { SOURCE_MESSAGES } from '@mindpath/contracts/sources-constants';
import { expect, test } from '@playwright/test';
import PDFDocument from 'pdfkit';
import { registerLearner, signIn } from '../src/learner.ts';
import { lessonArticle as article } from '../src/lessons.ts';
import { openMaterialStep } from '../src/material.ts';

// The whole of learning from one's own material, as a learner does it in Chromium through the one URL, with
// no network and no model: a PDF chosen in the new-goal wizard's "Learn from my material" is read to Ready,
// the roadmap built from it has its chapters as milestones and its sections as lessons, the first lesson
// cites the PDF and a citation opens its passage (marked, with its page) beside the lesson, the tutor
// answers a question from the PDF with a citation, and once the source is removed from the plan the
// lesson's citation says its passage is gone.

const TITLE = 'Composting at Home';
const CHAPTERS = [
  {
    title: 'Getting Started',
    sections: [
      {
        title: 'What compost is',
        body: 'Compost is decomposed organic matter that gardeners add to soil to feed plants. Microbes break down kitchen scraps and leaves into a dark, crumbly material within a few months.',
      },
      {
        title: 'Choosing a bin',
        body: 'A closed bin keeps pests out and holds heat, which speeds decomposition. An open heap is cheaper but needs turning more often and takes longer to finish.',
      },
    ],
  },
  {
    title: 'Keeping the Heap Healthy',
    sections: [
      {
        title: 'Greens and browns',
        body: 'Greens such as grass clippings and vegetable peelings supply nitrogen, while browns such as dry leaves and cardboard supply carbon. A good heap holds about three parts browns to one part greens.',
      },
      {
        title: 'Moisture and air',
        body: 'The heap should feel as damp as a wrung-out sponge. Turning it every week or two lets air in, so the microbes that need oxygen keep working and the heap does not smell.',
      },
    ],
  },
];

/** The guide as a PDF: a page per section, chapters set larger than sections, sections larger than text. */
function guidePdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ info: { Title: TITLE } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    CHAPTERS.forEach((chapter, c) => {
      chapter.sections.forEach((section, s) => {
        if (c > 0 || s > 0) doc.addPage();
        if (s === 0) doc.fontSize(22).text(chapter.title).moveDown();
        doc.fontSize(15).text(section.title).moveDown();
        for (let p = 0; p < 3; p++) doc.fontSize(11).text(section.body).moveDown();
      });
    });
    doc.end();
  });
}

test('a PDF becomes a roadmap that follows it, lessons that cite it, a tutor that quotes it; removing it is said', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await signIn(page, await registerLearner(request));
  await page.setViewportSize({ width: 1280, height: 900 });

  // the wizard: a goal, then "Learn from my material" and the PDF
  const step = await openMaterialStep(page, 'Make good compost at home');
  await step.getByLabel('Choose a file').setInputFiles({
    name: 'composting.pdf',
    mimeType: 'application/pdf',
    buffer: await guidePdf(),
  });
  const list = step.getByRole('list', { name: 'Your material' });
  await expect(list.getByText('Ready')).toBeVisible({ timeout: 90_000 });
  await expect(list.getByText(TITLE)).toBeVisible();
  await step.getByRole('button', { name: 'Build my roadmap' }).click();
  await expect(page).toHaveURL(/\/learning-plan\/[0-9a-f-]{36}$/, { timeout: 120_000 });

  // the roadmap: the PDF's chapters are its milestones, their sections its lessons
  for (const chapter of CHAPTERS) {
    const toggle = page.getByRole('button', { name: new RegExp(`^Milestone \\d+ ${chapter.title} `) });
    await expect(toggle).toBeVisible({ timeout: 60_000 });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const lessons = page.getByRole('list', { name: `Lessons of ${chapter.title}` });
    for (const section of chapter.sections)
      await expect(lessons.getByText(section.title, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('list', { name: 'Milestones' }).locator(':scope > li')).toHaveCount(2);
  const planUrl = page.url();

  // the first lesson is written from its pages and cites them; a citation opens its passage and page
  await page.getByRole('link', { name: `Start Lesson: ${CHAPTERS[0]!.sections[0]!.title}` }).click();
  await expect(page).toHaveURL(/\/lessons\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const lessonUrl = page.url();
  const markers = article(page).getByRole('button', {
    name: new RegExp(`^Source \\d+: ${TITLE}, page \\d+`),
  });
  await expect(markers.first()).toBeVisible({ timeout: 90_000 });
  await expect(article(page)).toContainText('decomposed organic matter');
  await markers.first().click();
  const viewer = page.getByTestId('passage-viewer');
  await expect(viewer.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(viewer).toContainText(/Page \d+/);
  await expect(viewer.locator('mark')).toContainText('compost', { ignoreCase: true });
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // the tutor answers from the PDF, quoting it with a citation
  await page.getByRole('button', { name: 'Open AI tutor' }).click();
  const tutor = page.getByRole('dialog', { name: 'AI tutor' });
  await tutor.getByRole('textbox', { name: 'Message' }).fill('How damp should the heap be?');
  await tutor.getByRole('button', { name: 'Send' }).click();
  await expect(tutor.getByText('wrung-out sponge').first()).toBeVisible({ timeout: 90_000 });
  const cited = tutor
    .getByRole('list', { name: 'Sources' })
    .getByRole('button', { name: new RegExp(`^\\[\\d+\\] ${TITLE}`) });
  await expect(cited.first()).toBeVisible();
  await page.keyboard.press('Escape');

  // the source removed on the plan: the lesson keeps its text, and its citation says the passage is gone
  await page.goto(planUrl);
  const sources = page.getByRole('region', { name: 'Sources' });
  await sources.getByRole('button', { name: `Remove ${TITLE}` }).click({ timeout: 60_000 });
  await page
    .getByRole('alertdialog', { name: 'Remove this source?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(sources.getByText('No sources yet.')).toBeVisible();
  await page.goto(lessonUrl);
  await expect(article(page)).toContainText('decomposed organic matter', { timeout: 60_000 });
  await markers.first().click();
  await expect(page.getByTestId('passage-viewer')).toContainText(SOURCE_MESSAGES.passage_gone);
});
