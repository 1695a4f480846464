// A PDF's text layer read with pdfjs-dist (its Node build), page by page: lines rebuilt from the text items,
// paragraphs from the gaps between lines, headings from the outline or guessed from larger type.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { SOURCE_LIMITS } from '@mindpath/contracts/sources-constants';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { type ExtractedDocument, SourceRejected } from './document.ts';
import { finishDocument, pickTitle } from './finish.ts';
import { coverTitle, markHeadingsByOutline, markHeadingsBySize, type OutlineEntry } from './pdf-headings.ts';
import { dropRunningLines, type PdfLine, pageLines } from './pdf-lines.ts';
import { type FoundHeading, type PageSpan, sectionsUnderHeadings, splitAtPages } from './sections.ts';

// pdfjs reads its font, CMap and WASM files by path in Node (a folder path with its trailing slash)
const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const assetDir = (name: string) => `${join(pdfjsRoot, name)}/`;
/** an outline longer than this is not read further (its first entries still give the headings) */
const MAX_OUTLINE_ENTRIES = 5000;

/** The document's text with its page spans and the headings marked on its lines. */
function layOut(pages: readonly PdfLine[][]): {
  text: string;
  pageSpans: PageSpan[];
  headings: FoundHeading[];
} {
  let text = '';
  const pageSpans: PageSpan[] = [];
  const headings: FoundHeading[] = [];
  pages.forEach((lines, p) => {
    if (p > 0) text += '\n\n';
    const pageStart = text.length;
    let heading: FoundHeading | null = null;
    lines.forEach((line, i) => {
      if (line.continuesHeading && heading) {
        text += `\n${line.text}`;
        heading.end = text.length;
        return;
      }
      const newParagraph = line.breakBefore || line.heading || heading;
      // a word hyphenated at the line's end ("manip-" / "ulation") is joined again, so search finds it
      if (i > 0 && !newParagraph && /\p{Ll}-$/u.test(text) && /^\p{Ll}/u.test(line.text)) {
        text = text.slice(0, -1) + line.text;
        return;
      }
      if (i > 0) text += newParagraph ? '\n\n' : '\n';
      const start = text.length;
      text += line.text;
      heading = line.heading ? { ...line.heading, start, end: text.length } : null;
      if (heading) headings.push(heading);
    });
    pageSpans.push({ page: p + 1, start: pageStart, end: text.length });
  });
  return { text, pageSpans, headings };
}

/** The outline's entries in order, each with its depth and the page it points at; none when it has none. */
async function outlineEntries(doc: PDFDocumentProxy): Promise<OutlineEntry[]> {
  const entries: OutlineEntry[] = [];
  type Node = Awaited<ReturnType<PDFDocumentProxy['getOutline']>>[number];
  const visit = async (nodes: readonly Node[], level: number) => {
    for (const node of nodes) {
      if (entries.length >= MAX_OUTLINE_ENTRIES) return;
      try {
        const dest = typeof node.dest === 'string' ? await doc.getDestination(node.dest) : node.dest;
        const target = dest?.[0];
        const pageIndex =
          typeof target === 'number'
            ? target
            : target && typeof target === 'object'
              ? await doc.getPageIndex(target)
              : null;
        if (pageIndex !== null && node.title) entries.push({ title: node.title, level, pageIndex });
      } catch {
        // an entry pointing nowhere is left out
      }
      if (node.items?.length) await visit(node.items, level + 1);
    }
  };
  await visit((await doc.getOutline().catch(() => null)) ?? [], 1);
  return entries;
}

/** A metadata title worth showing: not empty, not "untitled", not a file name left by the program that wrote it. */
function metadataTitle(info: unknown): string | null {
  const title = (info as { Title?: unknown } | null)?.Title;
  if (typeof title !== 'string') return null;
  const cleaned = title.replace(/^Microsoft (Word|PowerPoint) - /, '').trim();
  if (!cleaned || /^untitled\b/i.test(cleaned) || /\.(docx?|pptx?|odt|tex|pdf|rtf|indd)$/i.test(cleaned))
    return null;
  return cleaned;
}

export async function readPdf(
  bytes: Uint8Array,
  titles: { fallbacks: (string | null | undefined)[] },
  opts: { signal?: AbortSignal; onProgress?: (percent: number) => void } = {},
): Promise<ExtractedDocument> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    // pdfjs takes the buffer over (detaches it); the caller keeps its bytes
    data: bytes.slice(),
    standardFontDataUrl: assetDir('standard_fonts'),
    cMapUrl: assetDir('cmaps'),
    cMapPacked: true,
    wasmUrl: assetDir('wasm'),
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    if (doc.numPages > SOURCE_LIMITS.maxPages) throw new SourceRejected('too_many_pages');
    const pages: PdfLine[][] = [];
    let chars = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      // let the server answer requests between pages: the reading runs on its thread
      await new Promise((resolve) => setImmediate(resolve));
      opts.signal?.throwIfAborted();
      const page = await doc.getPage(n);
      const lines = pageLines((await page.getTextContent()).items);
      page.cleanup();
      chars += lines.reduce((sum, l) => sum + l.text.length + 2, 0);
      if (chars > SOURCE_LIMITS.maxChars) throw new SourceRejected('too_much_text');
      pages.push(lines);
      opts.onProgress?.(Math.round((n / doc.numPages) * 100));
    }
    if (!pages.some((lines) => lines.some((l) => /[\p{L}\p{N}]/u.test(l.text)))) {
      throw new SourceRejected('no_text_layer');
    }
    // the cover's title may be the running header the next line takes out
    const cover = coverTitle(pages);
    dropRunningLines(pages);
    if (!markHeadingsByOutline(pages, await outlineEntries(doc))) markHeadingsBySize(pages);
    const { text, pageSpans, headings } = layOut(pages);
    const { info } = await doc.getMetadata().catch(() => ({ info: null }));
    return finishDocument(
      {
        title: pickTitle(metadataTitle(info), cover, headings[0]?.title, ...titles.fallbacks),
        format: 'pdf',
        pages: doc.numPages,
        sections: Math.max(1, headings.length),
        text,
      },
      splitAtPages(sectionsUnderHeadings(headings, 0, text.length), pageSpans),
    );
  } catch (error) {
    if (error instanceof SourceRejected) throw error;
    if (opts.signal?.aborted) throw opts.signal.reason;
    if ((error as Error | null)?.name === 'PasswordException')
      throw new SourceRejected('encrypted', { cause: error });
    throw new SourceRejected('corrupt', { cause: error });
  } finally {
    await task.destroy();
  }
}
