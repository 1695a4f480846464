// Ambient sound and beeps for the widget: the choice, playing and volume kept locally (spec 2 §3). Sound
// starts only from a click or key press: a learner who left it playing hears it again at their first
// interaction with the page after a reload, never on load (autoplay rules).
import { AMBIENT_SOUNDS, type AmbientSound } from '@mindpath/contracts/pomodoro-constants';
import { localStore } from '@mindpath/sdk/local-store';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SoundPlayer } from '../sound/player.ts';

const storedSound = (): AmbientSound => {
  const value = localStore.get('pomodoroAmbientSound');
  return value && AMBIENT_SOUNDS.includes(value) ? value : 'rain';
};
const storedVolume = () => {
  const value = localStore.get('pomodoroVolume');
  return typeof value === 'number' && value >= 0 && value <= 1 ? value : 0.5;
};

export function useAmbientSound() {
  const player = useRef<SoundPlayer | null>(null);
  const [sound, setSound] = useState(storedSound);
  const [playing, setPlaying] = useState(false);
  const [volume, setVolume] = useState(storedVolume);
  const volumeNow = useRef(volume);
  volumeNow.current = volume;
  const playerOf = useCallback(() => {
    player.current ??= new SoundPlayer();
    player.current.setVolume(volumeNow.current);
    return player.current;
  }, []);

  useEffect(() => () => player.current?.close(), []);

  // left playing before a reload: resumes at the first gesture
  useEffect(() => {
    if (!localStore.get('pomodoroSoundPlaying')) return;
    const resume = () => {
      off();
      playerOf().playAmbient(storedSound());
      setPlaying(true);
    };
    const off = () => {
      window.removeEventListener('pointerdown', resume);
      window.removeEventListener('keydown', resume);
    };
    window.addEventListener('pointerdown', resume);
    window.addEventListener('keydown', resume);
    return off;
  }, [playerOf]);

  return {
    sound,
    playing,
    volume,
    toggle: () => {
      if (playing) player.current?.stopAmbient();
      else playerOf().playAmbient(sound);
      localStore.set('pomodoroSoundPlaying', !playing);
      setPlaying(!playing);
    },
    choose: (next: AmbientSound) => {
      localStore.set('pomodoroAmbientSound', next);
      setSound(next);
      if (playing) playerOf().playAmbient(next);
    },
    changeVolume: (next: number) => {
      localStore.set('pomodoroVolume', next);
      setVolume(next);
      player.current?.setVolume(next);
    },
    beep: () => playerOf().beep(),
  };
}
