import { RegisterPage } from '../features/register/components/register-page.tsx';

/** Exposed as 'auth/RegisterPage' (shared/contracts/src/remotes.ts). */
export default function RegisterPageRemote() {
  return <RegisterPage />;
}
