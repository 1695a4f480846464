import { AvatarTab } from '../features/settings/components/avatar-tab.tsx';

/** Exposed as 'auth/AvatarTab' (shared/contracts/src/remotes.ts). */
export default function AvatarTabRemote() {
  return <AvatarTab />;
}
