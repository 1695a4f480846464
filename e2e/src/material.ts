import { expect, type Page } from '@playwright/test';

/**
 * The new-goal wizard up to its "Your material" step: a goal described, past the prerequisites when any
 * are recommended, then "Learn from my material". The step's dialog.
 */
export async function openMaterialStep(page: Page, goal: string) {
  await page.goto('/goals');
  await page.getByRole('button', { name: 'Add New Goal' }).click();
  await expect(page).toHaveURL(/\/goals\/new$/);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('What do you want to learn?').fill(goal);
  await dialog.getByRole('button', { name: 'Next' }).click();
  const original = dialog.getByRole('button', { name: 'Continue with my goal' });
  const material = dialog.getByRole('button', { name: 'Learn from my material' });
  await expect(original.or(material)).toBeVisible({ timeout: 60_000 });
  if (await original.isVisible()) await original.click();
  await page.getByRole('button', { name: 'Learn from my material' }).click();
  const step = page.getByRole('dialog', { name: 'Your material' });
  await expect(step).toBeVisible({ timeout: 30_000 });
  return step;
}
