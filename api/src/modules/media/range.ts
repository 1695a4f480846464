// HTTP range requests (RFC 9110 §14) for media, so audio can be sought without downloading it all: one
// range of bytes; several ranges are answered whole (allowed by the RFC), a range outside the file is 416.

export type RangeResult = { start: number; end: number } | 'unsatisfiable' | null;

/** The byte range a Range header asks of a file of `size` bytes: inclusive bounds, null for the whole file. */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  // another unit, several ranges or nonsense: the whole file
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // a suffix: the last n bytes
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
