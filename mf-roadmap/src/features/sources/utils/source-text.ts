// How a source reads in its row: its kind, size, extent, when it was added, and how many the plan allows.
import type { Source } from '@mindpath/contracts/sources';
import { SOURCE_LIMITS, SOURCE_MESSAGES, type SourceFormat } from '@mindpath/contracts/sources-constants';
import { ApiRequestError } from '@mindpath/sdk/errors';
import { countOf } from '@mindpath/ui/plural';

const KINDS: Record<SourceFormat, string> = {
  pdf: 'PDF',
  markdown: 'Markdown',
  text: 'Text',
  html: 'Web page',
};

/** "PDF", "Markdown", "Text", "Web page"; before its bytes are read, what it was added as. */
export function kindText(source: Pick<Source, 'format' | 'origin'>): string {
  if (source.format) return KINDS[source.format];
  return source.origin === 'url' ? 'Web page' : source.origin === 'paste' ? 'Text' : 'File';
}

/** A PDF's pages, or the headings found; nothing before it is read or for a text without headings. */
export function extentText(source: Pick<Source, 'pages' | 'sections'>): string | null {
  if (source.pages !== null) return countOf(source.pages, 'page', 'pages');
  if (source.sections > 0) return countOf(source.sections, 'section', 'sections');
  return null;
}

/** "Added Nov 27, 2026" in the learner's locale. */
export function addedText(iso: string, locale?: string): string {
  const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' });
  return `Added ${day.format(new Date(iso))}`;
}

/** "2 of 3 sources": how many the goal holds of what the plan allows. */
export function countText(count: number, perGoal: number): string {
  return `${count} of ${countOf(perGoal, 'source', 'sources')}`;
}

/** Why a failed source failed, in the learner's words the server recorded. */
export function failureText(source: Pick<Source, 'error'>): string {
  return source.error?.message || SOURCE_MESSAGES.corrupt;
}

/** The checks a pasted text passes before it is sent (the server checks them again). */
export function pastedProblems(title: string, text: string): { title?: string; text?: string } {
  const problems: { title?: string; text?: string } = {};
  if (!title.trim()) problems.title = SOURCE_MESSAGES.title_required;
  else if (title.trim().length > SOURCE_LIMITS.maxTitle)
    problems.title = `Keep the title under ${SOURCE_LIMITS.maxTitle} characters.`;
  if (!text.trim()) problems.text = SOURCE_MESSAGES.text_required;
  else if (text.trim().length > SOURCE_LIMITS.maxChars) problems.text = SOURCE_MESSAGES.too_much_text;
  return problems;
}

/** A web address the server will try: http(s) and well formed (the server checks it again). */
export function urlProblem(url: string): string | null {
  const u = url.trim();
  return u.length <= SOURCE_LIMITS.maxUrl && /^https?:\/\//i.test(u) && URL.canParse(u)
    ? null
    : SOURCE_MESSAGES.url_invalid;
}

/** A file over the plan's size is refused before it is sent. */
export function fileProblem(file: Pick<File, 'size'>, maxBytes: number): string | null {
  if (file.size === 0) return SOURCE_MESSAGES.empty;
  return file.size > maxBytes ? SOURCE_MESSAGES.too_large : null;
}

/** Said when the server could not be reached or failed; a refusal says its own reason. */
export const SOURCE_ACTION_FAILED = 'Something went wrong. Please try again.';

/** What a refused action tells the learner: the API's message (its learner words), the field's, or ours. */
export function refusalText(err: unknown): string {
  if (!(err instanceof ApiRequestError) || err.status >= 500) return SOURCE_ACTION_FAILED;
  const issue = Array.isArray(err.details)
    ? (err.details[0] as { message?: unknown } | undefined)
    : undefined;
  if (err.status === 400 && typeof issue?.message === 'string') return issue.message;
  return err.message;
}
