import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expectNoSeriousViolations, settled, startInTheme, THEMES } from '../src/axe.ts';
import { signIn } from '../src/learner.ts';
import { learnerWithRoadmap, lessonsOf } from '../src/plan.ts';

// Keeping a course, through the one URL: from the learning plan the learner downloads the lessons as Markdown
// (a zip: one file per lesson in plan order, the written lesson's image beside it) and opens the printable
// course; in print only the course is left (no sidebar, no timer, no tutor), each lesson on its own page,
// and Chromium saves it as a PDF. The printable page passes axe in both themes, at desktop width and 850 px.

for (const theme of THEMES) {
  test(`downloads the lessons as Markdown and prints the course (${theme})`, async ({ page, request }) => {
    test.setTimeout(180_000);
    await startInTheme(page, theme);
    const { learner, api, goalId, plan } = await learnerWithRoadmap(request);
    const lessons = lessonsOf(plan);
    const first = lessons[0]!;
    await api.writeLesson(first.id);
    await api.call('POST', `/lessons/${first.id}/generate-image`);
    await signIn(page, learner);

    await page.goto(`/learning-plan/${goalId}`);
    const panel = page.getByRole('region', { name: 'Keep this course' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Download lessons (Markdown)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^mindpath-course-learn-the-rust-[a-z-]+\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    const markdown = Object.keys(files)
      .filter((name) => name.endsWith('.md') && name !== 'README.md')
      .sort();
    expect(markdown).toHaveLength(lessons.length);
    markdown.forEach((name, i) => {
      expect(name.startsWith(`${String(i + 1).padStart(2, '0')}-`)).toBe(true);
      expect(strFromU8(files[name]!)).toMatch(
        new RegExp(`^# ${lessons[i]!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n`),
      );
    });
    const firstFile = strFromU8(files[markdown[0]!]!);
    const image = /!\[[^\]]*\]\(([^)]+)\)/.exec(firstFile)?.[1];
    expect(image, firstFile).toMatch(/^01-.+-image\.(svg|png)$/);
    expect(files[image!]!.byteLength).toBeGreaterThan(100);
    expect(strFromU8(files['README.md']!)).toContain(`1. [${first.title}](${markdown[0]})`);

    await panel.getByRole('link', { name: 'Printable course' }).click();
    await expect(page).toHaveURL(new RegExp(`/learning-plan/${goalId}/course$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Learn the Rust programming language');
    const articles = page.locator('[data-course-lesson]');
    await expect(articles).toHaveCount(lessons.length);
    const written = articles.first();
    await expect(written.getByRole('heading', { level: 3 })).toContainText(first.title);
    await expect(written.locator('pre code').first()).toBeVisible();
    await expect(written.locator('figure img')).toBeVisible();
    await expect(articles.nth(1)).toContainText('has not been written yet');
    await settled(page);
    await expectNoSeriousViolations(page, `Printable course (${theme})`);
    await page.screenshot({ path: test.info().outputPath(`course-${theme}-desktop.png`), fullPage: false });
    await page.setViewportSize({ width: 850, height: 900 });
    await expectNoSeriousViolations(page, `Printable course at 850 px (${theme})`);
    await page.screenshot({ path: test.info().outputPath(`course-${theme}-850.png`), fullPage: false });

    // print: the course alone, a page break before every lesson after a section's first
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
    await expect(written).toBeVisible();
    expect(await articles.nth(1).evaluate((el) => getComputedStyle(el).breakBefore)).toBe('page');
    // paper is white whatever the theme: the lesson's text is dark
    expect(
      await written
        .locator('p')
        .first()
        .evaluate((el) => getComputedStyle(el).color),
    ).toBe('rgb(17, 19, 24)');
    await page.screenshot({ path: test.info().outputPath(`course-${theme}-print.png`), fullPage: true });

    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    // a page at least for each lesson (and the contents before them)
    expect(pages.length).toBeGreaterThan(lessons.length);
  });
}
