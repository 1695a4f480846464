// Text as the learner gave it: decoded strictly as UTF-8 (or UTF-16 with its byte-order mark), with line ends
// made \n and control characters other than tabs and line ends removed, so offsets count what is shown.
import { type ExtractedDocument, SourceRejected } from './document.ts';
import { checkLength, finishDocument, pickTitle } from './finish.ts';

/** Text with \n line ends and no byte-order mark or control characters (tabs and line ends kept). */
export function normalizeText(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\t\n]/gu, '');
}

/** The bytes as text when they are text: valid UTF-8 (or UTF-16 with a byte-order mark) without NUL characters. */
export function decodeText(bytes: Uint8Array): string | null {
  let encoding = 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = 'utf-16be';
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return text.includes('\u0000') ? null : text;
}

/** The bytes' text, or the refusal for a file that is not text. */
export function textOf(bytes: Uint8Array): string {
  const text = decodeText(bytes);
  if (text === null) throw new SourceRejected('mismatched_type');
  return normalizeText(text);
}

/** Plain text (normalized) as one section. */
export function readPlainText(text: string, ...titles: (string | null | undefined)[]): ExtractedDocument {
  checkLength(text);
  return finishDocument({ title: pickTitle(...titles), format: 'text', pages: null, sections: 1, text }, [
    { start: 0, end: text.length, page: null, headingPath: [] },
  ]);
}
