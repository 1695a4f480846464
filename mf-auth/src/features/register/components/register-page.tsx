import { isStrongPassword, RegisterRequestSchema } from '@mindpath/contracts/auth';
import { SUBSCRIPTION_MESSAGES } from '@mindpath/contracts/subscriptions-constants';
import { bus } from '@mindpath/events';
import { checkoutFailureMessage, startCheckout } from '@mindpath/sdk/checkout';
import { useRegister } from '@mindpath/sdk/hooks';
import { sessionStore } from '@mindpath/sdk/local-store';
import { Button } from '@mindpath/ui/button';
import { Checkbox } from '@mindpath/ui/checkbox';
import { Notification } from '@mindpath/ui/notification';
import { PasswordField } from '@mindpath/ui/password-field';
import { TextField } from '@mindpath/ui/text-field';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthDialog, authFormStyles as styles } from '../../auth-dialog/index.ts';
import { useTimedMessage } from '../hooks/use-timed-message.ts';
import {
  DUPLICATE_NOTICE_MS,
  registerFailure,
  TERMS_REQUIRED_MESSAGE,
} from '../utils/register-error-message.ts';
import { PasswordStrength } from './password-strength.tsx';

export type SelectedPlan = 'free' | 'pro';

const planFrom = (value: string | null): SelectedPlan | null =>
  value === 'free' || value === 'pro' ? value : null;

/**
 * A registration that came from the Pro button goes on to checkout (spec 1 §2 plan=pro). The guard has moved
 * the new learner on to /goals as the token was stored, so a failure is told by a toast there.
 */
async function continueToCheckout(): Promise<void> {
  const outcome = await startCheckout();
  if (outcome.kind === 'redirected') return;
  bus.emit('toast', {
    message: checkoutFailureMessage(outcome, 'upgrade') ?? SUBSCRIPTION_MESSAGES.upgradeFailed,
    kind: 'error',
  });
}

/** /register (spec 1 §2): idle → submitting → /goals (with the from-registration flag), or an error. */
export function RegisterPage() {
  const navigate = useNavigate();
  const register = useRegister();
  const [searchParams] = useSearchParams();
  // ?plan=free|pro from the plan cards; pro goes on to checkout once the account is made
  const [plan] = useState<SelectedPlan | null>(() => planFrom(searchParams.get('plan')));
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [showPasswordIssues, setShowPasswordIssues] = useState(false);
  const duplicate = useTimedMessage(DUPLICATE_NOTICE_MS);
  const submitting = register.isPending;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (!agreed) {
      setError(TERMS_REQUIRED_MESSAGE);
      return;
    }
    const parsed = RegisterRequestSchema.safeParse({ username, email, password });
    if (!parsed.success) {
      setShowPasswordIssues(!isStrongPassword(password));
      setError(parsed.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    setError(null);
    setShowPasswordIssues(false);
    duplicate.hide();
    // Set before the token is stored: storing it raises auth-change, and the shell's guard, seeing a
    // logged-in learner at /register, reads this flag to send them on to /goals rather than /home.
    sessionStore.set('fromRegistration', true);
    try {
      await register.mutateAsync(parsed.data);
    } catch (err) {
      sessionStore.remove('fromRegistration');
      const failure = registerFailure(err);
      if (failure.kind === 'duplicate-email') duplicate.show(failure.message);
      else setError(failure.message);
      return;
    }
    if (plan === 'pro') {
      await continueToCheckout();
      return;
    }
    navigate('/goals');
  }

  return (
    <AuthDialog
      title="Create your account"
      description="Set a goal and get an AI-generated roadmap in minutes."
    >
      <form
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-busy={submitting || undefined}
        data-plan={plan ?? undefined}
      >
        {plan ? (
          <span className={styles.chip}>{plan === 'pro' ? 'Professional plan' : 'Basic plan'} selected</span>
        ) : null}
        {duplicate.message ? (
          <Notification kind="warning" onDismiss={duplicate.hide}>
            {duplicate.message}
          </Notification>
        ) : null}
        {error ? <Notification kind="error">{error}</Notification> : null}
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          placeholder="How should we call you?"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          maxLength={50}
          autoFocus
          required
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          placeholder="Create a strong password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={<PasswordStrength password={password} showIssues={showPasswordIssues} />}
          required
        />
        <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} name="terms">
          I agree to the{' '}
          <a href="/privacy-policy" target="_blank" rel="noreferrer">
            Terms &amp; Conditions
          </a>
        </Checkbox>
        <Button type="submit" size="lg" fullWidth loading={submitting} disabled={!agreed}>
          {submitting ? 'Creating account…' : 'Create account'}
        </Button>
        <p className={styles.switch}>
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      </form>
    </AuthDialog>
  );
}

/** Default export as well: the federation exposes map and lifecycles import this file directly. */
export default RegisterPage;
