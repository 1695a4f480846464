import { localStore } from '@mindpath/sdk/local-store';
import { useState } from 'react';
import { AVATAR_THEMES, type AvatarThemeId, avatarTheme } from '../utils/avatar-themes.ts';
import { AvatarEmblem } from './avatar-emblem.tsx';
import styles from './settings.module.css';
import { SettingsSection } from './settings-section.tsx';

/** Settings → Avatar: ten themes (lotr by default), chosen with a radio group and kept in localStore 'userAvatar' (spec 2 §3). */
export function AvatarTab() {
  const [selected, setSelected] = useState<AvatarThemeId>(() => avatarTheme(localStore.get('userAvatar')).id);
  const current = avatarTheme(selected);

  function choose(id: AvatarThemeId) {
    setSelected(id);
    localStore.set('userAvatar', id);
  }

  return (
    <SettingsSection title="Avatar" description="Pick the theme of your avatar. It is saved on this device.">
      <div className={styles.avatarPreview}>
        <AvatarEmblem theme={current} size={72} />
        <div>
          <p className={styles.avatarPreviewLabel}>Current avatar</p>
          <p className={styles.avatarPreviewName} aria-live="polite">
            {current.name}
          </p>
          <p className={styles.muted}>{current.tagline}</p>
        </div>
      </div>
      <fieldset className={styles.avatarGrid}>
        <legend className="visually-hidden">Avatar theme</legend>
        {AVATAR_THEMES.map((theme) => (
          <label
            key={theme.id}
            className={styles.avatarTile}
            data-selected={theme.id === selected ? '' : undefined}
          >
            <input
              type="radio"
              name="avatar-theme"
              value={theme.id}
              checked={theme.id === selected}
              onChange={() => choose(theme.id)}
              className="visually-hidden"
            />
            <AvatarEmblem theme={theme} />
            <span className={styles.avatarName}>{theme.name}</span>
            <span className={styles.check} aria-hidden="true">
              <svg
                viewBox="0 0 16 16"
                width="12"
                height="12"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.4"
                aria-hidden="true"
              >
                <path d="M3.5 8.5l3 3 6-7" />
              </svg>
            </span>
          </label>
        ))}
      </fieldset>
    </SettingsSection>
  );
}

/** Default export as well: the federation exposes map and lifecycles import this file directly. */
export default AvatarTab;
