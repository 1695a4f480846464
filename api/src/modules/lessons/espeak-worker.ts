// A worker thread that speaks text with eSpeak NG (WASM) into a WAV: the synthesis is synchronous WASM work
// that would otherwise hold the API's event loop for the length of a lesson.
import { workerData } from 'node:worker_threads';
import ESpeakNg from 'espeak-ng';
import { answerParent } from '../../lib/worker-once.ts';

const { text, voice, wordsPerMinute } = workerData as { text: string; voice: string; wordsPerMinute: number };
await answerParent(async () => {
  // the text goes in as a file: no length limit of a command line, and no word taken for an option
  const espeak = await ESpeakNg({
    arguments: ['-v', voice, '-s', String(wordsPerMinute), '-w', '/tmp/out.wav', '-f', '/tmp/in.txt'],
    preRun: [(m) => m.FS.writeFile('/tmp/in.txt', text)],
    print: () => {},
    printErr: () => {},
  });
  return espeak.FS.readFile('/tmp/out.wav');
});
