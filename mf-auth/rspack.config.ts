import { createMfConfig } from '@mindpath/mf/create-config';

export default createMfConfig({
  name: 'auth',
  dir: import.meta.dirname,
  exposes: {
    './LandingPage': './src/features/landing/components/landing-page.tsx',
    './LoginPage': './src/features/login/components/login-page.tsx',
    './RegisterPage': './src/features/register/components/register-page.tsx',
    './PrivacyPolicyPage': './src/features/privacy-policy/components/privacy-policy-page.tsx',
    './AboutPage': './src/features/about/components/about-page.tsx',
    './ProfileTab': './src/features/settings/components/profile-tab.tsx',
    './AvatarTab': './src/features/settings/components/avatar-tab.tsx',
    './PrivacyTab': './src/features/settings/components/privacy-tab.tsx',
    './lifecycles': './src/lifecycles.tsx',
  },
});
