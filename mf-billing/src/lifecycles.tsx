import { createLifecycles } from '@mindpath/mf/lifecycles';
import SubscriptionCancelPage from './features/subscription-result/components/subscription-cancel-page.tsx';
import SubscriptionSuccessPage from './features/subscription-result/components/subscription-success-page.tsx';

/** single-spa lifecycles of mf-billing: its pages in a MemoryRouter, for the standalone page and tests. */
export const lifecycles = createLifecycles({
  name: 'billing',
  defaultPath: '/subscription/success',
  routes: [
    { path: '/subscription/success', element: <SubscriptionSuccessPage /> },
    { path: '/subscription/cancel', element: <SubscriptionCancelPage /> },
  ],
});

export const { bootstrap, mount, unmount } = lifecycles;
