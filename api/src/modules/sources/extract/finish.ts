// What every format's reading ends with: the title chosen, the length checked, the passages cut.
import { SOURCE_LIMITS, type SourceFormat } from '@mindpath/contracts/sources-constants';
import { chunkDocument, type DocumentSection } from './chunk.ts';
import { type ExtractedDocument, SourceRejected } from './document.ts';

/** The first usable title, cut to what a source's title may hold. */
export function pickTitle(...candidates: (string | null | undefined)[]): string {
  for (const candidate of candidates) {
    const title = candidate?.replace(/\s+/g, ' ').trim();
    if (title) return title.slice(0, SOURCE_LIMITS.maxTitle).trim();
  }
  return 'Untitled source';
}

/** Refuses text too long to keep, before any more work is spent on it. */
export function checkLength(text: string): void {
  if (text.length > SOURCE_LIMITS.maxChars) throw new SourceRejected('too_much_text');
}

/** The finished document; refused when it holds no words. */
export function finishDocument(
  fields: { title: string; format: SourceFormat; pages: number | null; sections: number; text: string },
  sections: readonly DocumentSection[],
): ExtractedDocument {
  checkLength(fields.text);
  if (!/[\p{L}\p{N}]/u.test(fields.text)) throw new SourceRejected('empty');
  const passages = chunkDocument(fields.text, sections);
  if (passages.length === 0) throw new SourceRejected('empty');
  return { ...fields, passages };
}
