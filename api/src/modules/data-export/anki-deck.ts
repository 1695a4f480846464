// The review cards as an Anki package (.apkg), written by anki-apkg-export's Exporter over Node's own SQLite
// (node:sqlite) instead of the sql.js 0.5 the package bundles: that one has a fixed 16 MB heap its unfreed
// statements fill at about 700 cards, then aborts, and on load it installs process-wide handlers (an
// unhandled rejection exits the process). The Exporter takes the SQL engine as an option; this gives it the
// part of sql.js's API it calls, on a temporary file. The package's index.js (which loads sql.js) is not used.
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import exporterModule from 'anki-apkg-export/dist/exporter.js';
import templateModule from 'anki-apkg-export/dist/template.js';

/** A CommonJS file's `exports.default`: Node hands the module object, a bundler's interop the default itself. */
const cjsDefault = <T>(module: { default: T } | T): T =>
  typeof module === 'object' && module !== null && 'default' in module ? module.default : (module as T);
const Exporter = cjsDefault(exporterModule);
const createTemplate = cjsDefault(templateModule);

type Params = Record<string, SQLInputValue>;

/** sql.js's Database as the Exporter uses it: run, prepare(…).getAsObject, exec, export. */
class FileDatabase {
  readonly #path = join(tmpdir(), `mindpath-anki-${randomUUID()}.anki2`);
  readonly #db = new DatabaseSync(this.#path);

  constructor() {
    // a scratch file read once at the end: no journal, no waiting for the disk on each of its inserts
    this.#db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;');
  }

  /** The Exporter's one call: the collection's schema. */
  run(sql: string) {
    this.#db.exec(sql);
  }

  prepare(sql: string) {
    const statement = this.#db.prepare(sql);
    return { getAsObject: (params: Params = {}) => statement.get(params) ?? {} };
  }

  exec(sql: string) {
    const statement = this.#db.prepare(sql);
    const rows = statement.all();
    return [{ columns: statement.columns().map((c) => c.name), values: rows.map((r) => Object.values(r)) }];
  }

  /** The database file's bytes; the file is gone after. */
  export(): Uint8Array {
    this.#db.close();
    try {
      return readFileSync(this.#path);
    } finally {
      rmSync(this.#path, { force: true });
    }
  }
}

export interface AnkiCard {
  front: string;
  back: string;
  tags: string[];
}

/** An .apkg of one deck holding the cards (fields are HTML: the caller escapes learner text). */
export async function ankiPackage(deckName: string, cards: readonly AnkiCard[]): Promise<Uint8Array> {
  const deck = new Exporter(deckName, { template: createTemplate(), sql: { Database: FileDatabase } });
  try {
    for (const card of cards) deck.addCard(card.front, card.back, { tags: card.tags });
    return new Uint8Array(await deck.save({ type: 'nodebuffer' }));
  } finally {
    // a failed card leaves the file behind unless the database is closed and removed here
    try {
      deck.db.export();
    } catch {
      // already exported and removed by save()
    }
  }
}
