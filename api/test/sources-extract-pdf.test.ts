import { SOURCE_LIMITS } from '@mindpath/contracts/sources-constants';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { extractSource } from '../src/modules/sources/extract/index.ts';
import { expectOffsetsHold, rejection } from './helpers/extraction.ts';

/** A PDF written by pdfkit: `draw` lays out its pages. */
async function pdf(draw: (doc: PDFKit.PDFDocument) => void, options: PDFKit.PDFDocumentOptions = {}) {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  draw(doc);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

function paragraph(topic: string, n: number, from = 0): string {
  return Array.from(
    { length: n },
    (_, i) => `The ${topic} fact number ${from + i} explains how ${topic} relates to the rest.`,
  ).join(' ');
}

function heading(doc: PDFKit.PDFDocument, size: number, text: string) {
  doc.fontSize(size).text(text).moveDown(0.5);
}

function body(doc: PDFKit.PDFDocument, text: string) {
  doc.fontSize(11).text(text).moveDown();
}

describe('a PDF', () => {
  it('is read page by page: page numbers, headings from larger type, passages never across a page or heading', async () => {
    const bytes = await pdf(
      (doc) => {
        heading(doc, 24, 'Chapter 1: Storage');
        body(doc, paragraph('storage', 6));
        heading(doc, 16, 'Pages and blocks');
        body(doc, paragraph('block', 12));
        body(doc, paragraph('block', 12, 12));
        body(doc, paragraph('block', 12, 24));
        doc.addPage();
        body(doc, paragraph('continued', 5));
        heading(doc, 16, 'Indexes');
        body(doc, paragraph('index', 8));
        doc.addPage();
        heading(doc, 24, 'Chapter 2: Queries');
        body(doc, paragraph('query', 8));
      },
      { info: { Title: 'Database Internals' } },
    );
    const original = bytes.slice();
    const progress: number[] = [];
    const doc = await extractSource(
      { bytes, fileName: 'internals.pdf', contentType: 'application/pdf' },
      { onProgress: (p) => progress.push(p) },
    );
    expect(bytes).toEqual(original);
    expect(doc.format).toBe('pdf');
    expect(doc.title).toBe('Database Internals');
    expect(doc.pages).toBe(3);
    expect(doc.sections).toBe(4);
    expect(progress).toEqual([33, 67, 100]);

    const find = (needle: string) => doc.passages.find((p) => p.text.includes(needle));
    expect(find('storage fact number 0')).toMatchObject({ page: 1, headingPath: ['Chapter 1: Storage'] });
    expect(find('block fact number 30')).toMatchObject({
      page: 1,
      headingPath: ['Chapter 1: Storage', 'Pages and blocks'],
    });
    // the section goes on over the page, its passages do not
    expect(find('continued fact number 0')).toMatchObject({
      page: 2,
      headingPath: ['Chapter 1: Storage', 'Pages and blocks'],
    });
    expect(find('continued fact number 0')?.text).not.toContain('block fact');
    expect(find('index fact number 0')).toMatchObject({
      page: 2,
      headingPath: ['Chapter 1: Storage', 'Indexes'],
    });
    expect(find('query fact number 0')).toMatchObject({ page: 3, headingPath: ['Chapter 2: Queries'] });
    for (const p of doc.passages) {
      expect(p.text).not.toContain('Chapter');
      expect(p.text).not.toContain('Indexes');
      expect(p.text.match(/\S+/g)?.length ?? 0).toBeLessThanOrEqual(250);
    }
    expect(
      doc.passages.filter((p) => p.headingPath.at(-1) === 'Pages and blocks').length,
    ).toBeGreaterThanOrEqual(3);
    expectOffsetsHold(doc);
  });

  it('with an outline takes its headings from the outline, even when they are set like the body', async () => {
    const bytes = await pdf((doc) => {
      const part = doc.outline.addItem('Sorting');
      body(doc, '1 Sorting');
      body(doc, paragraph('sorting', 4));
      part.addItem('Merge sort');
      body(doc, '1.1 Merge sort');
      body(doc, paragraph('merge', 4));
      doc.addPage();
      part.addItem('Quicksort and its pivot choices');
      body(doc, 'Quicksort and its');
      doc.fontSize(11).text('pivot choices').moveDown();
      body(doc, paragraph('pivot', 4));
      doc.outline.addItem('Searching');
      body(doc, '2 Searching');
      body(doc, paragraph('search', 4));
    });
    const doc = await extractSource({ bytes, fileName: 'algorithms.pdf' });
    const find = (needle: string) => doc.passages.find((p) => p.text.includes(needle));
    expect(doc.sections).toBe(4);
    expect(doc.title).toBe('Sorting');
    expect(find('sorting fact number 0')).toMatchObject({ page: 1, headingPath: ['Sorting'] });
    expect(find('merge fact number 0')).toMatchObject({ page: 1, headingPath: ['Sorting', 'Merge sort'] });
    expect(find('pivot fact number 0')).toMatchObject({
      page: 2,
      headingPath: ['Sorting', 'Quicksort and its pivot choices'],
    });
    expect(find('pivot fact number 0')?.text).not.toContain('pivot choices');
    expect(find('search fact number 0')).toMatchObject({ page: 2, headingPath: ['Searching'] });
    expectOffsetsHold(doc);
  });

  it('leaves out running headers, footers and page numbers, and takes its title from the cover', async () => {
    const bytes = await pdf((doc) => {
      doc.fontSize(28).text('Field Guide to Mosses').moveDown();
      body(doc, paragraph('cover', 2));
      for (let n = 2; n <= 5; n++) {
        doc.addPage();
        doc.fontSize(9).text(`Chapter ${n > 3 ? 2 : 1}: Mosses ${n}`, 72, 40);
        doc.fontSize(11).text(paragraph(`page${n}`, 3), 72, 100);
        doc.fontSize(9).text('Field Guide — draft', 72, 700);
      }
    });
    const doc = await extractSource({ bytes, fileName: 'mosses.pdf' });
    expect(doc.title).toBe('Field Guide to Mosses');
    for (const p of doc.passages) {
      expect(p.text).not.toContain('Chapter');
      expect(p.text).not.toContain('draft');
    }
    expect(doc.passages.find((p) => p.text.includes('page4 fact number 0'))?.page).toBe(4);
    expectOffsetsHold(doc);
  });

  it('joins a word hyphenated at the end of a line', async () => {
    const bytes = await pdf((doc) => {
      doc.fontSize(11).text('The catalogue stores the manip-', 72, 100);
      doc.fontSize(11).text('ulation rules of every table.', 72, 113);
    });
    const doc = await extractSource({ bytes, fileName: 'hyphen.pdf' });
    expect(doc.text).toBe('The catalogue stores the manipulation rules of every table.');
  });

  it('without a metadata title is titled by its first heading, else by its file name', async () => {
    const headed = await pdf((doc) => {
      heading(doc, 22, 'Notes on Graphs');
      body(doc, paragraph('graph', 3));
    });
    expect((await extractSource({ bytes: headed, fileName: 'g.pdf' })).title).toBe('Notes on Graphs');
    const plain = await pdf((doc) => body(doc, paragraph('plain', 3)));
    expect((await extractSource({ bytes: plain, fileName: 'folder/Week 3 notes.pdf' })).title).toBe(
      'Week 3 notes',
    );
    expect((await extractSource({ bytes: plain, fallbackTitle: 'From the web' })).title).toBe('From the web');
  });

  it('with only images (a scan) has no text layer', async () => {
    const bytes = await pdf((doc) => {
      doc.rect(50, 50, 300, 400).fill('#333');
      doc.addPage();
      doc.circle(200, 200, 80).fill('#999');
    });
    expect(await rejection(() => extractSource({ bytes, fileName: 'scan.pdf' }))).toBe('no_text_layer');
  });

  it('protected by a password is refused as encrypted', async () => {
    const bytes = await pdf((doc) => body(doc, 'Secret notes.'), {
      userPassword: 'hunter2',
      pdfVersion: '1.7',
    });
    expect(await rejection(() => extractSource({ bytes, fileName: 'secret.pdf' }))).toBe('encrypted');
  });

  it('cut short or damaged is refused as corrupt', async () => {
    const bytes = await pdf((doc) => body(doc, paragraph('broken', 20)));
    expect(await rejection(() => extractSource({ bytes: bytes.slice(0, 300), fileName: 'broken.pdf' }))).toBe(
      'corrupt',
    );
    const garbled = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage garbage\n%%EOF');
    expect(await rejection(() => extractSource({ bytes: garbled, fileName: 'garbled.pdf' }))).toBe('corrupt');
  });

  it(`with more than ${SOURCE_LIMITS.maxPages} pages is refused before its pages are read`, async () => {
    const bytes = await pdf((doc) => {
      for (let i = 0; i < SOURCE_LIMITS.maxPages; i++) doc.addPage();
    });
    const progress: number[] = [];
    expect(
      await rejection(() =>
        extractSource({ bytes, fileName: 'huge.pdf' }, { onProgress: (p) => progress.push(p) }),
      ),
    ).toBe('too_many_pages');
    expect(progress).toEqual([]);
  }, 120_000);

  it('stops between pages when its reading is aborted', async () => {
    const bytes = await pdf((doc) => {
      for (let i = 0; i < 5; i++) {
        if (i) doc.addPage();
        body(doc, paragraph(`page${i}`, 3));
      }
    });
    const controller = new AbortController();
    const progress: number[] = [];
    const reading = extractSource(
      { bytes, fileName: 'long.pdf' },
      {
        signal: controller.signal,
        onProgress: (p) => {
          progress.push(p);
          if (progress.length === 2) controller.abort(new Error('stopped'));
        },
      },
    );
    await expect(reading).rejects.toThrow('stopped');
    expect(progress).toEqual([20, 40]);
  });
});
