// @vitest-environment jsdom
import { renderPage } from '@mindpath/mf/render-page';
import { localStore } from '@mindpath/sdk/local-store';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, LESSON_ID } from '../../../test-utils/lessons.ts';
import { AudioPlayer } from './audio-player.tsx';

beforeEach(() => {
  localStorage.clear();
  localStore.set('token', 'jwt');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AudioPlayer', () => {
  it('generates the audio version, then plays, pauses and seeks by the 60-bar waveform', async () => {
    let generated = false;
    answerApi(({ method }) => {
      if (method === 'POST') {
        generated = true;
        return [200, { audioUrl: '/api/media/lesson.wav' }];
      }
      return [200, { audioUrl: null }];
    });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async function (
      this: HTMLMediaElement,
    ) {
      this.dispatchEvent(new Event('play'));
    });
    vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockReturnValue(true);
    renderPage(<AudioPlayer lessonId={LESSON_ID} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Generate Audio Version' }));
    expect(generated).toBe(true);

    const waveform = await screen.findByRole('button', { name: 'Seek in the audio' });
    expect(waveform.children).toHaveLength(60);
    const audio = document.querySelector('audio') as HTMLAudioElement;
    expect(audio.getAttribute('src')).toBe('/api/media/lesson.wav');
    Object.defineProperty(audio, 'duration', { value: 200, configurable: true });
    fireEvent.loadedMetadata(audio);
    expect(screen.getByTestId('audio-time').textContent).toBe('0:00 / 3:20');

    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(play).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();

    vi.spyOn(waveform, 'getBoundingClientRect').mockReturnValue({ left: 0, width: 400 } as DOMRect);
    fireEvent.click(waveform, { clientX: 100, detail: 1 });
    expect(audio.currentTime).toBe(50);
    expect(screen.getByTestId('audio-time').textContent).toBe('0:50 / 3:20');
    // keyboard: the arrows move 5 s, within the audio
    fireEvent.keyDown(waveform, { key: 'ArrowRight' });
    expect(audio.currentTime).toBe(55);
    fireEvent.keyDown(waveform, { key: 'ArrowLeft' });
    fireEvent.keyDown(waveform, { key: 'ArrowLeft' });
    expect(audio.currentTime).toBe(45);
  });

  it('says Generation failed when the audio cannot be made, and Failed to load audio when it cannot play', async () => {
    answerApi(({ method }) =>
      method === 'POST' ? [500, { message: 'espeak crashed' }] : [200, { audioUrl: null }],
    );
    renderPage(<AudioPlayer lessonId={LESSON_ID} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Generate Audio Version' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Generation failed');
    expect(alert.textContent).toContain('Failed to generate audio version of the lesson');
    cleanup();

    answerApi(() => [200, { audioUrl: '/api/media/missing.wav' }]);
    renderPage(<AudioPlayer lessonId={LESSON_ID} />);
    await screen.findByRole('button', { name: 'Play' });
    fireEvent.error(document.querySelector('audio') as HTMLAudioElement);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load audio');
  });
});
