// Reading a learner's source into its text and passages: pure (no database, no network), so the ingest job,
// the tests and the bench all read a source the same way.
import type { ExtractedDocument } from './document.ts';
import { checkLength } from './finish.ts';
import { markdownOutline, readMarkdown } from './markdown.ts';
import { normalizeText, readPlainText } from './text.ts';

export { chunkDocument, type DocumentSection, PASSAGE_WORDS } from './chunk.ts';
export { type ExtractedDocument, type ExtractedPassage, SourceRejected } from './document.ts';

/** Text the learner pasted: Markdown when it has headings, plain text otherwise; the learner's title is kept. */
export function extractPastedText(title: string, text: string): ExtractedDocument {
  checkLength(text);
  const normalized = normalizeText(text);
  if (markdownOutline(normalized).headings.length > 0) return readMarkdown(normalized, { given: title });
  return readPlainText(normalized, title);
}
