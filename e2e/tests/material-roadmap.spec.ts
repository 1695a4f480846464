import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, startInTheme, THEMES } from '../src/axe.ts';
import { registerLearner, signIn } from '../src/learner.ts';
import { openMaterialStep } from '../src/material.ts';

// A roadmap from the learner's own material, through the one URL: the new-goal wizard's "Learn from my
// material", a Markdown handbook uploaded in its "Your material" step and read to Ready, then "Build my
// roadmap": the plan's sections and lessons are the handbook's chapters and headings. The step is checked
// with axe and photographed in both themes.

const HANDBOOK = `# Garden Handbook

A practical guide to a small vegetable garden.

## Soil and beds

How to prepare the ground.

### Testing your soil

A soil test tells you its acidity and nutrients. Take samples from several spots, mix them, and send them
to a lab or use a home kit; most vegetables like a slightly acidic soil.

### Building raised beds

Raised beds warm up early in spring and drain well. Build them no wider than you can reach across, and fill
them with a mix of topsoil and compost.

## Planting

### Choosing seeds

Pick varieties that suit your climate and the length of your season. Read the packet for spacing and depth.

### Watering

Water deeply and less often, in the morning, at the base of the plants rather than on their leaves.
`;

for (const theme of THEMES) {
  test(`a roadmap from my material follows its headings (${theme})`, async ({ page, request }) => {
    test.setTimeout(180_000);
    await startInTheme(page, theme);
    await signIn(page, await registerLearner(request));
    const step = await openMaterialStep(page, 'Grow vegetables in my garden');
    const build = step.getByRole('button', { name: 'Build my roadmap' });
    await expect(build).toBeDisabled();
    await expect(step.getByText('No material yet.')).toBeVisible();
    await expectNoSeriousViolations(page, `the material step, empty (${theme})`);

    await step.getByLabel('Choose a file').setInputFiles({
      name: 'garden-handbook.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(HANDBOOK),
    });
    const list = step.getByRole('list', { name: 'Your material' });
    await expect(list.getByText('Ready')).toBeVisible({ timeout: 60_000 });
    await expect(build).toBeEnabled();
    await expectNoSeriousViolations(page, `the material step with a ready source (${theme})`);
    await step.screenshot({ path: test.info().outputPath(`material-step-${theme}.png`) });

    // the paste form's check, in the learner's words, passes axe too
    await step.getByRole('button', { name: 'Paste text' }).click();
    await step.getByRole('button', { name: 'Add text' }).click();
    await expect(step.getByRole('alert')).toHaveText('A title is required.');
    await expectNoSeriousViolations(page, `the material step's paste form (${theme})`);

    await build.click();
    await expect(page.getByRole('dialog', { name: 'Building your roadmap' })).toBeVisible();
    await expect(page).toHaveURL(/\/learning-plan\/[0-9a-f-]{36}$/, { timeout: 120_000 });

    // the handbook's chapters are the milestones, their headings the lessons
    const chapters = {
      'Soil and beds': ['Testing your soil', 'Building raised beds'],
      Planting: ['Choosing seeds', 'Watering'],
    };
    for (const [name, lessons] of Object.entries(chapters)) {
      const toggle = page.getByRole('button', { name: new RegExp(`^Milestone \\d+ ${name} `) });
      await expect(toggle).toBeVisible({ timeout: 60_000 });
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      const list = page.getByRole('list', { name: `Lessons of ${name}` });
      for (const title of lessons) await expect(list.getByText(title, { exact: true })).toBeVisible();
    }
    // the document's title wraps the chapters: it is not a milestone of its own
    await expect(page.getByRole('list', { name: 'Milestones' }).locator(':scope > li')).toHaveCount(2);
  });
}
