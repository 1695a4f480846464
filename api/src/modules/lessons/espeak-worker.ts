// A worker thread that speaks text with eSpeak NG (WASM) into a WAV: the synthesis is synchronous WASM work
// that would otherwise hold the API's event loop for the length of a lesson.
import { parentPort, workerData } from 'node:worker_threads';
import ESpeakNg from 'espeak-ng';

const { text, voice, wordsPerMinute } = workerData as { text: string; voice: string; wordsPerMinute: number };
try {
  // the text goes in as a file: no length limit of a command line, and no word taken for an option
  const espeak = await ESpeakNg({
    arguments: ['-v', voice, '-s', String(wordsPerMinute), '-w', '/tmp/out.wav', '-f', '/tmp/in.txt'],
    preRun: [(m) => m.FS.writeFile('/tmp/in.txt', text)],
    print: () => {},
    printErr: () => {},
  });
  const wav = espeak.FS.readFile('/tmp/out.wav');
  parentPort?.postMessage({ wav });
} catch (err) {
  parentPort?.postMessage({ error: err instanceof Error ? err.message : String(err) });
}
