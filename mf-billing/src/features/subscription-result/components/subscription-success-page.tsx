import { EmptyState, PageFrame } from '@mindpath/ui/page-frame';

export default function SubscriptionSuccessPage() {
  return (
    <PageFrame title="Subscription">
      <EmptyState title="Payment confirmation is not available yet">
        Checkout confirmation arrives with the billing feature.
      </EmptyState>
    </PageFrame>
  );
}
