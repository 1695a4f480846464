// Sizes as a learner reads them, the same wherever a file or the storage it takes is shown.
const KB = 1024;
const MB = 1024 * KB;

/** "820 B", "12 KB", "1.4 MB": whole KB under a megabyte, one decimal above (none from 10 MB). */
export function sizeText(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / KB))} KB`;
  const mb = bytes / MB;
  return `${mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10} MB`;
}
