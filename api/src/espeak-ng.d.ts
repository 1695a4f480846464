// espeak-ng (npm): eSpeak NG compiled to WASM by Emscripten; runs its command line on instantiation.
declare module 'espeak-ng' {
  interface ESpeakModule {
    FS: {
      readFile(path: string): Uint8Array;
      writeFile(path: string, data: string | Uint8Array): void;
    };
  }
  interface ESpeakOptions {
    arguments: string[];
    preRun?: ((module: ESpeakModule) => void)[];
    print?: (text: string) => void;
    printErr?: (text: string) => void;
  }
  export default function ESpeakNg(options: ESpeakOptions): Promise<ESpeakModule>;
}
