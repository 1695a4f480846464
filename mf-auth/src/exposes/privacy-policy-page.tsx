import { PrivacyPolicyPage } from '../features/privacy-policy/components/privacy-policy-page.tsx';

/** Exposed as 'auth/PrivacyPolicyPage' (shared/contracts/src/remotes.ts). */
export default function PrivacyPolicyPageRemote() {
  return <PrivacyPolicyPage />;
}
