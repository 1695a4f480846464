// Reading a learner's source into its text and passages: pure (no database, no network), so the ingest job,
// the tests and the bench all read a source the same way.
import { SOURCE_LIMITS } from '@mindpath/contracts/sources-constants';
import { type ExtractedDocument, SourceRejected } from './document.ts';
import { checkLength } from './finish.ts';
import { decodeHtml, readHtml } from './html.ts';
import { markdownOutline, readMarkdown } from './markdown.ts';
import { readPdf } from './pdf.ts';
import { sniffFormat } from './sniff.ts';
import { normalizeText, readPlainText, textOf } from './text.ts';

export { chunkDocument, type DocumentSection, PASSAGE_WORDS } from './chunk.ts';
export { type ExtractedDocument, type ExtractedPassage, SourceRejected } from './document.ts';
export { sniffFormat } from './sniff.ts';

export interface SourceInput {
  bytes: Uint8Array;
  fileName?: string | null;
  contentType?: string | null;
  /** the title when the document has none of its own (the source's title so far) */
  fallbackTitle?: string;
}

export interface ExtractOptions {
  /** checked between pages of a PDF */
  signal?: AbortSignal;
  /** 0–100 as the reading moves */
  onProgress?: (percent: number) => void;
}

/** A file's name without its folder or extension, as a title. */
function nameAsTitle(fileName: string | null | undefined): string | null {
  const base = fileName?.split(/[\\/]/).pop()?.trim();
  if (!base) return null;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** A file's (or fetched page's) bytes read into its text and passages; throws SourceRejected when it cannot be. */
export async function extractSource(
  input: SourceInput,
  opts: ExtractOptions = {},
): Promise<ExtractedDocument> {
  opts.signal?.throwIfAborted();
  if (input.bytes.length === 0) throw new SourceRejected('empty');
  const format = await sniffFormat(input.bytes, input.fileName, input.contentType);
  const fallbacks = [nameAsTitle(input.fileName), input.fallbackTitle];
  if (format === 'pdf') return readPdf(input.bytes, { fallbacks }, opts);
  let doc: ExtractedDocument;
  if (format === 'html') {
    const html = decodeHtml(input.bytes, input.contentType);
    // the page's markup may outweigh its text, but not without bound
    if (html.length > 4 * SOURCE_LIMITS.maxChars) throw new SourceRejected('too_much_text');
    doc = readHtml(html, { fallbacks });
  } else if (format === 'markdown') {
    doc = readMarkdown(textOf(input.bytes), { fallbacks });
  } else {
    doc = readPlainText(textOf(input.bytes), ...fallbacks);
  }
  opts.onProgress?.(100);
  return doc;
}

/** Text the learner pasted: Markdown when it has headings, plain text otherwise; the learner's title is kept. */
export function extractPastedText(title: string, text: string): ExtractedDocument {
  checkLength(text);
  const normalized = normalizeText(text);
  if (markdownOutline(normalized).headings.length > 0) return readMarkdown(normalized, { given: title });
  return readPlainText(normalized, title);
}
