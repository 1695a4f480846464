import { LoginPage } from '../features/login/components/login-page.tsx';

/** Exposed as 'auth/LoginPage' (shared/contracts/src/remotes.ts). */
export default function LoginPageRemote() {
  return <LoginPage />;
}
