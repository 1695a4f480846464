// What every reading of a source is checked for: a refusal's code, and passages whose offsets hold.
import { expect } from 'vitest';
import { type ExtractedDocument, SourceRejected } from '../../src/modules/sources/extract/document.ts';

/** The code of the refusal `run` throws (it must throw a SourceRejected). */
export async function rejection(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(SourceRejected);
    return (error as SourceRejected).code;
  }
  throw new Error('expected a refusal');
}

/** Passages are numbered in order, never overlap, and each is exactly the document's trimmed text between its offsets. */
export function expectOffsetsHold(doc: ExtractedDocument) {
  let previousEnd = 0;
  doc.passages.forEach((p, i) => {
    expect(p.ordinal).toBe(i);
    expect(doc.text.slice(p.start, p.end)).toBe(p.text);
    expect(p.start).toBeGreaterThanOrEqual(previousEnd);
    expect(p.text).toBe(p.text.trim());
    previousEnd = p.end;
  });
}
