import { EmptyState, PageFrame } from '@mindpath/ui/page-frame';

export default function SubscriptionCancelPage() {
  return (
    <PageFrame title="Payment cancelled">
      <EmptyState title="No payment was made">Plans and checkout arrive with the billing feature.</EmptyState>
    </PageFrame>
  );
}
