// Sources through the API: a multipart upload as a browser's FormData sends it, the test documents a
// PDF-writing library makes, and waiting for a source's reading to end.
import type { Source } from '@mindpath/contracts/sources';
import PDFDocument from 'pdfkit';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';

type Headers = Record<string, string>;

/** A multipart body with one file field (named `file` unless said), as FormData encodes it. */
export async function multipartBody(
  bytes: Uint8Array,
  fileName: string,
  type = 'application/octet-stream',
  field = 'file',
): Promise<{ payload: Buffer; headers: Headers }> {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), fileName);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

export async function upload(
  t: TestApp,
  method: 'POST' | 'PUT',
  url: string,
  headers: Headers,
  file: { bytes: Uint8Array; name: string; type?: string },
) {
  const body = await multipartBody(file.bytes, file.name, file.type);
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** The source once its reading has ended (ready or failed). */
export async function settledSource(
  t: TestApp,
  headers: Headers,
  id: string,
  timeoutMs = 60_000,
): Promise<Source> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.api('GET', `/sources/${id}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    const source = res.json<Source>();
    if (source.state !== 'processing') return source;
    if (Date.now() > end) throw new Error(`source ${id} still processing: ${res.body}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A new goal of the learner's; its id. */
export async function newGoal(t: TestApp, headers: Headers, description = 'Beginner: Learn databases') {
  const res = await t.api('POST', '/goals', headers, { description, metadata: '{"level":"Beginner"}' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/** A pasted text added to the goal, once read. */
export async function pasteSource(t: TestApp, headers: Headers, goalId: string, title: string, text: string) {
  const res = await t.api('POST', `/goals/${goalId}/sources/text`, headers, { title, text });
  expect(res.statusCode, res.body).toBe(202);
  const source = res.json<Source>();
  expect(source.state).toBe('processing');
  return settledSource(t, headers, source.id);
}

type Pdf = InstanceType<typeof PDFDocument>;

/** A PDF written by pdfkit: `build` draws its pages. */
export function pdfBytes(
  build: (doc: Pdf) => void,
  options: ConstructorParameters<typeof PDFDocument>[0] = {},
) {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ compress: false, ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    build(doc);
    doc.end();
  });
}

/** A PDF of `chapters`, one page each: a heading and paragraphs. */
export function chaptersPdf(
  chapters: { title: string; paragraphs: string[] }[],
  info: { Title?: string } = {},
) {
  return pdfBytes(
    (doc) => {
      chapters.forEach((chapter, i) => {
        if (i > 0) doc.addPage();
        doc.fontSize(22).text(chapter.title);
        doc.moveDown();
        for (const p of chapter.paragraphs) doc.fontSize(11).text(p).moveDown();
      });
    },
    { info },
  );
}
