// Lesson audio: the lesson read aloud. eSpeak NG compiled to WASM (npm `espeak-ng`, no native binary, no
// network) speaks it into a WAV by default; an OpenAI-compatible speech API (POST /audio/speech) into an MP3
// when AI_TTS_MODEL is configured.

import { IMAGE_PLACEHOLDER_RE } from '@mindpath/contracts/ai';
import type { Config } from '../../config.ts';
import { runInWorker } from '../../lib/worker-once.ts';

export const ESPEAK_VOICE = 'en-us';
export const ESPEAK_WORDS_PER_MINUTE = 165;
const TTS_TIMEOUT_MS = 60_000;
/** OpenAI's speech endpoint takes up to 4,096 characters per call */
const TTS_CHUNK_CHARS = 3_800;
const MAX_AUDIO_BYTES = 100 * 1024 * 1024;

/** What a listener hears of a lesson's Markdown: its prose, with code and formulas pointed to, not read out. */
export function lessonSpeechText(title: string, markdown: string): string {
  const text = markdown
    .replace(/\r\n?/g, '\n')
    .replace(/^\s*(```|~~~)[\s\S]*?^\s*\1[^\n]*$/gm, '\nThe code example is shown on the page.\n')
    .replace(/\$\$[\s\S]+?\$\$/g, '\nThe formula is shown on the page.\n')
    .replace(new RegExp(IMAGE_PLACEHOLDER_RE.source, 'g'), '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/\$([^$\n]+)\$/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/(\*\*|__|\*|_|~~)(?=\S)([^\n]*?\S)\1/g, '$2')
    .split('\n')
    .map((line) => {
      const heading = /^\s*#{1,6}\s+(.*)$/.exec(line);
      // a heading is read as a sentence of its own
      if (heading) return `${heading[1]!.trim().replace(/[.:]?$/, '.')}`;
      return line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').replace(/^\s*>\s?/, '');
    })
    .join('\n')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const spokenTitle = title.trim().replace(/[.:]?$/, '.');
  return text.toLowerCase().startsWith(title.trim().toLowerCase()) ? text : `${spokenTitle}\n\n${text}`;
}

/** One synthesis at a time: each takes a WASM instance of ~200 MB. */
let queue: Promise<unknown> = Promise.resolve();

/** The text spoken by eSpeak NG in a worker thread, as a 16-bit mono WAV. */
export function espeakWav(text: string): Promise<Buffer> {
  const run = async () => {
    const wav = await runInWorker<Uint8Array>(new URL('./espeak-worker.ts', import.meta.url), {
      text,
      voice: ESPEAK_VOICE,
      wordsPerMinute: ESPEAK_WORDS_PER_MINUTE,
    }).catch((err: Error) => {
      throw new Error(`eSpeak NG failed: ${err.message}`);
    });
    if (wav.length <= 44) throw new Error('eSpeak NG failed: no audio');
    return Buffer.from(wav);
  };
  const out = queue.then(run, run);
  queue = out.catch(() => {});
  return out;
}

/** Splits text at paragraph, then sentence, boundaries into pieces of at most `max` characters. */
export function chunkText(text: string, max = TTS_CHUNK_CHARS): string[] {
  const pieces = text.split(/(?<=[.!?])\s+|\n{2,}/).filter((p) => p.trim());
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    for (let i = 0; i < piece.length; i += max) {
      const part = piece.slice(i, i + max);
      if (current && current.length + part.length + 1 > max) {
        chunks.push(current);
        current = '';
      }
      current = current ? `${current} ${part}` : part;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}

const isMp3 = (b: Buffer) =>
  b.subarray(0, 3).toString('latin1') === 'ID3' || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0);

/** The text spoken by a speech API, as one MP3 (MP3 frames of consecutive answers play as one file). */
export async function speechApiMp3(tts: NonNullable<Config['tts']>, text: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for (const input of chunkText(text)) {
    const res = await fetch(`${tts.baseUrl}/audio/speech`, {
      method: 'POST',
      signal: AbortSignal.timeout(TTS_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        ...(tts.apiKey ? { authorization: `Bearer ${tts.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: tts.model, voice: tts.voice, input, response_format: 'mp3' }),
    });
    if (!res.ok) throw new Error(`speech API answered ${res.status}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    if (!isMp3(bytes)) throw new Error('speech API answered no MP3');
    size += bytes.length;
    if (size > MAX_AUDIO_BYTES) throw new Error('audio too large');
    parts.push(bytes);
  }
  if (parts.length === 0) throw new Error('nothing to speak');
  return Buffer.concat(parts);
}
