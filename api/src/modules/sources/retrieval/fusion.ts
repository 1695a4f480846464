// Reciprocal rank fusion: results of several searches (full text, embeddings) become one list without
// comparing their scores, which are on different scales. Each item scores Σ 1 / (k + rank) over the lists
// it appears in (rank from 1); k (60 by Cormack et al.) keeps one list's first place from outweighing
// agreement between lists.

/**
 * One list, best first. An item is known by `key`: found by several lists it is counted once per list and
 * kept as the first list gave it; a repeat within one list counts only at its best rank. Ties keep the order
 * of first appearance (earlier list, then higher rank).
 */
export function fuseByReciprocalRank<T>(lists: T[][], key: (t: T) => string, k = 60): T[] {
  if (!(k >= 0) || !Number.isFinite(k)) throw new RangeError('k must be a finite number ≥ 0');
  const fused = new Map<string, { item: T; score: number; first: number }>();
  let seen = 0;
  for (const list of lists) {
    const counted = new Set<string>();
    list.forEach((item, index) => {
      const id = key(item);
      if (counted.has(id)) return;
      counted.add(id);
      const contribution = 1 / (k + index + 1);
      const entry = fused.get(id);
      if (entry) entry.score += contribution;
      else fused.set(id, { item, score: contribution, first: seen++ });
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score || a.first - b.first).map((e) => e.item);
}
