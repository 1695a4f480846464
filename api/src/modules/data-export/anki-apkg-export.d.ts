// The package ships no types: the part of its API the export uses.
declare module 'anki-apkg-export' {
  interface ApkgExporter {
    addCard(front: string, back: string, options?: { tags?: string[] }): void;
    addMedia(name: string, data: Buffer | Uint8Array): void;
    save(options: { type: 'nodebuffer' }): Promise<Buffer>;
  }
  type ApkgExporterClass = new (deckName: string) => ApkgExporter;
  const exporter: ApkgExporterClass | { default: ApkgExporterClass };
  export default exporter;
}
