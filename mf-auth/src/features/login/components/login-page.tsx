import { bus } from '@mindpath/events';
import { useLogin } from '@mindpath/sdk/hooks';
import { localStore } from '@mindpath/sdk/local-store';
import { Button } from '@mindpath/ui/button';
import { Checkbox } from '@mindpath/ui/checkbox';
import { Notification } from '@mindpath/ui/notification';
import { PasswordField } from '@mindpath/ui/password-field';
import { TextField } from '@mindpath/ui/text-field';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthDialog, authFormStyles as styles } from '../../auth-dialog/index.ts';
import { loginErrorMessage } from '../utils/login-error-message.ts';
import { retentionKeptMessage } from '../utils/retention-kept-message.ts';
import { validateLogin } from '../utils/validate-login.ts';

/** /login (spec 1 §2): idle → submitting → /home, or an error message. */
export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(() => localStore.get('rememberMe') === true);
  const [error, setError] = useState<string | null>(null);
  const submitting = login.isPending;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const invalid = validateLogin({ email, password });
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    // the 30-day flag lives only in this browser (spec 1 §2, §9)
    if (rememberMe) localStore.set('rememberMe', true);
    else localStore.remove('rememberMe');
    let kept: string | undefined;
    try {
      kept = (await login.mutateAsync({ email: email.trim(), password })).retentionKept?.wasDueOn;
    } catch (err) {
      setError(loginErrorMessage(err));
      return;
    }
    // the shell's toasts outlive the navigation: long enough to read, once
    if (kept) bus.emit('toast', { message: retentionKeptMessage(kept), kind: 'info', durationMs: 20_000 });
    navigate('/home');
  }

  return (
    <AuthDialog title="Welcome back" description="Log in to pick up your learning path where you left it.">
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={submitting || undefined}>
        {error ? <Notification kind="error">{error}</Notification> : null}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
          required
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          placeholder="Your password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        <div className={styles.row}>
          <Checkbox checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} name="rememberMe">
            Remember me for 30 days
          </Checkbox>
          {/* Spec 1 §2: present, but triggers no action. */}
          <button type="button" className={styles.textButton}>
            Forgot password?
          </button>
        </div>
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {submitting ? 'Logging in…' : 'Log in'}
        </Button>
        <p className={styles.switch}>
          Don&apos;t have an account? <Link to="/register">Sign up</Link>
        </p>
      </form>
    </AuthDialog>
  );
}

/** Default export as well: the federation exposes map and lifecycles import this file directly. */
export default LoginPage;
