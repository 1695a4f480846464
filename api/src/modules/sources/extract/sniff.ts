// What a file is, from its bytes first (magic numbers via file-type, UTF-8 validity), then its name and
// declared type: a file whose bytes contradict its name is refused, and so is anything that is not a PDF,
// Markdown, text or HTML. Archives are never opened (a zip bomb is refused as not a document).
import type { SourceFormat } from '@mindpath/contracts/sources-constants';
import { fileTypeFromBuffer } from 'file-type';
import { SourceRejected } from './document.ts';
import { markdownOutline } from './markdown.ts';
import { decodeText } from './text.ts';

const BY_EXTENSION: Record<string, SourceFormat> = {
  pdf: 'pdf',
  md: 'markdown',
  markdown: 'markdown',
  txt: 'text',
  text: 'text',
  html: 'html',
  htm: 'html',
};
const BY_CONTENT_TYPE: Record<string, SourceFormat> = {
  'application/pdf': 'pdf',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/plain': 'text',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
};
/** file-type only ever sees the start of a file: magic numbers are there, and it never reads far into an archive */
const SNIFF_BYTES = 64 * 1024;

/** The extension's format; 'other' for an extension we do not read, null for a name without one. */
function namedFormat(fileName: string | null | undefined): SourceFormat | 'other' | null {
  const base = fileName?.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return null;
  return BY_EXTENSION[base.slice(dot + 1).toLowerCase()] ?? 'other';
}

function declaredFormat(contentType: string | null | undefined): SourceFormat | null {
  const mime = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return BY_CONTENT_TYPE[mime] ?? null;
}

function startsWith(bytes: Uint8Array, ...magic: number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

/** A PDF header, which readers accept anywhere in the first kilobyte. */
function isPdf(bytes: Uint8Array): boolean {
  return new TextDecoder('latin1').decode(bytes.subarray(0, 1024)).includes('%PDF-');
}

function isZip(bytes: Uint8Array): boolean {
  return [3, 5, 7].some((n) => startsWith(bytes, 0x50, 0x4b, n, n + 1));
}

function looksLikeHtml(text: string): boolean {
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(
    text,
  );
}

/** Refusal for bytes that are not a document we read: contradicting its name, or just not ours. */
function notADocument(named: SourceFormat | 'other' | null): SourceRejected {
  return new SourceRejected(named && named !== 'other' ? 'mismatched_type' : 'unsupported_type');
}

/** The format to read the bytes as; throws SourceRejected mismatched_type or unsupported_type. */
export async function sniffFormat(
  bytes: Uint8Array,
  fileName: string | null | undefined,
  contentType: string | null | undefined,
): Promise<SourceFormat> {
  const named = namedFormat(fileName);
  const declared = declaredFormat(contentType);
  if (isPdf(bytes)) {
    if (named && named !== 'pdf' && named !== 'other') throw new SourceRejected('mismatched_type');
    return 'pdf';
  }
  if (isZip(bytes)) throw notADocument(named);
  const detected = await fileTypeFromBuffer(bytes.subarray(0, SNIFF_BYTES));
  // file-type names XML too; that is text, so it is judged as text below
  if (detected && !detected.mime.startsWith('text/') && detected.ext !== 'xml') throw notADocument(named);

  const text = decodeText(bytes);
  if (text === null) {
    // an HTML page may be in a legacy encoding (windows-1252, Shift_JIS): it is decoded by its charset later
    const htmlByName = named === 'html' || ((named === null || named === 'other') && declared === 'html');
    if (htmlByName && !bytes.subarray(0, SNIFF_BYTES).includes(0)) return 'html';
    throw notADocument(named);
  }
  if (named === 'pdf') throw new SourceRejected('mismatched_type');
  if (named && named !== 'other') return named;
  if (declared === 'pdf') throw new SourceRejected('mismatched_type');
  if (named === 'other') {
    if (declared) return declared;
    throw new SourceRejected('unsupported_type');
  }
  if (declared) return declared;
  if (looksLikeHtml(text)) return 'html';
  return markdownOutline(text).headings.length > 0 ? 'markdown' : 'text';
}
