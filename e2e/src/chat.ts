// The AI tutor's panel as the chat suites drive it.
import { expect, type Page, type Response } from '@playwright/test';

export async function openTutor(page: Page) {
  await page.getByRole('button', { name: 'Open AI tutor' }).click();
  const panel = page.getByRole('dialog', { name: 'AI tutor' });
  await expect(panel).toBeVisible();
  return panel;
}

/** Sends a question with Enter; resolves with the answer's stream response (its headers, once they come). */
export async function ask(page: Page, question: string): Promise<Response> {
  const panel = page.getByRole('dialog', { name: 'AI tutor' });
  const streamed = page.waitForResponse((r) => r.url().endsWith('/api/chat/stream'));
  await panel.getByRole('textbox', { name: 'Message' }).fill(question);
  await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
  return streamed;
}
