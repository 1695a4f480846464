import { PrivacyTab } from '../features/settings/components/privacy-tab.tsx';

/** Exposed as 'auth/PrivacyTab' (shared/contracts/src/remotes.ts). */
export default function PrivacyTabRemote() {
  return <PrivacyTab />;
}
