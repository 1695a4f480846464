import { useCalendarFeed } from '@mindpath/sdk/schedule-hooks';
import { Button } from '@mindpath/ui/button';
import { TextField } from '@mindpath/ui/text-field';
import { useToast } from '@mindpath/ui/toast';
import styles from './settings.module.css';
import { SettingsSection } from './settings-section.tsx';

const FAILED = 'Failed to change the calendar feed. Please try again.';

/**
 * Settings → Privacy → Calendar feed: a secret link calendar apps subscribe to, showing the study sessions
 * planned by each goal's schedule. Whoever has the link sees them, so it can be renewed or turned off.
 */
export function CalendarFeed() {
  const { feed, change } = useCalendarFeed();
  const { show } = useToast();
  const url = feed.data?.url ?? null;
  const act = (action: 'renew' | 'revoke') =>
    change.mutate(action, { onError: () => show(FAILED, { kind: 'error' }) });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      show('Calendar link copied', { kind: 'success' });
    } catch {
      show('Select the link and copy it yourself.', { kind: 'info' });
    }
  };

  return (
    <SettingsSection
      title="Calendar feed"
      description="Subscribe in your calendar app to see the study sessions your schedules plan. Anyone with the link can see your session times and lesson titles: make a new link or turn it off at any time."
    >
      {url ? (
        <>
          <TextField label="Calendar link" value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => void copy()}>
              Copy link
            </Button>
            <Button
              variant="secondary"
              loading={change.isPending && change.variables === 'renew'}
              onClick={() => act('renew')}
            >
              Make a new link
            </Button>
            <Button
              variant="ghost"
              loading={change.isPending && change.variables === 'revoke'}
              onClick={() => act('revoke')}
            >
              Turn off
            </Button>
          </div>
        </>
      ) : (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            loading={change.isPending || feed.isPending}
            onClick={() => act('renew')}
          >
            Turn on calendar feed
          </Button>
        </div>
      )}
    </SettingsSection>
  );
}
