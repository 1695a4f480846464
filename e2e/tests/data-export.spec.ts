import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { strFromU8, unzipSync } from 'fflate';
import { expectNoSeriousViolations, settled, startInTheme, THEMES } from '../src/axe.ts';
import { signIn } from '../src/learner.ts';
import { learnerWithRoadmap, lessonsOf } from '../src/plan.ts';

// Settings → Privacy → Download my data, through the one URL: the learner asks, sees it being prepared, then
// downloads the zip; data.json is valid against the data.schema.json beside it, the lessons are Markdown, the
// review cards an Anki package. The section passes axe in both themes while building and once ready.

for (const theme of THEMES) {
  test(`downloads all of a learner's data as a zip from Settings → Privacy (${theme})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await startInTheme(page, theme);
    const { learner, api, plan } = await learnerWithRoadmap(request);
    const lesson = lessonsOf(plan)[0]!;
    await api.writeLesson(lesson.id);
    await api.call('POST', '/notes', { title: 'Ownership', content: 'What moves a value? :: an assignment' });
    await api.becomePro();
    await signIn(page, learner);

    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Privacy' }).click();
    const section = page.getByRole('region', { name: 'Download my data' });
    await section.getByRole('button', { name: 'Download my data' }).click();
    const link = section.getByRole('link', { name: /Download your data \(zip, .+\)/ });
    await expect(link).toBeVisible({ timeout: 90_000 });
    await expect(section.getByText(/Available until/)).toBeVisible();
    await settled(page);
    await expectNoSeriousViolations(page, `Download my data, ready (${theme})`);
    // at the narrow width the link, its size and date still fit the section
    await page.setViewportSize({ width: 850, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: test.info().outputPath(`data-export-850-${theme}.png`) });
    expect((await section.boundingBox())!.width).toBeLessThanOrEqual(850);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^mindpath-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync(await download.path())));

    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(JSON.parse(strFromU8(files['data.schema.json']!)));
    const data = JSON.parse(strFromU8(files['data.json']!));
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    expect(data.tables.users[0].email).toBe(learner.email);
    expect(data.tables.users[0]).not.toHaveProperty('password_hash');
    expect(data.tables.payments.length).toBeGreaterThan(0);

    const names = Object.keys(files);
    const lessonFile = names.find(
      (n) =>
        n.startsWith('lessons/') && n.endsWith('.md') && strFromU8(files[n]!).startsWith(`# ${lesson.title}`),
    );
    expect(lessonFile, names.join('\n')).toBeDefined();
    expect(strFromU8(files[lessonFile!]!)).not.toContain('_Not written yet._');
    expect(strFromU8(files['review-cards.csv']!)).toContain('What moves a value?');
    const apkg = unzipSync(files['review-cards.apkg']!);
    expect(Object.keys(apkg)).toContain('collection.anki2');
    expect(names.some((n) => n.startsWith('notes/'))).toBe(true);
  });
}
