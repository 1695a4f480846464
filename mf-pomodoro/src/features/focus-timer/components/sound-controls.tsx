import { AMBIENT_SOUNDS, type AmbientSound } from '@mindpath/contracts/pomodoro-constants';
import { Button } from '@mindpath/ui/button';
import styles from './focus-timer.module.css';

const NAMES: Record<AmbientSound, string> = { rain: 'Rain', forest: 'Forest' };

export interface SoundControlsProps {
  sound: AmbientSound;
  playing: boolean;
  volume: number;
  toggle: () => void;
  choose: (sound: AmbientSound) => void;
  changeVolume: (volume: number) => void;
}

/** Rain or forest, play or stop, and the volume (of the ambient sound; the beeps keep theirs). */
export function SoundControls({ sound, playing, volume, toggle, choose, changeVolume }: SoundControlsProps) {
  return (
    <fieldset className={styles.sound}>
      <legend className={styles.legend}>Ambient sound</legend>
      <div className={styles.soundRow}>
        {AMBIENT_SOUNDS.map((kind) => (
          <label key={kind} className={styles.choice}>
            <input
              type="radio"
              name="pomodoro-ambient"
              value={kind}
              checked={sound === kind}
              onChange={() => choose(kind)}
            />
            {NAMES[kind]}
          </label>
        ))}
        <Button size="sm" variant="secondary" onClick={toggle} aria-pressed={playing}>
          {playing ? 'Stop sound' : 'Play sound'}
        </Button>
      </div>
      <label className={styles.volume}>
        Volume
        <input
          type="range"
          min={0}
          max={100}
          step={5}
          value={Math.round(volume * 100)}
          onChange={(event) => changeVolume(Number(event.target.value) / 100)}
        />
      </label>
    </fieldset>
  );
}
