import { ProfileTab } from '../features/settings/components/profile-tab.tsx';

/** Exposed as 'auth/ProfileTab' (shared/contracts/src/remotes.ts). */
export default function ProfileTabRemote() {
  return <ProfileTab />;
}
