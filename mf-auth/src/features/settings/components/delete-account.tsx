import { ACCOUNT_MESSAGES } from '@mindpath/contracts/account';
import { useDeleteAccount } from '@mindpath/sdk/account-hooks';
import { ApiRequestError } from '@mindpath/sdk/errors';
import { logout } from '@mindpath/sdk/session';
import { Button } from '@mindpath/ui/button';
import { Modal } from '@mindpath/ui/modal';
import { Notification } from '@mindpath/ui/notification';
import { PasswordField } from '@mindpath/ui/password-field';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PRIVACY_FACTS } from '../../privacy-policy/index.ts';
import styles from './delete-account.module.css';
import { SettingsSection } from './settings-section.tsx';

/** The landing page, which confirms the deletion when it is opened at this address. */
export const ACCOUNT_DELETED_PATH = '/?account=deleted';

const FALLBACK = 'Your account could not be deleted just now. Please try again.';

/** What goes: everything the learner made or that was made for them. */
const GOES = [
  'Your account: email, username and password',
  'Your goals, assessments, roadmaps and lessons, with their earlier versions',
  'Your AI chats, notes and their connections',
  'Your review cards and their history, focus sessions and timer settings',
  'Material you added to goals, and the images and audio made for you',
  'Your data downloads and shared roadmap links',
] as const;

function deletionError(err: unknown): string {
  // the server's refusals are in the learner's words (wrong password, the payment service unreachable)
  if (err instanceof ApiRequestError && err.status < 500 && err.message) return err.message;
  if (err instanceof ApiRequestError && err.status === 502 && err.message) return err.message;
  return FALLBACK;
}

/** Settings → Privacy: delete the account for good, confirmed by the password in a dialog. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const client = useQueryClient();

  function close() {
    if (remove.isPending) return;
    setOpen(false);
    setPassword('');
    setError(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (remove.isPending) return;
    if (!password) {
      setError(ACCOUNT_MESSAGES.passwordRequired);
      return;
    }
    setError(null);
    try {
      await remove.mutateAsync(password);
    } catch (err) {
      setError(deletionError(err));
      return;
    }
    // a fresh load of the landing page, which confirms it: nothing of the learner stays in this page's memory,
    // and the guards (which would send a signed-out settings page to /login) are not asked in between
    window.location.replace(ACCOUNT_DELETED_PATH);
    logout(client);
  }

  return (
    <SettingsSection
      title="Delete my account"
      description="Removes your account and everything in it for good. If you want a copy, download your data first."
    >
      <div className={styles.actions}>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </div>
      <Modal
        open={open}
        onClose={close}
        role="alertdialog"
        size="md"
        title="Delete your account?"
        description="This cannot be undone."
      >
        <form
          className={styles.form}
          onSubmit={onSubmit}
          noValidate
          aria-busy={remove.isPending || undefined}
        >
          <div className={styles.lists}>
            <div>
              <h3 className={styles.heading}>What is deleted</h3>
              <ul className={styles.list}>
                {GOES.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
              <p className={styles.note}>
                A Pro subscription is cancelled at once: you will not be charged again.
              </p>
            </div>
            <div>
              <h3 className={styles.heading}>What is kept</h3>
              <p className={styles.note}>
                The records of your payments that tax law requires — amount, date and invoice number, without
                your card details or your name — kept {PRIVACY_FACTS.paymentRecords}.
              </p>
            </div>
          </div>
          {error ? <Notification kind="error">{error}</Notification> : null}
          <PasswordField
            label="Your password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
          <div className={styles.footer}>
            <Button type="button" variant="ghost" onClick={close} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={remove.isPending}>
              {remove.isPending ? 'Deleting…' : 'Delete my account'}
            </Button>
          </div>
        </form>
      </Modal>
    </SettingsSection>
  );
}
