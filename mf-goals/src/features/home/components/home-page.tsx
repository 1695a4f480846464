import { EmptyState, PageFrame } from '@mindpath/ui/page-frame';

export default function HomePage() {
  return (
    <PageFrame title="Home" intro="Your learning at a glance.">
      <EmptyState title="Your dashboard is on its way">
        Your active goal, progress and next lesson will appear here once the home dashboard feature arrives.
      </EmptyState>
    </PageFrame>
  );
}
