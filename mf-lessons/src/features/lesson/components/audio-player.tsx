import { useGenerateAudio, useLessonAudio } from '@mindpath/sdk/lessons-hooks';
import { Button } from '@mindpath/ui/button';
import { Notification } from '@mindpath/ui/notification';
import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { formatTime, randomBars, seekTime, WAVEFORM_SHUFFLE_MS } from '../utils/audio-time.ts';
import styles from './lesson.module.css';

/** the arrow keys on the waveform move this many seconds */
const KEY_SEEK_S = 5;

export const AUDIO_MESSAGES = {
  generateFailed: 'Failed to generate audio version of the lesson',
  loadFailed: 'Failed to load audio',
  generationFailed: 'Generation failed',
} as const;

/**
 * The lesson read aloud (spec 2 §4 Audio): none → Generate Audio Version → loading → playable, with play,
 * pause, a 60-bar waveform to seek by clicking (its bars shuffled every 3 s while playing) and the time.
 */
export function AudioPlayer({ lessonId }: { lessonId: string }) {
  const audio = useLessonAudio(lessonId);
  const generate = useGenerateAudio(lessonId);
  const url = audio.data?.audioUrl ?? null;

  return (
    <section className={`card ${styles.audio}`} aria-label="Audio version">
      {audio.isPending ? (
        <p className={styles.muted}>Loading audio…</p>
      ) : audio.isError ? (
        <Notification kind="error">{AUDIO_MESSAGES.loadFailed}</Notification>
      ) : url ? (
        <Player url={url} />
      ) : (
        <div className={styles.audioGenerate}>
          <Button variant="secondary" onClick={() => generate.mutate()} loading={generate.isPending}>
            {generate.isPending ? 'Generating audio…' : 'Generate Audio Version'}
          </Button>
          {generate.isError ? (
            <Notification kind="error" title={AUDIO_MESSAGES.generationFailed}>
              {AUDIO_MESSAGES.generateFailed}
            </Notification>
          ) : null}
        </div>
      )}
    </section>
  );
}

function Player({ url }: { url: string }) {
  const ref = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [failed, setFailed] = useState(false);
  const [bars, setBars] = useState(() => randomBars());

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setBars(randomBars()), WAVEFORM_SHUFFLE_MS);
    return () => clearInterval(timer);
  }, [playing]);

  const toggle = () => {
    const el = ref.current;
    if (!el) return;
    if (el.paused) el.play().catch(() => setFailed(true));
    else el.pause();
  };
  const seekTo = (seconds: number) => {
    const el = ref.current;
    if (!el) return;
    el.currentTime = seconds;
    setTime(el.currentTime);
  };
  const seek = (e: MouseEvent<HTMLButtonElement>) => {
    // Enter or Space on the waveform (a click at no position) is left to the arrow keys
    if (e.detail === 0 || !ref.current) return;
    const rect = e.currentTarget.getBoundingClientRect();
    seekTo(seekTime(e.clientX - rect.left, rect.width, ref.current.duration));
  };
  const step = (e: KeyboardEvent<HTMLButtonElement>) => {
    const el = ref.current;
    const delta = e.key === 'ArrowRight' ? KEY_SEEK_S : e.key === 'ArrowLeft' ? -KEY_SEEK_S : 0;
    if (!el || delta === 0) return;
    e.preventDefault();
    seekTo(Math.min(Math.max(0, el.currentTime + delta), el.duration || 0));
  };
  const progress = duration > 0 ? time / duration : 0;

  return (
    <div className={styles.player}>
      {/* biome-ignore lint/a11y/useMediaCaption: the lesson's text on this page is the transcript */}
      <audio
        ref={ref}
        src={url}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
        onError={() => setFailed(true)}
      />
      {failed ? (
        <Notification kind="error">{AUDIO_MESSAGES.loadFailed}</Notification>
      ) : (
        <>
          <Button
            variant="primary"
            className={styles.playButton}
            onClick={toggle}
            aria-label={playing ? 'Pause' : 'Play'}
          >
            {playing ? 'Pause' : 'Play'}
          </Button>
          <button
            type="button"
            className={styles.waveform}
            onClick={seek}
            onKeyDown={step}
            aria-label="Seek in the audio"
            data-playing={playing || undefined}
          >
            {bars.map((h, i) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: the bars are positions, not items
                key={i}
                className={styles.bar}
                data-played={i / bars.length < progress || undefined}
                style={{ height: `${Math.round(h * 100)}%` }}
              />
            ))}
          </button>
          <span className={styles.time} data-testid="audio-time">
            {formatTime(time)} / {formatTime(duration)}
          </span>
        </>
      )}
    </div>
  );
}
