import { LandingPage } from '../features/landing/components/landing-page.tsx';

/** Exposed as 'auth/LandingPage' (shared/contracts/src/remotes.ts). */
export default function LandingPageRemote() {
  return <LandingPage />;
}
