import { createLifecycles, pageRoutes } from '@mindpath/mf/lifecycles';
import AboutPage from './features/about/components/about-page.tsx';
import LandingPage from './features/landing/components/landing-page.tsx';
import LoginPage from './features/login/components/login-page.tsx';
import PrivacyPolicyPage from './features/privacy-policy/components/privacy-policy-page.tsx';
import RegisterPage from './features/register/components/register-page.tsx';
import AvatarTab from './features/settings/components/avatar-tab.tsx';
import PrivacyTab from './features/settings/components/privacy-tab.tsx';
import ProfileTab from './features/settings/components/profile-tab.tsx';

/** single-spa lifecycles of mf-auth: its pages in a MemoryRouter, for the standalone page and tests. */
export const lifecycles = createLifecycles({
  name: 'auth',
  defaultPath: '/',
  routes: [
    ...pageRoutes('auth', {
      LandingPage: <LandingPage />,
      LoginPage: <LoginPage />,
      RegisterPage: <RegisterPage />,
      PrivacyPolicyPage: <PrivacyPolicyPage />,
      AboutPage: <AboutPage />,
    }),
    // the settings tabs are slots of the shell's /settings, at paths of their own here
    { path: '/settings/profile', element: <ProfileTab /> },
    { path: '/settings/avatar', element: <AvatarTab /> },
    { path: '/settings/privacy', element: <PrivacyTab /> },
  ],
});

export const { bootstrap, mount, unmount } = lifecycles;
