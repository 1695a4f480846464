// The package ships no types: the part of its API the export uses. Its index.js is never loaded: it loads
// sql.js 0.5, which installs process-wide uncaughtException and unhandledRejection handlers (the latter exits).
// Its files are CommonJS with `exports.default`: imported, the module object is the default.
declare module 'anki-apkg-export/dist/exporter.js' {
  export interface ExporterOptions {
    template: string;
    /** sql.js's module, or anything with its Database */
    sql: { Database: new () => unknown };
  }
  export class Exporter {
    constructor(deckName: string, options: ExporterOptions);
    readonly db: { export(): Uint8Array };
    addCard(front: string, back: string, options?: { tags?: string[] }): void;
    save(options: { type: 'nodebuffer' }): Promise<Buffer>;
  }
  const module: { default: typeof Exporter };
  export default module;
}

declare module 'anki-apkg-export/dist/template.js' {
  /** The collection's SQL, with the card's question and answer formats (defaults: {{Front}}, {{Back}}). */
  function createTemplate(options?: { questionFormat?: string; answerFormat?: string }): string;
  const module: { default: typeof createTemplate };
  export default module;
}
