import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The API package's version, reported by /api/health and the OpenAPI document. */
export const version: string = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'),
).version;
