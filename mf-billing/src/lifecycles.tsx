import { createLifecycles } from '@mindpath/mf/lifecycles';
import PricingPage from './features/pricing-page/components/pricing-page.tsx';
import SubscriptionCancelPage from './features/subscription-result/components/subscription-cancel-page.tsx';
import SubscriptionSuccessPage from './features/subscription-result/components/subscription-success-page.tsx';
import SubscriptionTab from './features/subscription-settings/components/subscription-tab.tsx';

/** single-spa lifecycles of mf-billing: its pages in a MemoryRouter, for the standalone page and tests. */
export const lifecycles = createLifecycles({
  name: 'billing',
  defaultPath: '/subscription/success',
  routes: [
    { path: '/subscription/success', element: <SubscriptionSuccessPage /> },
    { path: '/subscription/cancel', element: <SubscriptionCancelPage /> },
    { path: '/settings', element: <SubscriptionTab /> },
    { path: '/pricing', element: <PricingPage /> },
  ],
});

export const { bootstrap, mount, unmount } = lifecycles;
