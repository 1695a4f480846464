import { USERNAME_MAX } from '@mindpath/contracts/auth';
import { bus } from '@mindpath/events';
import { useUser } from '@mindpath/sdk/hooks';
import { localStore } from '@mindpath/sdk/local-store';
import { Button } from '@mindpath/ui/button';
import { Notification } from '@mindpath/ui/notification';
import { TextField } from '@mindpath/ui/text-field';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import styles from './settings.module.css';
import { SettingsSection } from './settings-section.tsx';

/** Spec 2 §4 (settings feedback): saving shows a simulated 1-second delay; the message clears after 3 s. */
export const PROFILE_SAVE_DELAY_MS = 1000;
export const PROFILE_SAVED_MESSAGE = 'Profile saved';

/**
 * Settings → Profile (spec 2 §5): the email is read-only; the username is kept locally only, defaulting to
 * the server's username.
 */
export function ProfileTab() {
  const user = useUser();
  const [stored, setStored] = useState(() => localStore.get('username'));
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const current = stored ?? user.data?.username ?? '';
  const value = draft ?? current;
  const dirty = value.trim() !== current;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const username = value.trim();
    if (!username) {
      setError('Username is required');
      return;
    }
    setError(null);
    setSaving(true);
    timer.current = setTimeout(() => {
      localStore.set('username', username);
      setStored(username);
      setDraft(null);
      setSaving(false);
      bus.emit('toast', { message: PROFILE_SAVED_MESSAGE, kind: 'success', durationMs: 3000 });
    }, PROFILE_SAVE_DELAY_MS);
  }

  return (
    <SettingsSection
      title="Profile"
      description="How you appear in Mindpath. Your username is kept on this device."
    >
      {user.isError ? (
        <Notification kind="error">We could not load your account details.</Notification>
      ) : null}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          value={user.data?.email ?? ''}
          placeholder={user.isLoading ? 'Loading…' : ''}
          readOnly
          hint="Your email cannot be changed."
        />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={value}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          maxLength={USERNAME_MAX}
          error={error ?? undefined}
          hint={
            stored && user.data && stored !== user.data.username
              ? `Account username: ${user.data.username}`
              : undefined
          }
        />
        <div className={styles.actions}>
          <Button type="submit" loading={saving} disabled={!dirty}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}

/** Default export as well: the federation exposes map and lifecycles import this file directly. */
export default ProfileTab;
