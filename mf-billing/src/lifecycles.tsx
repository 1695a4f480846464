import { createLifecycles, pageRoutes } from '@mindpath/mf/lifecycles';
import PricingPage from './features/pricing-page/components/pricing-page.tsx';
import SubscriptionCancelPage from './features/subscription-result/components/subscription-cancel-page.tsx';
import SubscriptionSuccessPage from './features/subscription-result/components/subscription-success-page.tsx';
import SubscriptionTab from './features/subscription-settings/components/subscription-tab.tsx';

/** single-spa lifecycles of mf-billing: its pages in a MemoryRouter, for the standalone page and tests. */
export const lifecycles = createLifecycles({
  name: 'billing',
  defaultPath: '/subscription/success',
  routes: [
    ...pageRoutes('billing', {
      PricingPage: <PricingPage />,
      SubscriptionSuccessPage: <SubscriptionSuccessPage />,
      SubscriptionCancelPage: <SubscriptionCancelPage />,
    }),
    // a slot of the shell's /settings
    { path: '/settings', element: <SubscriptionTab /> },
  ],
});

export const { bootstrap, mount, unmount } = lifecycles;
