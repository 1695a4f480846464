/**
 * The server may answer PascalCase or camelCase (spec 1 §3): turn every object key's first letter lower-case,
 * deeply, before validating with the contract schema. Keys of record-like maps (e.g. ids) are left alone
 * when they do not start with a letter.
 */
export function camelizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key.length > 0 ? key[0]!.toLowerCase() + key.slice(1) : key] = camelizeKeys(v);
  }
  return out;
}
