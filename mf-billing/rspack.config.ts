import { createMfConfig } from '@mindpath/mf/create-config';

export default createMfConfig({
  name: 'billing',
  dir: import.meta.dirname,
  exposes: {
    './SubscriptionSuccessPage':
      './src/features/subscription-result/components/subscription-success-page.tsx',
    './SubscriptionCancelPage': './src/features/subscription-result/components/subscription-cancel-page.tsx',
    './SubscriptionTab': './src/features/subscription-settings/components/subscription-tab.tsx',
    './PlanCards': './src/features/plans/components/plan-cards.tsx',
    './PricingPage': './src/features/pricing-page/components/pricing-page.tsx',
    './lifecycles': './src/lifecycles.tsx',
  },
});
