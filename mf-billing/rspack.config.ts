import { createMfConfig } from '@mindpath/mf/create-config';

export default createMfConfig({
  name: 'billing',
  dir: import.meta.dirname,
  exposes: {
    './SubscriptionSuccessPage':
      './src/features/subscription-result/components/subscription-success-page.tsx',
    './SubscriptionCancelPage': './src/features/subscription-result/components/subscription-cancel-page.tsx',
    './lifecycles': './src/lifecycles.tsx',
  },
});
