import { crc32, deflateRawSync } from 'node:zlib';
import { SOURCE_LIMITS } from '@mindpath/contracts/sources-constants';
import { describe, expect, it } from 'vitest';
import { extractSource, sniffFormat } from '../src/modules/sources/extract/index.ts';
import { expectOffsetsHold, rejection } from './helpers/extraction.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);

function paragraph(topic: string, n: number, from = 0): string {
  return Array.from(
    { length: n },
    (_, i) => `The ${topic} fact number ${from + i} explains how ${topic} relates to the rest.`,
  ).join(' ');
}

/** A one-entry zip archive, its entry deflated: `size` zero bytes fit in a few kilobytes (a zip bomb's trick). */
function zipOf(name: string, size: number): Uint8Array {
  const content = Buffer.alloc(size);
  const data = deflateRawSync(content, { level: 9 });
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc32(content), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc32(content), 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const centralOffset = local.length + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return new Uint8Array(Buffer.concat([local, nameBytes, data, central, nameBytes, end]));
}

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
  0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89,
]);

describe('an HTML page', () => {
  const page = `<!doctype html>
<html lang="en"><head>
  <title>Query planning — Example Docs</title>
  <style>.hidden { display: none } body::after { content: "STYLE TEXT" }</style>
  <script>document.write('SCRIPT TEXT'); fetch('/steal?c=' + document.cookie)</script>
</head><body>
  <nav><a href="/">Home</a> <a href="/docs">NAVIGATION LINK</a></nav>
  <article>
    <h1>Query planning</h1>
    <p>${paragraph('planner', 4)}</p>
    <h2>Cost estimates</h2>
    <p>${paragraph('cost', 6)}</p>
    <script>alert('INLINE SCRIPT')</script>
    <p>${paragraph('cost', 6, 6)} <img src="x" onerror="alert('IMG HANDLER')"> <b>bold words</b> stay.</p>
    <form action="/subscribe"><label>FORM LABEL</label><input value="FORM VALUE"><button>FORM BUTTON</button></form>
    <h3>Statistics</h3>
    <p>${paragraph('statistics', 5)}</p>
    <noscript>NOSCRIPT TEXT</noscript>
    <h2>Join order</h2>
    <ul><li>${paragraph('join', 2)}</li><li>${paragraph('join', 2, 2)}</li></ul>
    <template><p>TEMPLATE TEXT</p></template>
  </article>
  <footer>FOOTER TEXT</footer>
</body></html>`;

  it('keeps the article text only, with h1–h4 as the heading path and its title', async () => {
    const doc = await extractSource({
      bytes: utf8(page),
      fileName: 'planning.html',
      contentType: 'text/html',
    });
    expect(doc.format).toBe('html');
    expect(doc.pages).toBeNull();
    expect(doc.title).toContain('Query planning');
    for (const junk of [
      'SCRIPT',
      'STYLE',
      'IMG HANDLER',
      'FORM',
      'NOSCRIPT',
      'TEMPLATE',
      'NAVIGATION',
      '<',
      'alert',
    ]) {
      expect(doc.text).not.toContain(junk);
    }
    expect(doc.text).toContain('bold words stay.');
    const pathOf = (needle: string) => doc.passages.find((p) => p.text.includes(needle))?.headingPath;
    expect(pathOf('planner fact number 0')).toEqual(['Query planning']);
    expect(pathOf('cost fact number 0')).toEqual(['Query planning', 'Cost estimates']);
    expect(pathOf('cost fact number 11')?.slice(-1)).toEqual(['Cost estimates']);
    expect(pathOf('statistics fact number 0')?.slice(-2)).toEqual(['Cost estimates', 'Statistics']);
    expect(pathOf('join fact number 3')?.slice(-1)).toEqual(['Join order']);
    for (const p of doc.passages) expect(p.text).not.toMatch(/^(Cost estimates|Statistics|Join order)$/m);
    expect(doc.sections).toBeGreaterThanOrEqual(4);
    expectOffsetsHold(doc);
  });

  it('made of little but scripts keeps what text it has, and none of the scripts', async () => {
    const scripts = `<html><head><title>Scripts</title></head><body>
      ${'<script>var x = "SCRIPT BODY";</script>'.repeat(200)}
      <p>The one real sentence of this page.</p>
      <div onclick="alert('HANDLER')">Click text.</div>
    </body></html>`;
    const doc = await extractSource({ bytes: utf8(scripts), fileName: 'scripts.htm' });
    expect(doc.text).toContain('The one real sentence of this page.');
    expect(doc.text).not.toContain('SCRIPT BODY');
    expect(doc.text).not.toContain('HANDLER');
    expectOffsetsHold(doc);
  });

  it('in a legacy encoding is decoded by its declared charset', async () => {
    const latin = Buffer.from(
      `<html><head><meta charset="windows-1252"><title>Caf\xe9</title></head><body><p>Cr\xe8me br\xfbl\xe9e is a dessert.</p></body></html>`,
      'latin1',
    );
    const doc = await extractSource({ bytes: new Uint8Array(latin), fileName: 'cafe.html' });
    expect(doc.text).toContain('Crème brûlée is a dessert.');
    expect(doc.title).toBe('Café');
  });

  it('nested deeply is read without stalling, and nested absurdly deep is refused before it is parsed', async () => {
    const nested = (depth: number) =>
      utf8(
        `<html><body>${'<div>'.repeat(depth)}<p>Deep words to read.</p>${'</div>'.repeat(depth)}</body></html>`,
      );
    const started = performance.now();
    const doc = await extractSource({ bytes: nested(1500), fileName: 'deep.html' });
    expect(doc.text).toBe('Deep words to read.');
    expect(await rejection(() => extractSource({ bytes: nested(100_000), fileName: 'deeper.html' }))).toBe(
      'corrupt',
    );
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('with no text is empty', async () => {
    const bytes = utf8('<html><body><script>1</script><img src="a.png"></body></html>');
    expect(await rejection(() => extractSource({ bytes, fileName: 'blank.html' }))).toBe('empty');
  });
});

describe('Markdown and text files', () => {
  it('a Markdown file is titled by its first heading and read by its headings', async () => {
    const md = `# Linear algebra\n\n${paragraph('vector', 3)}\n\n## Matrices\n\n${paragraph('matrix', 3)}\n`;
    const doc = await extractSource({ bytes: utf8(md), fileName: 'la.md', contentType: 'text/markdown' });
    expect(doc).toMatchObject({ format: 'markdown', title: 'Linear algebra', sections: 2, pages: null });
    expect(doc.passages.map((p) => p.headingPath)).toEqual([
      ['Linear algebra'],
      ['Linear algebra', 'Matrices'],
    ]);
    expectOffsetsHold(doc);
  });

  it('a text file is titled by its name and keeps its text as it is', async () => {
    const bytes = utf8(`\uFEFF${paragraph('note', 3)}\r\n\r\n# not a heading in a .txt\r\n`);
    const progress: number[] = [];
    const doc = await extractSource(
      { bytes, fileName: 'week 1.txt', contentType: 'text/plain' },
      { onProgress: (p) => progress.push(p) },
    );
    expect(doc).toMatchObject({ format: 'text', title: 'week 1', sections: 1 });
    expect(doc.text.startsWith('The note fact number 0')).toBe(true);
    expect(doc.text).toContain('# not a heading in a .txt');
    expect(progress).toEqual([100]);
    expectOffsetsHold(doc);
  });

  it('a text file saved as UTF-16 (with its byte-order mark) is read', async () => {
    const bytes = new Uint8Array(Buffer.from(`\uFEFF${paragraph('wide', 2)}`, 'utf16le'));
    const doc = await extractSource({ bytes, fileName: 'wide.txt' });
    expect(doc.text).toBe(paragraph('wide', 2));
  });

  it('refuses a file with no text, or more text than a source may hold', async () => {
    expect(await rejection(() => extractSource({ bytes: new Uint8Array(), fileName: 'empty.txt' }))).toBe(
      'empty',
    );
    expect(await rejection(() => extractSource({ bytes: utf8('\n\n   \n'), fileName: 'blank.md' }))).toBe(
      'empty',
    );
    const huge = utf8('word '.repeat(SOURCE_LIMITS.maxChars / 5 + 1));
    expect(await rejection(() => extractSource({ bytes: huge, fileName: 'huge.txt' }))).toBe('too_much_text');
  });
});

describe('the format, from the bytes before the name', () => {
  const pdfHead = utf8('%PDF-1.7\n%\xe2\xe3\n1 0 obj\n<<>>\nendobj\n');
  const zip = zipOf('book.txt', 20 * 1024 * 1024);

  it('reads each kind by its bytes, its name and its declared type', async () => {
    expect(await sniffFormat(pdfHead, 'a.pdf', 'application/pdf')).toBe('pdf');
    expect(await sniffFormat(pdfHead, null, 'application/octet-stream')).toBe('pdf');
    expect(await sniffFormat(utf8('# Hi\n\ntext'), 'a.markdown', null)).toBe('markdown');
    expect(await sniffFormat(utf8('# Hi\n\ntext'), 'a.txt', 'text/plain')).toBe('text');
    expect(await sniffFormat(utf8('<p>hi</p>'), 'a.htm', null)).toBe('html');
    expect(await sniffFormat(utf8('<p>hi</p>'), 'index.php', 'text/html; charset=utf-8')).toBe('html');
    expect(await sniffFormat(utf8('<!DOCTYPE html><html><p>hi</p>'), null, null)).toBe('html');
    expect(
      await sniffFormat(
        utf8('<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><p>hi</p></html>'),
        'a.xhtml',
        'application/xhtml+xml',
      ),
    ).toBe('html');
    expect(await sniffFormat(utf8('Intro\n=====\n\nwords'), null, null)).toBe('markdown');
    expect(await sniffFormat(utf8('just words'), null, null)).toBe('text');
  });

  it('refuses a file that is not what its name says', async () => {
    expect(await rejection(() => sniffFormat(zip, 'notes.pdf', 'application/pdf'))).toBe('mismatched_type');
    expect(await rejection(() => sniffFormat(PNG, 'slides.pdf', 'application/pdf'))).toBe('mismatched_type');
    expect(await rejection(() => sniffFormat(zip, 'notes.md', 'text/markdown'))).toBe('mismatched_type');
    expect(await rejection(() => sniffFormat(PNG, 'notes.txt', 'text/plain'))).toBe('mismatched_type');
    expect(await rejection(() => sniffFormat(pdfHead, 'notes.md', 'text/markdown'))).toBe('mismatched_type');
    expect(await rejection(() => sniffFormat(utf8('plain words'), 'notes.pdf', 'application/pdf'))).toBe(
      'mismatched_type',
    );
    expect(await rejection(() => sniffFormat(utf8('plain words'), null, 'application/pdf'))).toBe(
      'mismatched_type',
    );
    expect(await rejection(() => sniffFormat(utf8('a\u0000b'), 'nul.txt', null))).toBe('mismatched_type');
    expect(await rejection(() => sniffFormat(new Uint8Array([0x61, 0xff, 0xfe, 0x62]), 'bad.md', null))).toBe(
      'mismatched_type',
    );
    expect(await rejection(() => sniffFormat(new Uint8Array(2000).fill(7), 'random.pdf', null))).toBe(
      'mismatched_type',
    );
  });

  it('refuses what it does not read: archives (never opened), images, other formats', async () => {
    expect(await rejection(() => sniffFormat(zip, 'bomb.zip', 'application/zip'))).toBe('unsupported_type');
    expect(await rejection(() => sniffFormat(zip, null, null))).toBe('unsupported_type');
    expect(await rejection(() => sniffFormat(zipOf('word/document.xml', 100), 'essay.docx', null))).toBe(
      'unsupported_type',
    );
    expect(await rejection(() => sniffFormat(PNG, 'photo.png', 'image/png'))).toBe('unsupported_type');
    expect(await rejection(() => sniffFormat(utf8('a,b\n1,2'), 'table.csv', 'text/csv'))).toBe(
      'unsupported_type',
    );
    expect(await rejection(() => sniffFormat(new Uint8Array([0, 1, 2, 3, 0, 0, 9]), null, null))).toBe(
      'unsupported_type',
    );
    // the whole path: a zip bomb named as a document is refused before anything is unpacked
    expect(await rejection(() => extractSource({ bytes: zip, fileName: 'chapter.pdf' }))).toBe(
      'mismatched_type',
    );
    expect(zip.length).toBeLessThan(100_000);
  });
});
